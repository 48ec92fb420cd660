import { describe, expect, test } from 'vitest';
import { mentions } from '../helpers/fuzz-inputs';

// The fuzz file counts a changed item against a refused request when the item carries a value the request sent;
// other files write at the same time, and their numbers must not be taken for a sent code.
describe('mentions', () => {
  test('a sent code is found as a whole number, not inside another file’s amount or epoch second', () => {
    expect(mentions('{"code":"000000"}', '000000')).toBe(true);
    expect(mentions('{"debit":1000000,"credit":0}', '000000')).toBe(false);
    expect(mentions('{"expires_at":1764000000}', '000000')).toBe(false);
    expect(mentions('{"amount":"12000000"}', '000000')).toBe(false);
  });

  test('a text value is found anywhere in the item', () => {
    expect(mentions('{"name":"grupo fuzz 0001 spa"}', 'fuzz 0001')).toBe(true);
    expect(mentions('{"name":"otro grupo"}', 'fuzz 0001')).toBe(false);
  });
});
