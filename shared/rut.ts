/**
 * Chilean RUT: digits, a hyphen, and a check digit (0-9 or K) computed modulo 11 with weights 2..7 from the right.
 * The spec caps the whole value at 10 characters ("12345678-5").
 */
export const RUT_PATTERN = /^(\d{1,8})-([\dkK])$/;

export function rutCheckDigit(body: string): string {
  let sum = 0;
  let weight = 2;
  for (let i = body.length - 1; i >= 0; i--) {
    sum += Number(body[i]) * weight;
    weight = weight === 7 ? 2 : weight + 1;
  }
  const digit = 11 - (sum % 11);
  if (digit === 11) return '0';
  if (digit === 10) return 'K';
  return String(digit);
}

export function isValidRut(value: string): boolean {
  if (value.length > 10) return false;
  const match = RUT_PATTERN.exec(value);
  if (!match) return false;
  const [, body, check] = match as unknown as [string, string, string];
  return rutCheckDigit(body) === check.toUpperCase();
}

/** Canonical stored form: upper-case K, no leading zeros. */
export function normalizeRut(value: string): string {
  const [body = '', check = ''] = value.trim().split('-');
  return `${String(Number(body))}-${check.toUpperCase()}`;
}
