import { INDICATOR_CODES, type IndicatorCode, type IndicatorValue } from '../data/indicators';
import { chileanDay, getJson, type IndicatorProvider, ProviderError } from './provider';

/**
 * mindicador.cl (no key; republishes Banco Central data): `GET {base}/api/{tipo}` answers
 * `{codigo, nombre, unidad_medida, serie: [{fecha, valor}]}`, newest first, about the last month of values (a year of
 * months for UTM and IPC). The portal's codes are mindicador's own.
 */
interface MindicadorSeries {
  codigo?: unknown;
  serie?: unknown;
}

export function mindicadorProvider(baseUrl: string): IndicatorProvider {
  const base = baseUrl.replace(/\/+$/, '');
  return {
    name: 'mindicador',
    async fetchRecent(code, today) {
      const document = (await getJson(`${base}/api/${code}`)) as MindicadorSeries;
      return parseMindicadorSeries(code, document, today);
    },
  };
}

export function parseMindicadorSeries(
  code: IndicatorCode,
  document: MindicadorSeries,
  today: string,
): IndicatorValue[] {
  if (!INDICATOR_CODES.includes(code) || document?.codigo !== code || !Array.isArray(document.serie)) {
    throw new ProviderError(`mindicador answered no '${code}' series`);
  }
  const values = document.serie.map((point: { fecha?: unknown; valor?: unknown }) => {
    if (typeof point?.fecha !== 'string' || typeof point.valor !== 'number' || !Number.isFinite(point.valor)) {
      throw new ProviderError(`mindicador '${code}' has a point without date or number`);
    }
    const day = chileanDay(point.fecha);
    // Monthly indicators are dated on their month's first day, as the store expects.
    return { code, day: code === 'utm' || code === 'ipc' ? `${day.slice(0, 7)}-01` : day, value: point.valor };
  });
  return values.filter((v) => v.day <= today).map((v) => ({ ...v, source: 'mindicador' }));
}
