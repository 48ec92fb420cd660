import { addDays, type Day, dayInMonth, dayOf, weekday } from './rules';

/**
 * Chile's national holidays of a year as the laws place them, to check a committed list and to draft a year the SII
 * has not published yet. Election days (decreed each time) are not derivable and are left out.
 */

/** Easter Sunday (the Gregorian computus). */
export function easter(year: number): Day {
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  const day = ((h + l - 7 * m + 114) % 31) + 1;
  return dayInMonth(year, month, day);
}

/**
 * Ley 21.357: the day of the June solstice, Chilean continental time (UTC-4 in June). Meeus' mean solstice: minutes
 * off, which only matters for a solstice within minutes of midnight.
 */
export function juneSolstice(year: number): Day {
  const y = (year - 2000) / 1000;
  const jde = 2451716.56767 + 365241.62603 * y + 0.00325 * y ** 2 + 0.00888 * y ** 3 - 0.0003 * y ** 4;
  const ms = (jde - 2440587.5) * 86_400_000 - 4 * 3_600_000;
  return dayOf(new Date(ms));
}

/** Ley 19.668 (29 June, 12 October): Tuesday to Thursday move to that week's Monday, Friday to the next Monday. */
export function toMonday(day: Day): Day {
  const w = weekday(day);
  if (w >= 2 && w <= 4) return addDays(day, 1 - w);
  if (w === 5) return addDays(day, 3);
  return day;
}

/** Ley 20.299 (31 October): a Wednesday moves to that week's Friday, a Tuesday to the Friday before. */
export function reformationDay(year: number): Day {
  const day = dayInMonth(year, 10, 31);
  const w = weekday(day);
  if (w === 3) return addDays(day, 2);
  if (w === 2) return addDays(day, -4);
  return day;
}

/** The national holidays of a year, sorted. */
export function derivedHolidays(year: number): Day[] {
  const fixed = (month: number, day: number) => dayInMonth(year, month, day);
  const days = [
    fixed(1, 1),
    addDays(easter(year), -2),
    addDays(easter(year), -1),
    fixed(5, 1),
    fixed(5, 21),
    juneSolstice(year),
    toMonday(fixed(6, 29)),
    fixed(7, 16),
    fixed(8, 15),
    fixed(9, 18),
    fixed(9, 19),
    toMonday(fixed(10, 12)),
    reformationDay(year),
    fixed(11, 1),
    fixed(12, 8),
    fixed(12, 25),
  ];
  // Ley 20.983: 2 January when 1 January is a Sunday.
  if (weekday(fixed(1, 1)) === 0) days.push(fixed(1, 2));
  // Fiestas Patrias bridges: 17 September when the 18th is a Tuesday or a Saturday (Ley 20.983, Código del Trabajo
  // art. 35), 20 September when the 19th is a Thursday.
  const w18 = weekday(fixed(9, 18));
  if (w18 === 2 || w18 === 6) days.push(fixed(9, 17));
  if (w18 === 3) days.push(fixed(9, 20));
  return [...new Set(days)].sort();
}
