import { describe, expect, it } from 'vitest';
import { formatAmount } from './format';
import { defaultPeriods, reportTypeOf, yearsOf } from './periods';

describe('statement viewer defaults (portal §4)', () => {
  const dates = [
    { year: 2025, month: 12 },
    { year: 2025, month: 11 },
    { year: 2024, month: 12 },
    { year: 2024, month: 1 },
  ];
  it('starts at the latest period; types 2 and 3 compare with the same month a year earlier', () => {
    expect(defaultPeriods(1, dates)).toEqual({ start: '2025-12', compare: '' });
    expect(defaultPeriods(2, dates)).toEqual({ start: '2025-12', compare: '2024-12' });
    expect(defaultPeriods(3, dates)).toEqual({ start: '2025-12', compare: '2024-12' });
    expect(defaultPeriods(4, dates)).toEqual({ start: '2025-12', compare: '' });
  });
  it('compares with nothing when the year-earlier month has no data, and has no period without dates', () => {
    expect(defaultPeriods(2, [{ year: 2025, month: 3 }])).toEqual({ start: '2025-03', compare: '' });
    expect(defaultPeriods(2, [])).toEqual({ start: '', compare: '' });
  });
  it('COMPARE only with a compare period; years latest first', () => {
    expect(reportTypeOf('')).toBe('SINGLE');
    expect(reportTypeOf('2024-12')).toBe('COMPARE');
    expect(yearsOf(dates)).toEqual([2025, 2024]);
  });
  it('formats in Chilean style', () => {
    expect(formatAmount(1190000, 'LOCAL')).toBe('1.190.000');
    expect(formatAmount(-1190.5, 'USD')).toBe('-1.190,50');
    expect(formatAmount(null, 'LOCAL')).toBe(' - ');
  });
});
