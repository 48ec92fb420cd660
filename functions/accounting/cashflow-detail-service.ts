import type * as z from 'zod/mini';
import type { CashFlowDetailReport, cashFlowDetailQuery } from '../../shared/contracts/accounting';
import { accountingStatements as t } from '../../shared/i18n/es/accounting';
import { voucherCash } from '../lib/accounting/cashflow';
import { compareCodes } from '../lib/accounting/fields';
import { chartMap } from '../lib/accounting/pipeline';
import { roundToTarget } from '../lib/accounting/rounding';
import { sliceKey, tagsOf } from '../lib/accounting/types';
import { type DrillLine, getChart, getLedgerPointer, getSliceLines } from '../lib/data/accounting-ledger';
import type { SocietyRecord } from '../lib/data/societies';
import { fieldErrors } from '../lib/errors';
import { cashFlowReport } from './statement-service';

type Line = DrillLine & { cod_cta: string };

/**
 * Cash-flow drill-down: the month's whole vouchers of the basis (its tag and AMBAS) are read back and split
 * as the import split them (voucherCash), keeping the shares that fell on the flow line asked for. Their total is the
 * statement's cell: in pesos by construction, in USD rounded to the cell's converted value (largest remainder).
 */
export async function cashFlowDetail(
  society: SocietyRecord,
  query: z.output<typeof cashFlowDetailQuery>,
): Promise<CashFlowDetailReport> {
  const missing = {
    ...(query.period ? {} : { period: ['REQUIRED'] }),
    ...(query.flujo ? {} : { flujo: ['REQUIRED'] }),
  };
  if (!query.period || !query.flujo) throw fieldErrors(missing);
  const { flujo, period, rule, money_type } = query;
  const [year, month] = period.split('-').map(Number) as [number, number];
  const [statement, pointer, accounts] = await Promise.all([
    cashFlowReport(society, { society: society.uuid, assignment: query.assignment, year, rule, money_type }),
    getLedgerPointer(society.uuid),
    getChart(society.uuid),
  ]);
  const chart = chartMap(accounts ?? []);
  const slices = await getSliceLines(
    society.uuid,
    pointer,
    tagsOf(rule).map((tag) => sliceKey(tag, period)),
  );

  const found: Array<{ line: Line; share: number }> = [];
  for (const { slice, lines } of slices) {
    const vouchers = new Map<string, Line[]>();
    for (const line of lines) {
      // The closing entry is in no statement (aggregate.ts), so in no drill-down either.
      if (line.tipo_comp === 'C') continue;
      const key = `${slice}|${line.tipo_comp}|${line.nro_comp}`;
      const list = vouchers.get(key);
      if (list) list.push(line);
      else vouchers.set(key, [line]);
    }
    for (const voucher of vouchers.values()) {
      for (const { line, flow, share } of voucherCash(voucher, chart).shares) {
        if (flow === flujo && share !== 0) found.push({ line, share });
      }
    }
  }
  found.sort(
    (a, b) =>
      a.line.fecha.localeCompare(b.line.fecha) ||
      compareCodes(a.line.nro_comp, b.line.nro_comp) ||
      a.line.linea - b.line.linea,
  );

  const row = statement.rows.find((r) => r.index === flujo);
  let amounts = found.map((f) => f.share);
  const rate = statement.header.exchange_rate;
  if (rate) {
    // The cell is already in dollars; its cents are the target the lines' cents must add up to.
    const cell = Math.round((row?.months[month - 1] ?? 0) * 100);
    amounts = roundToTarget(
      amounts.map((pesos) => (pesos * 100) / rate.value),
      cell,
    ).map((cents) => cents / 100);
  }
  const { year: _year, ...header } = statement.header;
  return {
    header,
    cod_cta: flujo,
    nom_cta: row?.name ?? t.flows[flujo] ?? flujo.replace(/_/g, ' '),
    lines: found.map(({ line }, i) => ({
      nro_trans: `${line.tipo_comp}-${line.nro_comp}`,
      fecha_reporte: line.fecha,
      com_mov: line.glosa,
      fec_doc: line.fec_doc,
      imp_mov_mn_sg: amounts[i] as number,
      cod_cta: line.cod_cta,
      nom_cta: chart.get(line.cod_cta)?.nom_cta ?? '',
    })),
    footer: { total: amounts.reduce((sum, a) => Math.round((sum + a) * 100) / 100, 0) },
  };
}
