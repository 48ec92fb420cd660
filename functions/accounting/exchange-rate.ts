import { indicatorValueOn } from '../lib/data/indicators';
import { ApiError } from '../lib/errors';

/**
 * The dólar observado on a day ("USD"), read through the indicators store. Without a value on or
 * before the day there is no honest conversion: 409 EXCHANGE_RATE_MISSING, shown in Spanish with the day.
 */
export async function exchangeRateOn(day: string): Promise<{ value: number; day: string }> {
  const found = await indicatorValueOn('dolar', day);
  if (!found || !(found.value > 0)) throw new ApiError(409, 'EXCHANGE_RATE_MISSING', { day });
  return { value: found.value, day: found.day };
}

/**
 * The rate that converts a month's amounts: the dólar observado of its last day or the latest before it. `stale` says
 * that value is from before the month began, which the screen and the exports state plainly.
 */
export async function exchangeRateForMonth(
  year: number,
  month: number,
): Promise<{ value: number; day: string; stale: boolean }> {
  const mm = String(month).padStart(2, '0');
  const lastDay = new Date(Date.UTC(year, month, 0)).toISOString().slice(0, 10);
  const rate = await exchangeRateOn(lastDay);
  return { ...rate, stale: rate.day < `${year}-${mm}-01` };
}
