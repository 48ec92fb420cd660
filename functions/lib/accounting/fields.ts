import { normalizeRut } from '../../../shared/rut';

/** Field readers shared by the chart and ledger validators; each returns undefined for a bad value. */

/** Whole pesos ≥ 0: `1190000`, Chilean thousands `1.190.000`, or empty (0). Excel numbers arrive as plain digits. */
export function parseAmount(value: string): number | undefined {
  const text = value.replace(/\s/g, '').replace(/^\$/, '');
  if (text === '') return 0;
  if (/^\d+$/.test(text) || /^\d{1,3}(\.\d{3})+$/.test(text)) {
    const amount = Number(text.replace(/\./g, ''));
    return Number.isSafeInteger(amount) ? amount : undefined;
  }
  // Excel may write `1190000,00` or `1.190.000,00`: a zero fraction is still a whole amount.
  const withZeroCents = /^(\d+|\d{1,3}(\.\d{3})+),0{1,2}$/.exec(text);
  if (withZeroCents?.[1]) return Number(withZeroCents[1].replace(/\./g, ''));
  return undefined;
}

/** ISO `2024-03-31`, or the Chilean `31-03-2024` / `31/03/2024`; a real calendar day. */
export function parseDate(value: string): string | undefined {
  const iso = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  const local = /^(\d{2})[-/](\d{2})[-/](\d{4})$/.exec(value);
  const [year, month, day] = iso
    ? [iso[1], iso[2], iso[3]]
    : local
      ? [local[3], local[2], local[1]]
      : [undefined, undefined, undefined];
  if (!year || !month || !day) return undefined;
  const date = new Date(Date.UTC(Number(year), Number(month) - 1, Number(day)));
  if (date.getUTCMonth() !== Number(month) - 1 || date.getUTCDate() !== Number(day)) return undefined;
  if (Number(year) < 1900 || Number(year) > 2999) return undefined;
  return `${year}-${month}-${day}`;
}

/** `76.123.456-7` or `76123456-7` in the stored form (no dots, upper-case K). */
export const canonicalRut = (value: string) => normalizeRut(value.replace(/\./g, ''));

export function parseFlag(value: string, fallback: boolean): boolean | undefined {
  const v = value.trim().toUpperCase();
  if (v === '') return fallback;
  if (['S', 'SI', 'SÍ', 'TRUE', '1', 'Y'].includes(v)) return true;
  if (['N', 'NO', 'FALSE', '0'].includes(v)) return false;
  return undefined;
}

/** Flow line codes are free text in files (`Cobros a clientes`, `cobros_clientes`): kept as a lower-case key. */
export const flowKey = (value: string) =>
  value
    .trim()
    .toLowerCase()
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_|_$/g, '');

/** Account codes are text (`1.1.10.1`, `110101`, `5-2-01-002`): compared segment by segment, numbers as numbers. */
export function compareCodes(a: string, b: string): number {
  const sa = a.split(/[.\-\s]/);
  const sb = b.split(/[.\-\s]/);
  for (let i = 0; i < Math.max(sa.length, sb.length); i++) {
    const x = sa[i];
    const y = sb[i];
    if (x === undefined) return -1;
    if (y === undefined) return 1;
    if (x === y) continue;
    const nx = Number(x);
    const ny = Number(y);
    if (/^\d+$/.test(x) && /^\d+$/.test(y) && nx !== ny) return nx - ny;
    return x < y ? -1 : 1;
  }
  return 0;
}

/** Chilean number format for messages: 1.190.000. */
export const clp = (amount: number) => amount.toLocaleString('es-CL');
