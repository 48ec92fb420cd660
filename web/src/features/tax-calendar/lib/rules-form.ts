import { RULES_LIMITS, taxYearRulesSchema } from '@shared/contracts/tax-calendar';
import { es } from '@shared/i18n/es';
import type { StandardSchemaV1 } from '@tanstack/react-form';
import type { z } from 'zod/mini';

/**
 * The SUPER_ADMIN's form of a year's rules: its values (the day numbers as typed), the body the contract checks, and
 * the contract's own schema worded per row and field ('Fecha del feriado 3' gets its message under it).
 */
export type YearRules = z.output<typeof taxYearRulesSchema>;

export interface RulesFormValues {
  f29_day: string;
  f29_online_day: string;
  f50_day: string;
  f22_due: string;
  holidays: Array<{ date: string; name: string }>;
  declarations: Array<{ number: string; name: string; due: string }>;
  sources: string[];
}

export const toValues = (rules: YearRules): RulesFormValues => ({
  f29_day: String(rules.f29.day),
  f29_online_day: String(rules.f29.online_day),
  f50_day: String(rules.f50.day),
  f22_due: rules.f22.due,
  holidays: rules.holidays.map((h) => ({ date: h.date, name: h.name })),
  declarations: rules.declarations.map((d) => ({ number: d.number, name: d.name, due: d.due })),
  sources: [...rules.sources],
});

/** A day typed in a number box: blank is missing (the schema then says so), anything else the number it reads as. */
const dayNumber = (typed: string) => (typed.trim() === '' ? undefined : Number(typed));

/** What the form sends, before the contract's schema checks and trims it. */
export const toBody = (values: RulesFormValues) => ({
  holidays: values.holidays.map((h) => ({ date: h.date, name: h.name })),
  f29: { day: dayNumber(values.f29_day), online_day: dayNumber(values.f29_online_day) },
  f22: { due: values.f22_due },
  f50: { day: dayNumber(values.f50_day) },
  declarations: values.declarations.map((d) => ({ number: d.number, name: d.name, due: d.due })),
  sources: values.sources,
});

/** The same day in another year (29 February becomes the 28th where the year has none). */
export function inYear(day: string, year: number): string {
  const [, month, date] = day.split('-');
  const moved = `${year}-${month}-${date}`;
  return month === '02' && date === '29' && new Date(`${moved}T00:00:00Z`).getUTCMonth() !== 1
    ? `${year}-02-28`
    : moved;
}

/**
 * A year without values starts from the previous year's, each date carried to the same day of this year: holidays
 * that move (Easter, the Monday ones) and the due dates are for the SUPER_ADMIN to check before saving.
 */
export const fromPreviousYear = (previous: YearRules, year: number): YearRules => ({
  ...previous,
  holidays: previous.holidays.map((h) => ({ ...h, date: inYear(h.date, year) })),
  f22: { due: inYear(previous.f22.due, year) },
  declarations: previous.declarations.map((d) => ({ ...d, due: inYear(d.due, year) })),
  sources: [...previous.sources],
});

/** A year with nothing to start from: the usual days, the F22 on 30 April, no list yet. */
export const blankRules = (year: number): YearRules => ({
  holidays: [],
  f29: { day: 12, online_day: 20 },
  f22: { due: `${year}-04-30` },
  f50: { day: 12 },
  declarations: [],
  sources: [],
});

const t = es.taxRulesAdmin;
const tooLong = es.validation.tooLong;

type Path = Array<string | number>;
/** The body's path of an issue as the form names the field (the F29 days are two boxes of their own). */
function formPath(path: ReadonlyArray<PropertyKey>): Path {
  const [head, next, ...rest] = path.map((p) => (typeof p === 'symbol' ? String(p) : p));
  if (head === 'f29') return [next === 'online_day' ? 'f29_online_day' : 'f29_day'];
  if (head === 'f50') return ['f50_day'];
  if (head === 'f22') return ['f22_due'];
  return [head, next, ...rest].filter((p) => p !== undefined) as Path;
}

function valueAt(values: RulesFormValues, path: Path): unknown {
  let at: unknown = values;
  for (const key of path) at = (at as Record<string | number, unknown> | undefined)?.[key];
  return at;
}

/** The words under a field: what is missing, too long, or not in the form the contract takes. */
function wordsFor(path: Path, value: unknown, issue: z.core.$ZodIssue): string {
  const [list, , leaf] = path;
  if (path.length === 1 && Array.isArray(value)) {
    const what = t.maxWhat[list as keyof typeof t.maxWhat];
    return t.max(RULES_LIMITS[list as keyof typeof RULES_LIMITS], what);
  }
  const e = t.errors;
  if (list === 'f29_day' || list === 'f29_online_day' || list === 'f50_day') return e.day;
  const blank = typeof value !== 'string' || value.trim() === '';
  if (!blank && issue.code === 'too_big') return tooLong(Number((issue as { maximum?: unknown }).maximum));
  if (list === 'f22_due') return blank ? e.f22Due : e.dateFormat;
  if (list === 'holidays') return leaf === 'name' ? e.holidayName : blank ? e.holidayDate : e.dateFormat;
  if (list === 'declarations') {
    if (leaf === 'number') return e.number;
    if (leaf === 'name') return e.declarationName;
    return blank ? e.declarationDue : e.dateFormat;
  }
  return blank ? e.source : tooLong(Number((issue as { maximum?: unknown }).maximum));
}

/** Each field's first message (by the form's field path: holidays[2].date). */
export function rulesIssues(values: RulesFormValues): Array<{ path: Path; message: string }> {
  const result = taxYearRulesSchema.safeParse(toBody(values));
  if (result.success) return [];
  const found = new Map<string, { path: Path; message: string }>();
  for (const issue of result.error.issues) {
    const path = formPath(issue.path);
    const key = path.join('.');
    if (!found.has(key)) found.set(key, { path, message: wordsFor(path, valueAt(values, path), issue) });
  }
  return [...found.values()];
}

/** The validator TanStack Form takes (its paths land on 'holidays[2].date'), and whether the values may be saved. */
export const RULES_FORM = {
  passes: (values: RulesFormValues) => rulesIssues(values).length === 0,
  '~standard': {
    version: 1,
    vendor: 'portal',
    validate: (value: unknown) => {
      const issues = rulesIssues(value as RulesFormValues);
      return issues.length > 0 ? { issues } : { value: value as RulesFormValues };
    },
  },
} satisfies StandardSchemaV1<RulesFormValues> & { passes: (values: RulesFormValues) => boolean };
