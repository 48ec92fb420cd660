import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { formatRut, isValidRut, normalizeRut, rutCheckDigit, rutSearchNeedle } from './rut';

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
    // As people write them: dots, spaces, no hyphen.
    ['12.345.678-5', true],
    ['77.308.533-1', true],
    ['12 345 678-5', true],
    ['123456785', true],
    ['12.345.678-4', false],
    ['12345678 5', true],
    ['12-345-678-5', false],
    ['0-0', false],
    ['', false],
  ])('%s → %s', (value, valid) => {
    expect(isValidRut(value)).toBe(valid);
  });

  test('normalises case, dots, spaces and leading zeros', () => {
    expect(normalizeRut('01000005-k')).toBe('1000005-K');
    expect(normalizeRut('77.308.533-1')).toBe('77308533-1');
    expect(normalizeRut(' 60.803.000-k ')).toBe('60803000-K');
    expect(normalizeRut('123456785')).toBe('12345678-5');
  });

  test('shows a RUT with thousands dots, from any written form', () => {
    expect(formatRut('77308533-1')).toBe('77.308.533-1');
    expect(formatRut('1000005-K')).toBe('1.000.005-K');
    expect(formatRut('123-4')).toBe('123-4');
    expect(formatRut(null)).toBe('-');
  });

  test('a search typed as a RUT becomes the stored form; other text is untouched', () => {
    expect(rutSearchNeedle('77.308.533-1')).toBe('77308533-1');
    expect(rutSearchNeedle('77.308')).toBe('77308');
    expect(rutSearchNeedle('60 803 000-k')).toBe('60803000-K');
    expect(rutSearchNeedle('Minera S.A.')).toBe('Minera S.A.');
    expect(rutSearchNeedle(undefined)).toBeUndefined();
  });
});
