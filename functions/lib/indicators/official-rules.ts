import { addDays } from './provider';

/**
 * The official rules that move UF and UTM (design/indicators.md), so the bundled dataset only needs IPC variations and
 * one anchor of each. `ipc` maps 'YYYY-MM' to that month's IPC variation in percent (INE).
 */
export type IpcVariations = Readonly<Record<string, number>>;

const monthOf = (day: string) => day.slice(0, 7);
const dayOfMonth = (day: string) => Number(day.slice(8, 10));

export function shiftMonth(month: string, delta: number): string {
  const [year, monthNumber] = month.split('-').map(Number) as [number, number];
  const index = year * 12 + (monthNumber - 1) + delta;
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`;
}

function daysInMonth(month: string): number {
  const [year, monthNumber] = month.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(year, monthNumber, 0)).getUTCDate();
}

function ipcOf(ipc: IpcVariations, month: string): number {
  const value = ipc[month];
  if (value === undefined) throw new Error(`IPC variation of ${month} is not in the dataset`);
  return value / 100;
}

const round2 = (value: number) => Math.round(value * 100) / 100;

/**
 * UF of every day from `anchor.day` to `lastDay`. From the 10th of month m to the 9th of m+1 the UF moves
 * geometrically by the IPC variation of m−1: day k of the period (k = 1 on the 10th) is UF(9th of m) × (1 + IPC)^(k/n),
 * n being the days of month m, so the 9th of m+1 is UF(9th of m) × (1 + IPC). Each 9th is rounded to cents and is the
 * base of the next period, as the Banco Central publishes it.
 */
export function ufDaily(
  anchor: { day: string; value: number },
  ipc: IpcVariations,
  lastDay: string,
): Array<{ day: string; value: number }> {
  // The period holding the anchor starts on the 10th of `periodMonth`.
  let periodMonth = dayOfMonth(anchor.day) >= 10 ? monthOf(anchor.day) : shiftMonth(monthOf(anchor.day), -1);
  const stepOf = (month: string) => 1 + ipcOf(ipc, shiftMonth(month, -1));
  const positionOf = (day: string, month: string) =>
    Math.round((Date.parse(`${day}T00:00:00Z`) - Date.parse(`${month}-09T00:00:00Z`)) / 86_400_000);
  // The unrounded 9th before the anchor, recovered from the anchor itself.
  let base = anchor.value / stepOf(periodMonth) ** (positionOf(anchor.day, periodMonth) / daysInMonth(periodMonth));
  const values: Array<{ day: string; value: number }> = [];
  let day = anchor.day;
  while (day <= lastDay) {
    const n = daysInMonth(periodMonth);
    const k = positionOf(day, periodMonth);
    values.push({ day, value: day === anchor.day ? anchor.value : round2(base * stepOf(periodMonth) ** (k / n)) });
    if (k === n) {
      base = round2(base * stepOf(periodMonth));
      periodMonth = shiftMonth(periodMonth, 1);
    }
    day = addDays(day, 1);
  }
  return values;
}

/** UTM of every month from `anchor.month` to `lastMonth`: UTM(m) = UTM(m−1) × (1 + IPC(m−2)), rounded to pesos. */
export function utmMonthly(
  anchor: { month: string; value: number },
  ipc: IpcVariations,
  lastMonth: string,
): Array<{ month: string; value: number }> {
  const values = [{ month: anchor.month, value: anchor.value }];
  let month = anchor.month;
  let value = anchor.value;
  while (month < lastMonth) {
    month = shiftMonth(month, 1);
    value = Math.round(value * (1 + ipcOf(ipc, shiftMonth(month, -2))));
    values.push({ month, value });
  }
  return values;
}
