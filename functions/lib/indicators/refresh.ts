import { INDICATOR_CODES, type IndicatorCode, putIndicatorValues } from '../data/indicators';
import { logger } from '../logger';
import type { IndicatorProvider } from './provider';

export interface RefreshOutcome {
  provider: string;
  /** Values stored per indicator. */
  stored: Partial<Record<IndicatorCode, number>>;
  /** Indicators whose fetch failed: nothing of theirs was written, their last stored values stay. */
  failed: Partial<Record<IndicatorCode, string>>;
}

/**
 * One run of the scheduled job: asks the provider for each indicator and stores what it answered (same day
 * overwritten, history kept). A failed or unusable fetch writes nothing for that indicator, so the portal keeps showing
 * the last stored values with their date; the other indicators are still refreshed.
 */
export async function refreshIndicators(provider: IndicatorProvider, today: string): Promise<RefreshOutcome> {
  const outcome: RefreshOutcome = { provider: provider.name, stored: {}, failed: {} };
  for (const code of INDICATOR_CODES) {
    try {
      const values = await provider.fetchRecent(code, today);
      await putIndicatorValues(values);
      outcome.stored[code] = values.length;
    } catch (error) {
      outcome.failed[code] = error instanceof Error ? error.message : String(error);
      logger.warn('indicator refresh failed; last stored values kept', { code, provider: provider.name, error });
    }
  }
  return outcome;
}
