import { FAMILY_OF_TYPE, type StatementFamily } from '@shared/contracts/accounting';

/** Periods and defaults of the statement viewer (portal §4 "Statement viewer", §2 "Start and compare dropdowns"). */
export interface Period {
  year: number;
  month: number;
}

export const periodKey = (p: Period) => `${p.year}-${String(p.month).padStart(2, '0')}`;
export const parsePeriodKey = (key: string): Period => {
  const [year, month] = key.split('-').map(Number) as [number, number];
  return { year, month };
};

export const familyOfType = (type: string | undefined): StatementFamily | undefined =>
  FAMILY_OF_TYPE[Number(type)] ?? undefined;

/**
 * Defaults once the available dates are known (latest first): the latest period; types 2 and 3 compare it with the
 * same month a year earlier when that period has data, else nothing.
 */
export function defaultPeriods(type: number, dates: readonly Period[]): { start: string; compare: string } {
  const latest = dates[0];
  if (!latest) return { start: '', compare: '' };
  const start = periodKey(latest);
  if (type !== 2 && type !== 3) return { start, compare: '' };
  const yearBefore = periodKey({ year: latest.year - 1, month: latest.month });
  return { start, compare: dates.some((d) => periodKey(d) === yearBefore) ? yearBefore : '' };
}

/** Years with data, latest first (the cash flow's selector). */
export const yearsOf = (dates: readonly Period[]) => [...new Set(dates.map((d) => d.year))].sort((a, b) => b - a);

/** SINGLE unless a compare period is set (clearing it returns to SINGLE). */
export const reportTypeOf = (compare: string) => (compare ? 'COMPARE' : 'SINGLE');
