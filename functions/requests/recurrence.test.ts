import { describe, expect, it } from 'vitest';
import { COMMITTED_RULES } from '../../shared/tax-calendar/committed';
import { deadlineOf, firstPeriod, periodAfter, periodDates, type RulesOf } from './recurrence';

/**
 * The recurring requests' dates against the committed 2026 and 2027 calendars (shared/tax-calendar/committed.ts),
 * worked by hand: F29 on day 20 of the month after the period (electronic invoicers), moved past weekends and holidays;
 * F22 on 30 April; a year the data does not hold falls back to those days, moved past weekends only.
 */
const rules: RulesOf = async (year) => COMMITTED_RULES[year];
const monthly = { kind: 'MONTHLY_F29' as const, offset_days: -5, lead_days: 10 };

describe('deadlines', () => {
  it.each([
    // period, deadline: 2026-02-20 is a Friday; 2026-09-20 a Sunday (Monday 21); 2027-02-20 a Saturday (Monday 22);
    // 2027-03-20 a Saturday (Monday 22); 2026-12-20 a Sunday (Monday 21).
    ['2026-01', '2026-02-20'],
    ['2026-08', '2026-09-21'],
    ['2026-11', '2026-12-21'],
    ['2027-01', '2027-02-22'],
    ['2027-02', '2027-03-22'],
    // December's return is due in January of the next year.
    ['2026-12', '2027-01-20'],
  ])('F29 of %s is due %s', async (period, due) => {
    expect(await deadlineOf('MONTHLY_F29', period, rules)).toBe(due);
  });

  it('F22 of a tax year; a year without rules falls back to 30 April moved past the weekend', async () => {
    expect(await deadlineOf('ANNUAL_F22', '2027', rules)).toBe('2027-04-30');
    // 2028-04-30 is a Sunday.
    expect(await deadlineOf('ANNUAL_F22', '2028', rules)).toBe('2028-05-01');
    // 2029-01-20 is a Saturday.
    expect(await deadlineOf('MONTHLY_F29', '2028-12', rules)).toBe('2029-01-22');
  });

  it('due date and creation day from the offset and the lead', async () => {
    expect(await periodDates(monthly, '2027-01', rules)).toEqual({ due: '2027-02-17', createOn: '2027-02-07' });
    expect(await periodDates({ kind: 'ANNUAL_F22', offset_days: -10, lead_days: 20 }, '2027', rules)).toEqual({
      due: '2027-04-20',
      createOn: '2027-03-31',
    });
  });
});

describe('periods', () => {
  it('the next period: a month (across the year) or a tax year', () => {
    expect(periodAfter('MONTHLY_F29', '2026-12')).toBe('2027-01');
    expect(periodAfter('MONTHLY_F29', '2027-09')).toBe('2027-10');
    expect(periodAfter('ANNUAL_F22', '2027')).toBe('2028');
  });

  it('a new schedule starts with the first period not yet due, even when its creation day has passed', async () => {
    // On 2027-02-01: December 2026 was due 2027-01-15; January 2027 is due 2027-02-17 (made 2027-02-07).
    expect(await firstPeriod(monthly, '2027-02-01', rules)).toMatchObject({
      period: '2027-01',
      createOn: '2027-02-07',
    });
    // On 2027-02-10: January is still due on the 17th, made at once (its day has passed).
    expect(await firstPeriod(monthly, '2027-02-10', rules)).toMatchObject({ period: '2027-01', due: '2027-02-17' });
    // On 2027-02-18: February's.
    expect(await firstPeriod(monthly, '2027-02-18', rules)).toMatchObject({ period: '2027-02', due: '2027-03-17' });
    // In January: December's return, due in January.
    expect(await firstPeriod(monthly, '2027-01-02', rules)).toMatchObject({ period: '2026-12', due: '2027-01-15' });
    const annual = { kind: 'ANNUAL_F22' as const, offset_days: -5, lead_days: 10 };
    expect(await firstPeriod(annual, '2027-05-10', rules)).toMatchObject({ period: '2028' });
    expect(await firstPeriod(annual, '2027-03-01', rules)).toMatchObject({ period: '2027', due: '2027-04-25' });
  });
});
