import { INDICATOR_CODES, MONTHLY_INDICATORS } from '../../shared/contracts/indicators';
import { type IndicatorCode, indicatorSeries, latestIndicatorValue } from '../lib/data/indicators';
import { addDays } from '../lib/indicators/provider';

/** Days of history each box draws: 30 days (issue 13), a year for the monthly UTM and IPC (one point a month). */
const SERIES_DAYS = { daily: 30, monthly: 365 } as const;

/** Two Queries per indicator, all indicators at once: one for the latest value, one for its series up to it. */
export function indicatorSummaries() {
  return Promise.all(INDICATOR_CODES.map(summaryOf));
}

async function summaryOf(code: IndicatorCode) {
  const latest = await latestIndicatorValue(code);
  if (!latest) return { code, value: null, day: null, variation: null, series: [], source: null };
  const monthly = MONTHLY_INDICATORS.includes(code);
  const from = addDays(latest.day, -(monthly ? SERIES_DAYS.monthly : SERIES_DAYS.daily));
  const series = await indicatorSeries(code, from, latest.day);
  const previous = series.length >= 2 ? series[series.length - 2] : undefined;
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
