import { parsePhoneNumberFromString } from 'libphonenumber-js/min';

/**
 * Phone numbers as people write them: '+56 9 1234 5678', '+56-9-1234-5678', '(2) 2345 6789'. Spaces,
 * hyphens, dots and parentheses are dropped; a number libphonenumber-js recognises (Chile by default) is stored in its
 * international E.164 form ('+56912345678'). A number with a country code must have that country's length; one without
 * keeps the spec's rule: digits only, up to 15 (admin-area §5).
 */
export const PHONE_INPUT_MAX = 30;
const SPEC_PHONE = /^\+?\d{1,15}$/;

/** What is left of a phone once the separators people type are dropped ('+56 9 1234-5678' → '+56912345678'). */
export const compactPhone = (value: string) => value.replace(/[\s().-]/g, '');

/** The stored form of a phone as typed, or null when it is not a phone. */
export function canonicalPhone(value: string): string | null {
  if (value.length > PHONE_INPUT_MAX) return null;
  const compact = compactPhone(value);
  if (!SPEC_PHONE.test(compact)) return null;
  const parsed = parsePhoneNumberFromString(compact, 'CL');
  if (parsed?.isPossible()) return parsed.number;
  // With a country code the length is known: '+56 9 1234' is refused rather than stored half-typed.
  return compact.startsWith('+') ? null : compact;
}

export const isValidPhone = (value: string) => canonicalPhone(value) !== null;

/**
 * How a stored phone is shown: a Chilean mobile as people in Chile write it, '+56 9 1234 5678' (the
 * library's metadata groups it '+56 912345678'); any other recognised number in the library's international format
 * ('+56 2 2345 6789', '+1 415 555 2671'); anything else as stored.
 */
export function formatPhone(value: string | null | undefined, empty = '-'): string {
  if (!value) return empty;
  const parsed = parsePhoneNumberFromString(value, 'CL');
  if (!parsed?.isPossible()) return value;
  const national = String(parsed.nationalNumber);
  if (parsed.countryCallingCode === '56' && /^9\d{8}$/.test(national)) {
    return `+56 9 ${national.slice(1, 5)} ${national.slice(5)}`;
  }
  return parsed.formatInternational();
}
