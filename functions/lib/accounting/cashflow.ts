import { roundToTarget } from './rounding';
import type { Movements } from './statements';
import type { ChartAccount, MonthAggregate } from './types';

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
