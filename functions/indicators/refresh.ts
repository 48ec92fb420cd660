import { recentIndicatorValues } from '../lib/data/indicators';
import { configuredProvider } from '../lib/indicators/configured-provider';
import { type RefreshOutcome, refreshIndicators } from '../lib/indicators/refresh';
import { businessDaysSince } from '../lib/indicators/staleness';
import { logger } from '../lib/logger';

/** Today's date in Chile, the calendar the indicators are published in. */
export const chileToday = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Santiago' }).format(new Date());

/**
 * The scheduled job: EventBridge Scheduler invokes it daily (infra/constructs/indicators-schedule.ts); the
 * configured provider's values are stored with history. Failed indicators keep their last values; the run fails
 * (so Scheduler retries and the error shows in its metrics) only when no indicator could be refreshed.
 */
export async function handler(): Promise<RefreshOutcome> {
  const today = chileToday();
  const outcome = await refreshIndicators(configuredProvider(), today);
  logger.info('indicators refreshed', { ...outcome });
  await logStaleness(today);
  if (Object.keys(outcome.stored).length === 0)
    throw new Error(`No indicator refreshed: ${JSON.stringify(outcome.failed)}`);
  return outcome;
}

/**
 * How far behind the stored dólar observado is (the indicator published every business day), as a log line whose
 * `indicators_stale_business_days` a metric filter turns into the IndicatorsStale alarm's metric
 * (infra/constructs/indicators-schedule.ts). Read from the table, so a run whose dólar fetch failed still reports it.
 */
async function logStaleness(today: string): Promise<void> {
  const [latest] = await recentIndicatorValues('dolar', 1);
  // No value at all yet (a new deployment before its first run succeeded): as stale as the alarm measures.
  const stale = latest ? businessDaysSince(latest.day, today) : STALE_WITHOUT_VALUE;
  logger.info('indicators staleness', { indicators_stale_business_days: stale, latest_dolar_day: latest?.day });
}

/** What a table without any dólar value reports: above any threshold. */
const STALE_WITHOUT_VALUE = 99;
