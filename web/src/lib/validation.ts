import { es, fieldLabel } from '@shared/i18n/es';

/**
 * Inline checks of names and passwords (portal §5, admin §5), with the API's bounds (shared/contracts/users.ts,
 * fields.ts): used by registration, the password forms and the user edit form. Each returns the message or undefined.
 * E-mail, RUT and phone checks are in components/admin/validators.ts.
 */
const messages = es.personFields;

const NAME_PATTERN = /^\p{L}+( \p{L}+)*$/u;

export const NAME_LENGTH = { min: 3, max: 100 } as const;
export const PASSWORD_LENGTH = { min: 8, max: 100 } as const;

/** first_name, last_name: required, 3 to 100 letters (accents too) and single spaces. */
export function checkName(value: string, field: 'first_name' | 'last_name'): string | undefined {
  const name = value.trim();
  if (!name) return es.errors.field.required(fieldLabel(field));
  if (name.length < NAME_LENGTH.min || name.length > NAME_LENGTH.max) return messages.nameLength;
  if (!NAME_PATTERN.test(name)) return messages.nameFormat;
  return undefined;
}

/** 8 to 100 characters with an uppercase, a lowercase, a digit and a symbol. */
export function checkPassword(value: string): string | undefined {
  if (!value) return messages.passwordRequired;
  const ok =
    value.length >= PASSWORD_LENGTH.min &&
    value.length <= PASSWORD_LENGTH.max &&
    /[A-Z]/.test(value) &&
    /[a-z]/.test(value) &&
    /\d/.test(value) &&
    /[^A-Za-z0-9]/.test(value);
  return ok ? undefined : messages.passwordRules;
}

/** The confirmation equals the password ('Las contraseñas deben ser iguales'). */
export function checkConfirmation(password: string, confirmation: string): string | undefined {
  return confirmation === password ? undefined : messages.passwordsDiffer;
}
