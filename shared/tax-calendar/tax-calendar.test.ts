import { describe, expect, it } from 'vitest';
import { COMMITTED_RULES } from './committed';
import { derivedHolidays, easter, juneSolstice, reformationDay, toMonday } from './holidays';
import { chileDay, DEFAULT_SETTINGS, nextBusinessDay, obligationsOf, stateOf, type TaxYearRules } from './rules';

const rules = (year: number) => COMMITTED_RULES[year] as TaxYearRules;

/** The F29 deadlines worked by hand from the published calendar (day 12 / day 20), by month of filing. */
const F29_BY_HAND: Record<number, Array<[string, string]>> = {
  2026: [
    ['01-12', '01-20'],
    ['02-12', '02-20'],
    ['03-12', '03-20'],
    ['04-13', '04-20'],
    ['05-12', '05-20'],
    ['06-12', '06-22'],
    ['07-13', '07-20'],
    ['08-12', '08-20'],
    ['09-14', '09-21'],
    ['10-13', '10-20'],
    ['11-12', '11-20'],
    ['12-14', '12-21'],
  ],
  2027: [
    ['01-12', '01-20'],
    ['02-12', '02-22'],
    ['03-12', '03-22'],
    ['04-12', '04-20'],
    ['05-12', '05-20'],
    ['06-14', '06-22'],
    ['07-12', '07-20'],
    ['08-12', '08-20'],
    ['09-13', '09-20'],
    ['10-12', '10-20'],
    ['11-12', '11-22'],
    ['12-13', '12-20'],
  ],
};

describe('F29 deadlines', () => {
  for (const year of [2026, 2027]) {
    const table = F29_BY_HAND[year] ?? [];
    it(`${year}: day 12 (paper) matches the hand-worked table`, () => {
      const f29 = obligationsOf(rules(year), { ...DEFAULT_SETTINGS, f29_online: false }).filter(
        (o) => o.form === 'F29',
      );
      expect(f29.map((o) => o.due)).toEqual(table.map(([paper]) => `${year}-${paper}`));
    });
    it(`${year}: day 20 (online e-invoicer) matches the hand-worked table`, () => {
      const f29 = obligationsOf(rules(year), DEFAULT_SETTINGS).filter((o) => o.form === 'F29');
      expect(f29.map((o) => o.due)).toEqual(table.map(([, online]) => `${year}-${online}`));
    });
  }

  it('names the month taxed: the deadline in January is December of the year before', () => {
    const [first, , , , , , , , , , , last] = obligationsOf(rules(2026), DEFAULT_SETTINGS).filter(
      (o) => o.form === 'F29',
    );
    expect(first).toMatchObject({ id: 'F29#2025-12', period: '2025-12', nominal: '2026-01-20', due: '2026-01-20' });
    expect(last).toMatchObject({ id: 'F29#2026-11', name: 'F29 de noviembre 2026', due: '2026-12-21' });
  });
});

describe('the business-day shift', () => {
  const holidays = new Set(rules(2026).holidays.map((h) => h.date));
  it('a Saturday or Sunday moves to Monday', () => {
    expect(nextBusinessDay('2026-09-12', holidays)).toBe('2026-09-14');
    expect(nextBusinessDay('2026-04-12', holidays)).toBe('2026-04-13');
  });
  it('a holiday moves to the next business day, past a weekend and a holiday in a row', () => {
    expect(nextBusinessDay('2026-10-12', holidays)).toBe('2026-10-13');
    // Saturday 20 June, Sunday 21 June (Pueblos Indígenas) → Monday 22.
    expect(nextBusinessDay('2026-06-20', holidays)).toBe('2026-06-22');
    // Friday 18 and Saturday 19 September, then Sunday.
    expect(nextBusinessDay('2026-09-18', holidays)).toBe('2026-09-21');
  });
  it('a business day stays', () => {
    expect(nextBusinessDay('2026-05-12', holidays)).toBe('2026-05-12');
  });
});

describe('the other obligations', () => {
  it('F22 on 30 April; F50 only where set; the sworn statements the society files', () => {
    const plain = obligationsOf(rules(2026), DEFAULT_SETTINGS);
    expect(plain.filter((o) => o.form === 'F22')).toMatchObject([{ id: 'F22#2026', due: '2026-04-30' }]);
    expect(plain.some((o) => o.form === 'F50' || o.form.startsWith('DJ'))).toBe(false);

    const full = obligationsOf(rules(2027), { f29_online: true, f50: true, declarations: ['1887', '1847'] });
    expect(full.filter((o) => o.form === 'F50')).toHaveLength(12);
    // F50 of May 2027: 12 June is a Saturday → Monday 14.
    expect(full.find((o) => o.id === 'F50#2027-05')?.due).toBe('2027-06-14');
    // DJ 1887 on 28 March 2027, a Sunday → Monday 29.
    expect(full.find((o) => o.id === 'DJ1887#2027')).toMatchObject({ nominal: '2027-03-28', due: '2027-03-29' });
    expect(full.find((o) => o.id === 'DJ1847#2027')?.due).toBe('2027-06-30');
    expect(full.some((o) => o.id === 'DJ1879#2027')).toBe(false);
    expect(full.map((o) => o.due)).toEqual([...full.map((o) => o.due)].sort());
  });

  it('state: filed wins, overdue from the day after the deadline', () => {
    expect(stateOf('2026-04-20', false, '2026-04-20')).toBe('pendiente');
    expect(stateOf('2026-04-20', false, '2026-04-21')).toBe('vencida');
    expect(stateOf('2026-04-20', true, '2026-05-01')).toBe('presentada');
  });

  it("today is Chile's civil day", () => {
    // 02:00 UTC on 1 May is still 30 April in Santiago (UTC-4).
    expect(chileDay(Date.parse('2026-05-01T02:00:00Z'))).toBe('2026-04-30');
  });
});

describe('movable holidays', () => {
  it('Easter, the solstice and the moved days', () => {
    expect(easter(2026)).toBe('2026-04-05');
    expect(easter(2027)).toBe('2027-03-28');
    expect(juneSolstice(2026)).toBe('2026-06-21');
    expect(juneSolstice(2027)).toBe('2027-06-21');
    expect(juneSolstice(2024)).toBe('2024-06-20');
    // Ley 19.668: Tuesday 29 June 2027 → Monday 28; Friday 12 October 2029 → Monday 15; a Monday stays.
    expect(toMonday('2027-06-29')).toBe('2027-06-28');
    expect(toMonday('2029-10-12')).toBe('2029-10-15');
    expect(toMonday('2026-06-29')).toBe('2026-06-29');
    // Ley 20.299: Wednesday 31 October 2029 → Friday 2 November; Tuesday 31 October 2028 → Friday 27.
    expect(reformationDay(2029)).toBe('2029-11-02');
    expect(reformationDay(2028)).toBe('2028-10-27');
  });

  it('the bridges: 2 January after a Sunday New Year, 17 or 20 September', () => {
    expect(derivedHolidays(2023)).toContain('2023-01-02');
    expect(derivedHolidays(2027)).toContain('2027-09-17');
    expect(derivedHolidays(2029)).toContain('2029-09-17'); // 18 September 2029 is a Tuesday
    expect(derivedHolidays(2024)).toContain('2024-09-20'); // 18 September 2024 is a Wednesday
    expect(derivedHolidays(2026)).not.toContain('2026-09-17');
  });

  for (const year of [2026, 2027]) {
    it(`the committed ${year} list is the one the laws give`, () => {
      expect(rules(year).holidays.map((h) => h.date)).toEqual(derivedHolidays(year));
    });
  }
});
