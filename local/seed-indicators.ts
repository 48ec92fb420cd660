import { chileToday } from '../functions/indicators/refresh';
import { configuredProvider } from '../functions/lib/indicators/configured-provider';
import { refreshIndicators } from '../functions/lib/indicators/refresh';

/**
 * `npm start` and the test portals run the scheduled indicators job once at start, with the provider the
 * environment names: the bundled dataset unless INDICATORS_PROVIDER says otherwise, so nothing leaves the machine.
 */
export async function seedIndicators(): Promise<void> {
  const outcome = await refreshIndicators(configuredProvider(), chileToday());
  const failed = Object.keys(outcome.failed);
  if (failed.length > 0) console.warn(`Indicators (${outcome.provider}): could not refresh ${failed.join(', ')}`);
}
