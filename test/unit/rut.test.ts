import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { isValidRut, normalizeRut, rutCheckDigit } from '../../shared/rut';

/**
 * An independent computation of the check digit, the way SII's documents describe it: multiply the digits, read
 * right to left, by the series 2,3,4,5,6,7,2,3,...; the digit is 11 minus the sum modulo 11, with 11 → 0 and 10 → K.
 */
function referenceCheckDigit(body: number): string {
  const series = [2, 3, 4, 5, 6, 7];
  const digits = String(body).split('').reverse().map(Number);
  const sum = digits.reduce((acc, digit, index) => acc + digit * (series[index % 6] as number), 0);
  return ['0', '1', '2', '3', '4', '5', '6', '7', '8', '9', 'K', '0'][11 - (sum % 11)] as string;
}

describe('RUT', () => {
  test('the check digit agrees with an independent computation for every body', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 99_999_999 }), (body) => {
        expect(rutCheckDigit(String(body))).toBe(referenceCheckDigit(body));
      }),
      { numRuns: 2000 },
    );
  });

  test('a RUT is valid exactly when its check digit is the computed one', () => {
    const checkChars = fc.constantFrom(...'0123456789kK'.split(''));
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 99_999_999 }), checkChars, (body, check) => {
        const expected = referenceCheckDigit(body) === check.toUpperCase();
        expect(isValidRut(`${body}-${check}`)).toBe(expected);
      }),
      { numRuns: 2000 },
    );
  });

  test.each([
    ['76123456-0', true],
    ['76123456-1', false],
    ['12345678-5', true],
    ['11111111-1', true],
    // SII's own RUT, as it publishes it: a K check digit, either case.
    ['60803000-K', true],
    ['60803000-k', true],
    ['60803000-1', false],
    ['10000013-K', true],
    ['12345678-k', false],
    ['1234567-4', true],
    ['123456789-2', false],
    ['12.345.678-5', false],
    ['12345678 5', false],
    ['', false],
  ])('%s → %s', (value, valid) => {
    expect(isValidRut(value)).toBe(valid);
  });

  test('normalises case and leading zeros', () => {
    expect(normalizeRut('01000005-k')).toBe('1000005-K');
  });
});
