import { INDICATOR_CODES, MONTHLY_INDICATORS } from '../../shared/contracts/indicators';
import { type IndicatorCode, recentIndicatorValues } from '../lib/data/indicators';
import { addDays } from '../lib/indicators/provider';

/** Days of history each box draws: 30 days, a year for the monthly UTM and IPC (one point a month). */
const SERIES_DAYS = { daily: 30, monthly: 365 } as const;
/** At most one value a day (UF) or a month: the window up to the latest value holds at most this many. */
const SERIES_MAX_VALUES = { daily: 31, monthly: 13 } as const;

/** One Query per indicator, all at once: its newest values, from which the latest, its change and its trend. */
export function indicatorSummaries() {
  return Promise.all(INDICATOR_CODES.map(summaryOf));
}

async function summaryOf(code: IndicatorCode) {
  const period = MONTHLY_INDICATORS.includes(code) ? 'monthly' : 'daily';
  const recent = await recentIndicatorValues(code, SERIES_MAX_VALUES[period]);
  const latest = recent.at(-1);
  if (!latest) return { code, value: null, day: null, variation: null, series: [], source: null };
  const from = addDays(latest.day, -SERIES_DAYS[period]);
  const series = recent.filter((value) => value.day >= from);
  // The change is against the value before, only when that one is inside the window drawn: a daily value weeks
  // older (a gap in the source, or the bundled euro's two sample days) is no "previous value" to compare with.
  const before = recent.at(-2);
  const previous = before && before.day >= from ? before : undefined;
  return {
    code,
    value: latest.value,
    day: latest.day,
    variation: previous ? variationOf(code, previous.value, latest.value) : null,
    series: series.map(({ day, value }) => ({ day, value })),
    source: latest.source,
  };
}

function variationOf(code: IndicatorCode, previous: number, latest: number): number | null {
  if (code === 'ipc') return round(latest - previous, 2);
  return previous === 0 ? null : round(((latest - previous) / previous) * 100, 2);
}

const round = (value: number, decimals: number) => Math.round(value * 10 ** decimals) / 10 ** decimals;
