/**
 * The Chilean tax calendar's rules and holidays for one year, as data. The committed values (committed.ts) hold until
 * the SUPER_ADMIN saves a year of its own (PUT api/v1/tax-calendar/rules/{year}/), which then replaces them whole.
 */
import { monthName } from '../i18n/format';

/** A day as YYYY-MM-DD (the calendar's days are Chilean civil days, no time zone). */
export type Day = string;

export interface Holiday {
  date: Day;
  name: string;
}

/** One annual sworn statement (declaración jurada) and its deadline in that tax year. */
export interface DeclarationRule {
  /** The SII's form number, e.g. '1887'. */
  number: string;
  name: string;
  due: Day;
}

export interface TaxYearRules {
  year: number;
  /** National holidays of the year (regional ones are left out: a society's region is not kept). */
  holidays: Holiday[];
  f29: {
    /** Day of the month after the period: paper or paying in person. */
    day: number;
    /** The day for electronic invoicers who file and pay online. */
    online_day: number;
  };
  /** F22, the annual income tax return of this tax year (año tributario = this year). */
  f22: { due: Day };
  /** F50: the day of the month after the period (each of its taxes has its own legal day; see sources). */
  f50: { day: number };
  declarations: DeclarationRule[];
  /** Where the values come from, and what is not confirmed. */
  sources: string[];
}

/** 'YYYY-MM-DD' of a UTC date. */
export const dayOf = (d: Date): Day => d.toISOString().slice(0, 10);

const parse = (day: Day) => new Date(`${day}T00:00:00Z`);

export const addDays = (day: Day, n: number): Day => {
  const d = parse(day);
  d.setUTCDate(d.getUTCDate() + n);
  return dayOf(d);
};

/** 0 Sunday … 6 Saturday. */
export const weekday = (day: Day) => parse(day).getUTCDay();

/** A date of a month, clamped to its last day (a rule's day 31 in February is its 28th or 29th). */
export function dayInMonth(year: number, month: number, day: number): Day {
  const last = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return dayOf(new Date(Date.UTC(year, month - 1, Math.min(day, last))));
}

/**
 * Código Tributario art. 10: a deadline that falls on a Saturday, Sunday or holiday moves to the next business day.
 */
export function nextBusinessDay(day: Day, holidays: ReadonlySet<Day>): Day {
  let d = day;
  while (weekday(d) === 0 || weekday(d) === 6 || holidays.has(d)) d = addDays(d, 1);
  return d;
}

/** The forms a calendar names: the monthly F29 and F50, the annual F22, and each sworn statement as DJ<number>. */
export type ObligationForm = 'F29' | 'F22' | 'F50' | `DJ${string}`;

export interface Obligation {
  /** `${form}#${period}`: what a filing names. */
  id: string;
  form: ObligationForm;
  /** 'YYYY-MM' for the monthly forms (the month taxed), 'YYYY' for the annual ones (the tax year). */
  period: string;
  name: string;
  /** The legal day before the shift, and the deadline after it. */
  nominal: Day;
  due: Day;
}

/** What applies to one society (kept per society; the defaults say what a society without settings gets). */
export interface SocietyTaxSettings {
  /** Files F29 online as an electronic invoicer: day 20 instead of 12. */
  f29_online: boolean;
  f50: boolean;
  /** The sworn statements it files (numbers of the year's list). */
  declarations: string[];
}

/**
 * Electronic invoicing is compulsory for every company since 2018, and the firms file online: day 20 is the default.
 * No F50 or sworn statement is assumed: the firm ticks those per society.
 */
export const DEFAULT_SETTINGS: SocietyTaxSettings = { f29_online: true, f50: false, declarations: [] };

export { monthName };

/**
 * The obligations whose deadline falls in the rules' year (the calendar of a year, as the SII publishes it, is by the
 * month of filing): F29 and F50 of December of the year before to November, F22 of the tax year, the sworn statements
 * of the year's list that the society files. Sorted by deadline.
 */
export function obligationsOf(rules: TaxYearRules, settings: SocietyTaxSettings): Obligation[] {
  const holidays = new Set(rules.holidays.map((h) => h.date));
  const out: Obligation[] = [];
  const shift = (nominal: Day) => nextBusinessDay(nominal, holidays);
  for (let dueMonth = 1; dueMonth <= 12; dueMonth += 1) {
    const periodYear = dueMonth === 1 ? rules.year - 1 : rules.year;
    const periodMonth = dueMonth === 1 ? 12 : dueMonth - 1;
    const period = `${periodYear}-${String(periodMonth).padStart(2, '0')}`;
    const f29 = dayInMonth(rules.year, dueMonth, settings.f29_online ? rules.f29.online_day : rules.f29.day);
    out.push({
      id: `F29#${period}`,
      form: 'F29',
      period,
      name: `F29 de ${monthName(periodMonth)} ${periodYear}`,
      nominal: f29,
      due: shift(f29),
    });
    if (settings.f50) {
      const f50 = dayInMonth(rules.year, dueMonth, rules.f50.day);
      out.push({
        id: `F50#${period}`,
        form: 'F50',
        period,
        name: `F50 de ${monthName(periodMonth)} ${periodYear}`,
        nominal: f50,
        due: shift(f50),
      });
    }
  }
  const year = String(rules.year);
  out.push({
    id: `F22#${year}`,
    form: 'F22',
    period: year,
    name: `F22 año tributario ${year}`,
    nominal: rules.f22.due,
    due: shift(rules.f22.due),
  });
  for (const dj of rules.declarations) {
    if (!settings.declarations.includes(dj.number)) continue;
    out.push({
      id: `DJ${dj.number}#${year}`,
      form: `DJ${dj.number}`,
      period: year,
      name: `DJ ${dj.number} ${dj.name}`,
      nominal: dj.due,
      due: shift(dj.due),
    });
  }
  return out.sort((a, b) => a.due.localeCompare(b.due) || a.id.localeCompare(b.id));
}

export type ObligationState = 'pendiente' | 'presentada' | 'vencida';

/** Filed wins; otherwise overdue from the day after the deadline (Chilean civil day `today`). */
export function stateOf(due: Day, filed: boolean, today: Day): ObligationState {
  if (filed) return 'presentada';
  return today > due ? 'vencida' : 'pendiente';
}

/** Today's civil day in Chile (the deadlines are Chilean days), from a timestamp. */
export function chileDay(ms: number): Day {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Santiago' }).format(new Date(ms));
}
