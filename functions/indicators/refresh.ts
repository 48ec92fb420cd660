import { configuredProvider } from '../lib/indicators/configured-provider';
import { type RefreshOutcome, refreshIndicators } from '../lib/indicators/refresh';
import { logger } from '../lib/logger';

/** Today's date in Chile, the calendar the indicators are published in. */
export const chileToday = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Santiago' }).format(new Date());

/**
 * The scheduled job: EventBridge Scheduler invokes it daily (infra/constructs/indicators-schedule.ts); the
 * configured provider's values are stored with history. Failed indicators keep their last values; the run fails
 * (so Scheduler retries and the error shows in its metrics) only when no indicator could be refreshed.
 */
export async function handler(): Promise<RefreshOutcome> {
  const outcome = await refreshIndicators(configuredProvider(), chileToday());
  logger.info('indicators refreshed', { ...outcome });
  if (Object.keys(outcome.stored).length === 0)
    throw new Error(`No indicator refreshed: ${JSON.stringify(outcome.failed)}`);
  return outcome;
}
