import { describe, expect, test } from 'vitest';
import { hourAfter, hourBefore, noticeHour } from './message-notices';

describe('the notice periods', () => {
  test('a UTC hour names every instant within it, and steps cross days, months and years', () => {
    expect(noticeHour(Date.parse('2026-11-28T01:00:00.000Z'))).toBe('2026-11-28T01');
    expect(noticeHour(Date.parse('2026-11-28T01:59:59.999Z'))).toBe('2026-11-28T01');
    expect(noticeHour(Date.parse('2026-11-28T02:00:00.000Z'))).toBe('2026-11-28T02');
    expect(hourAfter('2026-11-28T23')).toBe('2026-11-29T00');
    expect(hourAfter('2026-12-31T23')).toBe('2027-01-01T00');
    expect(hourBefore('2026-03-01T00')).toBe('2026-02-28T23');
    // Hours sort as text in time order: the job compares them so.
    expect(['2026-11-28T10', '2026-11-28T09', '2026-11-27T23'].sort()).toEqual([
      '2026-11-27T23',
      '2026-11-28T09',
      '2026-11-28T10',
    ]);
  });
});
