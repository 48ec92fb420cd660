import {
  addDays,
  type Day,
  DEFAULT_SETTINGS,
  dayInMonth,
  nextBusinessDay,
  type TaxYearRules,
} from '../../shared/tax-calendar/rules';

/**
 * The dates of recurring requests, as pure functions of a template's rule and a year's tax rules (the
 * job reads the rules; tests pass them). A period is the month taxed ('YYYY-MM', its F29 is due the month after) or the
 * tax year ('YYYY', its F22 is due in April of that year).
 */
export type RecurringKind = 'MONTHLY_F29' | 'ANNUAL_F22';
export interface RecurrenceRule {
  kind: RecurringKind;
  offset_days: number;
  lead_days: number;
}
/** A year's rules, or undefined when neither the SUPER_ADMIN nor the committed data has that year. */
export type RulesOf = (year: number) => Promise<TaxYearRules | undefined>;

/** Where no year's rules exist: the F29's online day and the F22's usual last day, moved past weekends only. */
const FALLBACK_F29_DAY = 20;
const FALLBACK_F22 = '04-30';

/**
 * The legal deadline of a period's form. F29 uses the online day (DEFAULT_SETTINGS: every firm files online), not each
 * society's setting: one schedule makes one due date for all its societies.
 */
export async function deadlineOf(kind: RecurringKind, period: string, rulesOf: RulesOf): Promise<Day> {
  if (kind === 'MONTHLY_F29') {
    const [y, m] = period.split('-').map(Number) as [number, number];
    const year = m === 12 ? y + 1 : y;
    const month = m === 12 ? 1 : m + 1;
    const rules = await rulesOf(year);
    const day = rules ? (DEFAULT_SETTINGS.f29_online ? rules.f29.online_day : rules.f29.day) : FALLBACK_F29_DAY;
    return nextBusinessDay(dayInMonth(year, month, day), holidaysOf(rules));
  }
  const year = Number(period);
  const rules = await rulesOf(year);
  return nextBusinessDay(rules?.f22.due ?? `${year}-${FALLBACK_F22}`, holidaysOf(rules));
}

const holidaysOf = (rules: TaxYearRules | undefined) => new Set((rules?.holidays ?? []).map((h) => h.date));

/** A period's due date and the day its request is made. */
export async function periodDates(rule: RecurrenceRule, period: string, rulesOf: RulesOf) {
  const due = addDays(await deadlineOf(rule.kind, period, rulesOf), rule.offset_days);
  return { due, createOn: addDays(due, -rule.lead_days) };
}

export function periodAfter(kind: RecurringKind, period: string): string {
  if (kind === 'ANNUAL_F22') return String(Number(period) + 1);
  const [y, m] = period.split('-').map(Number) as [number, number];
  return m === 12 ? `${y + 1}-01` : `${y}-${String(m + 1).padStart(2, '0')}`;
}

/** A period safely before any whose due date is on or after `today` (the search for the first one starts there). */
function periodBefore(kind: RecurringKind, today: Day): string {
  const y = Number(today.slice(0, 4));
  if (kind === 'ANNUAL_F22') return String(y - 1);
  const m = Number(today.slice(5, 7));
  // Three months back: a period's F29 falls in the month after it, at most 60 days earlier with the offset.
  const back = m - 3;
  return back >= 1 ? `${y}-${String(back).padStart(2, '0')}` : `${y - 1}-${String(back + 12).padStart(2, '0')}`;
}

/**
 * A new schedule's first period: the earliest one still not due on `today`. A schedule set after a period's creation
 * day but before its due date still asks for it (the job makes it on its next run).
 */
export async function firstPeriod(rule: RecurrenceRule, today: Day, rulesOf: RulesOf) {
  let period = periodBefore(rule.kind, today);
  for (let i = 0; i < 40; i += 1) {
    const dates = await periodDates(rule, period, rulesOf);
    if (dates.due >= today) return { period, ...dates };
    period = periodAfter(rule.kind, period);
  }
  throw new Error(`No period of ${rule.kind} is due after ${today}`);
}
