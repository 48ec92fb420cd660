import type { IndicatorCode, IndicatorValue } from '../data/indicators';

/**
 * One source of currency indicators (design/indicators.md). The scheduled job asks the configured provider
 * for each indicator's recent values and stores what it gets; a provider that cannot answer throws, and nothing is
 * stored for that indicator (the last stored values stay: never invented numbers).
 */
export interface IndicatorProvider {
  /** 'mindicador', 'cmf' or 'sample': stored with every value so the screen can say where it came from. */
  readonly name: string;
  /** The indicator's values published up to `today` (YYYY-MM-DD), at least the last 30 days when the source has them. */
  fetchRecent(code: IndicatorCode, today: string): Promise<IndicatorValue[]>;
}

/** The providers configuration may name (INDICATORS_PROVIDER, CDK context indicatorsProvider). */
export const PROVIDER_NAMES = ['mindicador', 'cmf', 'sample'] as const;
export type ProviderName = (typeof PROVIDER_NAMES)[number];

/** A source answered something unusable (HTTP error, unexpected shape, no number): the job skips that indicator. */
export class ProviderError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ProviderError';
  }
}

const chileDate = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'America/Santiago',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/** mindicador dates are Chilean midnights written in UTC ('2022-07-04T04:00:00.000Z'): the Chilean calendar day. */
export function chileanDay(isoInstant: string): string {
  const instant = new Date(isoInstant);
  if (Number.isNaN(instant.getTime())) throw new ProviderError(`not a date: ${isoInstant}`);
  return chileDate.format(instant);
}

/** GET a JSON document, failing on network errors, non-2xx answers and timeouts alike. */
export async function getJson(url: string, timeoutMs = 10_000): Promise<unknown> {
  let response: Response;
  try {
    response = await fetch(url, { signal: AbortSignal.timeout(timeoutMs), headers: { accept: 'application/json' } });
  } catch (error) {
    throw new ProviderError(`request failed: ${error instanceof Error ? error.message : String(error)}`);
  }
  if (!response.ok) throw new ProviderError(`answered HTTP ${response.status}`);
  try {
    return await response.json();
  } catch {
    throw new ProviderError('answered a body that is not JSON');
  }
}

/** YYYY-MM-DD plus `days` (negative goes back), in calendar days. */
export function addDays(day: string, days: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}
