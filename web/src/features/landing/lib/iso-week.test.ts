import { expect, test } from 'vitest';
import { heroIndexFor, isoWeek } from './iso-week';

test('ISO week numbers, year boundaries included', () => {
  expect(isoWeek(new Date(2026, 0, 1))).toBe(1); // Thursday 1 January 2026
  expect(isoWeek(new Date(2027, 0, 1))).toBe(53); // Friday: still week 53 of 2026
  expect(isoWeek(new Date(2027, 0, 4))).toBe(1); // Monday
  expect(isoWeek(new Date(2026, 10, 23))).toBe(48);
  expect(isoWeek(new Date(2024, 11, 30))).toBe(1); // Monday of week 1 of 2025
});

test('the hero image changes each week and cycles through all five', () => {
  const monday = new Date(2026, 0, 5);
  const indexes = Array.from({ length: 5 }, (_, week) =>
    heroIndexFor(new Date(monday.getFullYear(), monday.getMonth(), monday.getDate() + week * 7)),
  );
  expect(new Set(indexes).size).toBe(5);
  // Within one week (Monday to Sunday) it stays the same.
  expect(heroIndexFor(new Date(2026, 0, 11))).toBe(heroIndexFor(monday));
});
