import type { IndicatorCodeName } from '@shared/contracts/indicators';
import { MONTHLY_INDICATORS } from '@shared/contracts/indicators';
import { monthName } from '@shared/i18n/format';

/** Chilean formats (es-CL): '$934,54', '$33.139,50', '$58.248', '1,2 %'. */
const DECIMALS: Record<IndicatorCodeName, number> = { dolar: 2, uf: 2, euro: 2, utm: 0, ipc: 1 };

export function formatIndicatorValue(code: IndicatorCodeName, value: number): string {
  const number = new Intl.NumberFormat('es-CL', {
    minimumFractionDigits: DECIMALS[code],
    maximumFractionDigits: DECIMALS[code],
  }).format(value);
  return code === 'ipc' ? `${number} %` : `$${number}`;
}

/** The date a value holds for: '04-07-2022' for daily indicators, 'mayo 2022' for monthly ones (UTM, IPC). */
export function formatIndicatorDay(code: IndicatorCodeName, day: string): string {
  const [year, month, date] = day.split('-');
  if (MONTHLY_INDICATORS.includes(code)) return `${monthName(Number(month))} ${year}`;
  return `${date}-${month}-${year}`;
}

/** '0,26 %' for prices, '0,2 pp' for IPC (its variation is in percentage points), always unsigned. */
export function formatVariation(code: IndicatorCodeName, variation: number): string {
  const number = new Intl.NumberFormat('es-CL', { maximumFractionDigits: 2 }).format(Math.abs(variation));
  return code === 'ipc' ? `${number} pp` : `${number} %`;
}

/**
 * The polyline points of a sparkline of `values` in a width × height box (2 px margin), oldest on the left. One value
 * draws a flat line; an empty series draws nothing.
 */
export function sparklinePoints(values: readonly number[], width: number, height: number): string {
  if (values.length === 0) return '';
  const margin = 2;
  const min = Math.min(...values);
  const max = Math.max(...values);
  const span = max - min || 1;
  const step = values.length > 1 ? (width - 2 * margin) / (values.length - 1) : 0;
  const y = (value: number) => (max === min ? height / 2 : margin + (1 - (value - min) / span) * (height - 2 * margin));
  const points = values.map((value, i) => `${(margin + i * step).toFixed(1)},${y(value).toFixed(1)}`);
  return values.length === 1
    ? `${margin},${y(values[0] as number).toFixed(1)} ${width - margin},${y(values[0] as number).toFixed(1)}`
    : points.join(' ');
}
