import type { IndicatorCode, IndicatorValue } from '../data/indicators';
import { type IpcVariations, shiftMonth, ufDaily, utmMonthly } from './official-rules';
import type { IndicatorProvider } from './provider';
import dataset from './sample-data.json';

/**
 * The bundled dataset for offline use: real published values frozen on `as_of` (a few years of IPC
 * variations, one UF and one UTM anchor, dólar observado and two euro values), from which UF and UTM follow the official rules.
 * Every value it gives is dated on or before `as_of` and stored with source 'sample', so the screen labels it as sample
 * data with its date. Of the euro it has only the two days it can vouch for (sample-data.json, sources.euro) and
 * fills nothing in between: the portal never shows an invented number.
 */
export const SAMPLE_AS_OF: string = dataset.as_of;
export const SAMPLE_IPC: IpcVariations = dataset.ipc;

export function sampleValues(code: IndicatorCode, asOf = SAMPLE_AS_OF): IndicatorValue[] {
  const at = (day: string, value: number): IndicatorValue => ({ code, day, value, source: 'sample' });
  switch (code) {
    case 'uf':
      return ufDaily(dataset.uf_anchor, SAMPLE_IPC, asOf).map((v) => at(v.day, v.value));
    case 'utm':
      return utmMonthly(dataset.utm_anchor, SAMPLE_IPC, asOf.slice(0, 7)).map((v) => at(`${v.month}-01`, v.value));
    case 'ipc':
      // INE publishes a month's IPC around the 8th of the next month: only months published by `asOf`.
      return Object.entries(SAMPLE_IPC)
        .filter(([month]) => `${shiftMonth(month, 1)}-08` <= asOf)
        .map(([month, value]) => at(`${month}-01`, value));
    case 'dolar':
    case 'euro':
      return Object.entries(dataset[code] as Record<string, number>)
        .filter(([day]) => day <= asOf)
        .map(([day, value]) => at(day, value));
  }
}

export const sampleProvider: IndicatorProvider = {
  name: 'sample',
  fetchRecent: async (code) => sampleValues(code),
};
