import { accountingImport } from '../../../shared/i18n/es/accounting';
import type { RowReport } from './chart';
import { canonicalRut, clp, flowKey, parseAmount, parseDate } from './fields';
import type { TableRow } from './read-table';
import { type ChartAccount, type LedgerLine, LINE_TAGS, type LineTag, VOUCHER_TYPES, type VoucherType } from './types';

/** libro_diario columns (design/accounting.md); starred ones must be in the header. */
export const LEDGER_COLUMNS = [
  'rut_sociedad',
  'base',
  'fecha',
  'tipo_comp',
  'nro_comp',
  'linea',
  'cod_cta',
  'nom_cta',
  'debe',
  'haber',
  'glosa',
  'fec_doc',
  'rut_aux',
  'tipo_doc',
  'nro_doc',
  'centro_costo',
  'flujo',
  'moneda',
  'debe_me',
  'haber_me',
  'tipo_cambio',
] as const;
export const LEDGER_REQUIRED = [
  'rut_sociedad',
  'fecha',
  'tipo_comp',
  'nro_comp',
  'linea',
  'cod_cta',
  'debe',
  'haber',
] as const;

const t = accountingImport.rowErrors;

/** A voucher is identified by (rut, base, period, tipo_comp, nro_comp); the rut is the society's once checked. */
const voucherKey = (line: Pick<LedgerLine, 'base' | 'fecha' | 'tipo_comp' | 'nro_comp'>) =>
  `${line.base}|${line.fecha.slice(0, 7)}|${line.tipo_comp}|${line.nro_comp}`;
export const voucherLabel = (line: Pick<LedgerLine, 'tipo_comp' | 'nro_comp' | 'fecha'>) =>
  `${line.tipo_comp}-${line.nro_comp} (${line.fecha.slice(0, 7)})`;

/**
 * Checks every row (unbalanced voucher, unknown account, amounts on both sides, a RUT not the society's, a
 * bad date, …) and reports each; the lines are returned only when every row passed, so a file is stored whole or not.
 */
export function validateLedger(
  rows: TableRow[],
  chart: Map<string, ChartAccount>,
  societyRut: string,
): { lines: LedgerLine[]; report: RowReport[] } {
  const report: RowReport[] = [];
  const parsed: Array<{ index: number; line: LedgerLine }> = [];
  const rut = canonicalRut(societyRut);
  for (const { row, values } of rows) {
    const errors: string[] = [];
    const value = (column: string) => values[column] ?? '';
    for (const column of LEDGER_REQUIRED) {
      if (column !== 'debe' && column !== 'haber' && !value(column)) errors.push(t.missing(column));
    }
    if (value('rut_sociedad') && canonicalRut(value('rut_sociedad')) !== rut) {
      errors.push(t.foreignRut(value('rut_sociedad')));
    }
    const base = (value('base').toUpperCase() || 'AMBAS') as LineTag;
    if (!LINE_TAGS.includes(base)) errors.push(t.badBase);
    const fecha = parseDate(value('fecha'));
    if (value('fecha') && !fecha) errors.push(t.badDate('fecha'));
    const fecDoc = value('fec_doc') ? parseDate(value('fec_doc')) : '';
    if (fecDoc === undefined) errors.push(t.badDate('fec_doc'));
    const tipo = value('tipo_comp').toUpperCase() as VoucherType;
    if (value('tipo_comp') && !VOUCHER_TYPES.includes(tipo)) errors.push(t.badVoucherType);
    const linea = Number(value('linea'));
    if (value('linea') && !(Number.isSafeInteger(linea) && linea > 0)) errors.push(t.badLineNumber);
    const cod = value('cod_cta');
    const account = chart.get(cod);
    if (cod && !account) errors.push(t.unknownAccount(cod));
    else if (account && !account.imputable) errors.push(t.notImputable(cod));
    const debe = parseAmount(value('debe'));
    const haber = parseAmount(value('haber'));
    if (debe === undefined) errors.push(t.badAmount('debe'));
    if (haber === undefined) errors.push(t.badAmount('haber'));
    if (debe !== undefined && haber !== undefined) {
      if (debe > 0 && haber > 0) errors.push(t.bothSides);
      if (debe === 0 && haber === 0) errors.push(t.noSide);
    }
    if (value('glosa').length > 300) errors.push(t.tooLong('glosa'));
    if (value('nro_comp').length > 40) errors.push(t.tooLong('nro_comp'));
    report.push({ row, status: errors.length ? 'FAILED' : 'OK', errors });
    // The voucher check takes every row whose voucher and amounts could be read, even one failing for another
    // reason (an unknown account), so a voucher is not also called unbalanced because one of its rows failed.
    const voucherReadable =
      fecha &&
      LINE_TAGS.includes(base) &&
      VOUCHER_TYPES.includes(tipo) &&
      value('nro_comp') &&
      debe !== undefined &&
      haber !== undefined;
    if (voucherReadable) {
      parsed.push({
        index: report.length - 1,
        line: {
          base,
          fecha,
          tipo_comp: tipo,
          nro_comp: value('nro_comp'),
          linea,
          cod_cta: cod,
          debe,
          haber,
          glosa: value('glosa'),
          fec_doc: fecDoc ?? '',
          flujo: value('flujo') ? flowKey(value('flujo')) : '',
        },
      });
    }
  }
  checkVouchers(parsed, report);
  const failed = report.some((r) => r.status === 'FAILED');
  return { lines: failed ? [] : parsed.map((p) => p.line), report };
}

/** Each voucher must balance (Σdebe = Σhaber) and number its lines once; every row of a bad voucher is reported. */
function checkVouchers(parsed: Array<{ index: number; line: LedgerLine }>, report: RowReport[]) {
  const vouchers = new Map<string, Array<{ index: number; line: LedgerLine }>>();
  for (const entry of parsed) {
    const key = voucherKey(entry.line);
    const list = vouchers.get(key);
    if (list) list.push(entry);
    else vouchers.set(key, [entry]);
  }
  const fail = (index: number, error: string) => {
    const entry = report[index] as RowReport;
    entry.status = 'FAILED';
    entry.errors.push(error);
  };
  for (const entries of vouchers.values()) {
    const first = (entries[0] as { line: LedgerLine }).line;
    const debe = entries.reduce((sum, e) => sum + e.line.debe, 0);
    const haber = entries.reduce((sum, e) => sum + e.line.haber, 0);
    if (debe !== haber) {
      const message = t.unbalanced(voucherLabel(first), clp(debe), clp(haber));
      for (const e of entries) fail(e.index, message);
    }
    const lineNumbers = new Set<number>();
    for (const e of entries) {
      if (lineNumbers.has(e.line.linea)) fail(e.index, t.duplicateLine(voucherLabel(first)));
      lineNumbers.add(e.line.linea);
    }
  }
}
