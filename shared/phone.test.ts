import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { canonicalPhone, formatPhone } from './phone';

/** Phones as people in Chile write and read them. */
describe('phone display', () => {
  test('a Chilean mobile is grouped +56 9 XXXX XXXX, whatever form it was typed in', () => {
    expect(formatPhone('+56912345678')).toBe('+56 9 1234 5678');
    for (const typed of ['+56 9 1234 5678', '912345678', '+56-9-1234-5678', '(9) 1234 5678']) {
      expect(formatPhone(canonicalPhone(typed))).toBe('+56 9 1234 5678');
    }
  });

  test('every Chilean mobile number reads back to its digits in the 1 + 4 + 4 grouping', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 99_999_999 }), (n) => {
        const subscriber = String(n).padStart(8, '0');
        const shown = formatPhone(`+569${subscriber}`);
        expect(shown).toBe(`+56 9 ${subscriber.slice(0, 4)} ${subscriber.slice(4)}`);
        // Shown and typed back, it is the same stored number.
        expect(canonicalPhone(shown)).toBe(`+569${subscriber}`);
      }),
    );
  });

  test('other numbers keep the international format; unknown ones stay as stored; empty shows the placeholder', () => {
    expect(formatPhone('+56223456789')).toBe('+56 2 2345 6789');
    expect(formatPhone('+14155552671')).toBe('+1 415 555 2671');
    expect(formatPhone('12345')).toBe('12345');
    expect(formatPhone(null)).toBe('-');
    expect(formatPhone('', '')).toBe('');
  });
});
