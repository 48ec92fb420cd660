import type { IndicatorCode, IndicatorValue } from '../data/indicators';
import { parseChileanNumber } from './chilean-number';
import { addDays, getJson, type IndicatorProvider, ProviderError } from './provider';

/**
 * CMF Chile (free API key): `GET {base}/api-sbifv3/recursos_api/{code}/{yyyy}?apikey=...&formato=json` answers
 * `{"UFs": [{"Valor": "29.061,89", "Fecha": "2021-01-09"}]}` (also Dolares, Euros, UTMs, IPCs), values in Chilean
 * number format. The current year is asked, and the previous one too early in the year so a 30-day series is complete.
 */
const LIST_NAME: Record<IndicatorCode, string> = {
  uf: 'UFs',
  dolar: 'Dolares',
  euro: 'Euros',
  utm: 'UTMs',
  ipc: 'IPCs',
};

export function cmfProvider(baseUrl: string, apiKey: () => Promise<string>): IndicatorProvider {
  const base = baseUrl.replace(/\/+$/, '');
  return {
    name: 'cmf',
    async fetchRecent(code, today) {
      const key = await apiKey();
      const thisYear = today.slice(0, 4);
      const monthly = code === 'utm' || code === 'ipc';
      // The previous year too when a year of months, or the last 30 days, reach into it.
      const needsPreviousYear = monthly || addDays(today, -30).slice(0, 4) !== thisYear;
      const years = needsPreviousYear ? [String(Number(thisYear) - 1), thisYear] : [thisYear];
      const values: IndicatorValue[] = [];
      for (const year of years) {
        const url = `${base}/api-sbifv3/recursos_api/${code}/${year}?apikey=${encodeURIComponent(key)}&formato=json`;
        values.push(...parseCmfAnswer(code, await getJson(url), today));
      }
      return values;
    },
  };
}

export function parseCmfAnswer(code: IndicatorCode, document: unknown, today: string): IndicatorValue[] {
  const list = (document as Record<string, unknown> | null)?.[LIST_NAME[code]];
  if (!Array.isArray(list)) throw new ProviderError(`CMF answered no ${LIST_NAME[code]} list`);
  return list
    .map((entry: { Valor?: unknown; Fecha?: unknown }) => {
      if (
        typeof entry?.Valor !== 'string' ||
        typeof entry.Fecha !== 'string' ||
        !/^\d{4}-\d{2}-\d{2}$/.test(entry.Fecha)
      ) {
        throw new ProviderError(`CMF ${LIST_NAME[code]} has an entry without Valor or Fecha`);
      }
      const day = code === 'utm' || code === 'ipc' ? `${entry.Fecha.slice(0, 7)}-01` : entry.Fecha;
      return { code, day, value: parseChileanNumber(entry.Valor), source: 'cmf' };
    })
    .filter((value) => value.day <= today);
}
