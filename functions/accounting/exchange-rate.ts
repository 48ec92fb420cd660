import { indicatorValueOn } from '../lib/data/indicators';
import { ApiError } from '../lib/errors';

/**
 * The dólar observado on a day (issue 12, "USD"), read through the indicators store (issue 13). Without a value on or
 * before the day there is no honest conversion: 409 EXCHANGE_RATE_MISSING, shown in Spanish with the day.
 */
export async function exchangeRateOn(day: string): Promise<{ value: number; day: string }> {
  const found = await indicatorValueOn('dolar', day);
  if (!found || !(found.value > 0)) throw new ApiError(409, 'EXCHANGE_RATE_MISSING', { day });
  return { value: found.value, day: found.day };
}
