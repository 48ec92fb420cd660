import { allocate, roundToTarget } from './rounding';
import type { Movements } from './statements';
import { type ChartAccount, type MonthAggregate, UNCLASSIFIED_FLOW } from './types';

/** The usual direct-method lines first (IAS 7), then any other line the files name, alphabetically. */
export const FLOW_ORDER = [
  'cobros_clientes',
  'pagos_proveedores',
  'remuneraciones',
  'impuestos',
  'intereses',
  'compra_activo_fijo',
  'prestamos',
  'pago_prestamos',
  'aportes_dividendos',
];

export interface CashFlowRow {
  index: string;
  /** Months 1 to 12 (January first). */
  months: number[];
  total: number;
}
export interface CashFlow {
  rows: CashFlowRow[];
  footer: { total: { months: number[]; total: number } };
  opening_cash: number;
  closing_cash: number;
}

/** What the direct method reads of a line: the import's lines and the drill-down's stored ones alike. */
export interface CashLine {
  tipo_comp: string;
  linea: number;
  cod_cta: string;
  debe: number;
  haber: number;
  /** The line's own cash-flow line, or '' for the account's. */
  flujo: string;
}

/**
 * Direct method for one voucher (design/accounting.md, "Cash flow"): N = Σ(debe − haber) over its cash lines, spread
 * over its other lines in proportion to |amount| by largest remainder, each share under the line's flujo, else the
 * account's, else 'sin_clasificar'. The opening entry only sets the opening cash; a transfer between cash accounts
 * has N = 0. Lines are taken in `linea` order (unique in a voucher), so the import's aggregate and the drill-down,
 * which reads the lines back by account, split every voucher the same way, to the peso.
 */
export function voucherCash<L extends CashLine>(lines: L[], chart: Map<string, ChartAccount>) {
  const isCash = (line: L) => chart.get(line.cod_cta)?.es_efectivo === true;
  const net = lines.filter(isCash).reduce((sum, l) => sum + l.debe - l.haber, 0);
  if (lines[0]?.tipo_comp === 'A') return { opening: net, net: 0, shares: [] };
  if (net === 0) return { opening: 0, net: 0, shares: [] };
  const others = lines.filter((l) => !isCash(l)).sort((a, b) => a.linea - b.linea);
  const amounts = allocate(
    net,
    others.map((l) => Math.abs(l.debe - l.haber)),
  );
  const shares = others.map((line, i) => ({
    line,
    flow: line.flujo || chart.get(line.cod_cta)?.flujo || UNCLASSIFIED_FLOW,
    share: amounts[i] as number,
  }));
  return { opening: 0, net, shares };
}

const rank = (key: string) => {
  const at = FLOW_ORDER.indexOf(key);
  return at === -1 ? FLOW_ORDER.length : at;
};

/** Cash of the cash accounts (es_efectivo) from cumulative movements: the closing cash, read apart from the flows. */
export function cashBalance(chart: Map<string, ChartAccount>, movements: Movements): number {
  let cash = 0;
  for (const [code, [d, c]] of movements) if (chart.get(code)?.es_efectivo) cash += d - c;
  return cash;
}

/**
 * Cash flow by line and month (design/accounting.md: opening cash + Σ monthly totals = closing cash; each month's
 * total = that month's change in cash). monthly[i] is month i + 1's aggregate, or undefined without data.
 */
export function cashFlow(monthly: Array<MonthAggregate | undefined>, closingCash: number): CashFlow {
  const keys = new Set<string>();
  for (const month of monthly) for (const key of Object.keys(month?.flows ?? {})) keys.add(key);
  const rows = [...keys]
    .sort((a, b) => rank(a) - rank(b) || a.localeCompare(b))
    .map((index) => {
      const months = Array.from({ length: 12 }, (_, i) => monthly[i]?.flows[index] ?? 0);
      return { index, months, total: months.reduce((s, v) => s + v, 0) };
    });
  const totals = Array.from({ length: 12 }, (_, i) => rows.reduce((s, r) => s + (r.months[i] as number), 0));
  return {
    rows,
    footer: { total: { months: totals, total: totals.reduce((s, v) => s + v, 0) } },
    opening_cash: monthly.reduce((s, m) => s + (m?.cash_opening ?? 0), 0),
    closing_cash: closingCash,
  };
}

/**
 * In cents of a dollar at one rate: opening cash and the month totals are rounded together so that opening + Σ months
 * = closing; each month's lines are rounded to that month's converted total (largest remainder).
 */
export function cashFlowInCents(flow: CashFlow, rate: number): CashFlow {
  const cents = (x: number) => (x * 100) / rate;
  const closing = Math.round(cents(flow.closing_cash)) + 0;
  const [opening, ...monthTotals] = roundToTarget(
    [cents(flow.opening_cash), ...flow.footer.total.months.map(cents)],
    closing,
  ) as [number, ...number[]];
  const rowMonths = flow.rows.map(() => new Array<number>(12).fill(0));
  for (let m = 0; m < 12; m++) {
    const column = roundToTarget(
      flow.rows.map((r) => cents(r.months[m] as number)),
      monthTotals[m] as number,
    );
    column.forEach((value, r) => {
      (rowMonths[r] as number[])[m] = value;
    });
  }
  const rows = flow.rows.map((row, r) => {
    const months = rowMonths[r] as number[];
    return { index: row.index, months, total: months.reduce((s, v) => s + v, 0) };
  });
  return {
    rows,
    footer: { total: { months: monthTotals, total: monthTotals.reduce((s, v) => s + v, 0) } },
    opening_cash: opening,
    closing_cash: closing,
  };
}
