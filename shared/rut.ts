/**
 * Chilean RUT, the one place for its rules ("Chilean input"). People write a RUT many ways: '77.308.533-1',
 * '77308533-1', '77 308 533-1', '12.345.678-k', even without the hyphen ('773085331'). Every form is accepted, stored
 * canonically ('77308533-1': digits, a hyphen, upper-case check digit, no leading zeros), shown with dots
 * ('77.308.533-1') and found by any of these forms. The check digit is computed modulo 11 with weights 2..7 from the
 * right (admin-area §5).
 */

/** The canonical form: 1 to 8 digits, a hyphen, and the check digit (a digit or K). */
export const RUT_PATTERN = /^(\d{1,8})-([\dK])$/;

/** Longest written form accepted ('12 . 345 . 678 - 5' is silly, but typed input is never cut, only refused). */
export const RUT_INPUT_MAX = 20;

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

/**
 * The canonical form of a RUT as written, or null when it is not one: dots and spaces dropped, K upper-cased, the
 * hyphen put back before the check digit when it was left out, leading zeros dropped.
 */
export function canonicalRut(value: string): string | null {
  if (value.length > RUT_INPUT_MAX) return null;
  const compact = value.replace(/[.\s]/g, '').toUpperCase();
  const hyphenated = compact.includes('-') ? compact : `${compact.slice(0, -1)}-${compact.slice(-1)}`;
  const match = /^(\d{1,9})-([\dK])$/.exec(hyphenated);
  if (!match) return null;
  const body = String(Number(match[1]));
  if (body.length > 8) return null;
  return `${body}-${match[2]}`;
}

/** True when the value, written in any accepted form, is a RUT with the right check digit. */
export function isValidRut(value: string): boolean {
  const canonical = canonicalRut(value);
  if (!canonical || canonical === '0-0') return false;
  const [, body, check] = RUT_PATTERN.exec(canonical) as unknown as [string, string, string];
  return rutCheckDigit(body) === check;
}

/** Canonical stored form ('77308533-1'); a value that is not a RUT comes back trimmed, unchanged otherwise. */
export function normalizeRut(value: string): string {
  return canonicalRut(value) ?? value.trim();
}

/** How a RUT is shown: with thousands dots ('77.308.533-1'); null or empty shows as the placeholder. */
export function formatRut(value: string | null | undefined, empty = '-'): string {
  if (!value) return empty;
  const canonical = canonicalRut(value);
  if (!canonical) return value;
  const [body = '', check = ''] = canonical.split('-');
  return `${body.replace(/\B(?=(\d{3})+(?!\d))/g, '.')}-${check}`;
}

/**
 * A search typed as a RUT or part of one ('77.308.533-1', '77.308', '12 345 678-k') becomes the form the lists store
 * (no dots or spaces, upper-case K), so it matches the canonical RUT in a listing entry; any other text is unchanged.
 */
export function rutSearchNeedle(search: string | undefined): string | undefined {
  if (!search) return search;
  const text = search.trim();
  if (!/^\d[\d.\s]*(-\s*[\dkK]?)?$/.test(text)) return search;
  return text.replace(/[.\s]/g, '').toUpperCase();
}
