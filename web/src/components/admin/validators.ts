import { es } from '@shared/i18n/es';
import { isValidPhone } from '@shared/phone';
import { isValidRut } from '@shared/rut';
import { MAX_IMAGE_BYTES } from './constants';

/**
 * Inline field checks of the admin forms (admin-area §5). Each returns the Spanish message to show under the field,
 * or undefined when the value is fine. Empty values pass the format checks: whether a field is required is the form's
 * concern (its submit button stays disabled while a required field is empty).
 */
export type Validator<V = string> = (value: V) => string | undefined;

const EMAIL_MAX = 100;
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const URL_PATTERN = /^https?:\/\/[^\s/$.?#][^\s]*$/i;
const COLOR_PATTERN = /^#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6})$/;

/** True when a value counts as filled in (text with non-blank content, a non-empty list, a file). */
export function isFilled(value: unknown): boolean {
  if (value === null || value === undefined) return false;
  if (typeof value === 'string') return value.trim() !== '';
  if (Array.isArray(value)) return value.length > 0;
  return true;
}

/** RUT (society_rut, rut_user) as people write it, dots and spaces allowed, modulo-11 check digit (shared/rut.ts). */
export const validateRut: Validator = (value) => {
  const text = value.trim();
  if (text === '') return undefined;
  return isValidRut(text) ? undefined : es.validation.rut;
};

/** An http or https URL ('Debes ingresar una URL válida'). */
export const validateUrl: Validator = (value) => {
  const text = value.trim();
  if (text === '') return undefined;
  return URL_PATTERN.test(text) && text.length <= 200 ? undefined : es.validation.url;
};

/** An optional e-mail: format and length (admin-area §5). */
export const validateEmail: Validator = (value) => {
  const text = value.trim();
  if (text === '') return undefined;
  if (text.length > EMAIL_MAX) return es.validation.emailLength;
  return EMAIL_PATTERN.test(text) ? undefined : es.validation.emailFormat;
};

/** A required e-mail: 'El email es obligatorio.' when empty, then as validateEmail. */
export const validateRequiredEmail: Validator = (value) =>
  value.trim() === '' ? es.validation.emailRequired : validateEmail(value);

/** Phone as people write it ('+56 9 1234 5678'): an optional plus, then up to 15 digits (shared/phone.ts). */
export const validatePhone: Validator = (value) => {
  const text = value.trim();
  if (text === '') return undefined;
  return isValidPhone(text) ? undefined : es.validation.phone;
};

/** Text no longer than `max` characters. */
export const maxLength =
  (max: number): Validator =>
  (value) =>
    value.trim().length > max ? es.validation.tooLong(max) : undefined;

/** A colour as #rgb or #rrggbb. */
export const validateColor: Validator = (value) =>
  value.trim() === '' || COLOR_PATTERN.test(value.trim()) ? undefined : es.validation.color;

/** An image file of 2 MB at most (project logo, icon and image); no file passes. */
export const validateImage: Validator<File | null> = (file) => {
  if (!file) return undefined;
  return file.type.startsWith('image/') && file.size <= MAX_IMAGE_BYTES ? undefined : es.validation.image;
};

/** Runs validators in order and returns the first message. */
export function firstError<V>(value: V, ...validators: Array<Validator<V>>): string | undefined {
  for (const validate of validators) {
    const message = validate(value);
    if (message) return message;
  }
  return undefined;
}
