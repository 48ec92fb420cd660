import { reportsViewer as t } from '../../shared/i18n/es/reports';
import { chartMap } from '../lib/accounting/pipeline';
import { type Movements, resultOf } from '../lib/accounting/statements';
import { type ChartAccount, type MonthAggregate, sliceKey, sliceOf, tagsOf } from '../lib/accounting/types';
import { getAggregates, getChart, getLedgerPointer } from '../lib/data/accounting-ledger';
import type { Panel } from './dashboard-panel';

/**
 * The built-in 'Resumen contable': a society's monthly revenue, expenses and result over the last twelve
 * months of its imported ledger (IFRS basis), from the pre-aggregated monthly slices, never the lines:
 * the chart and the ledger pointer (two GetItems in parallel), then one BatchGet of at most 24 slice aggregates.
 * Ledgers are per society, so a group or project selection gets a note instead (adding up every society's ledger
 * would read all of them on each view).
 */
const MONTHS = 12;
const THOUSANDS = 1000;

/** The IFRS movements of each month (its IFRS and AMBAS slices added up). */
export function monthlyMovements(aggregates: Map<string, MonthAggregate>): Map<string, Movements> {
  const months = new Map<string, Movements>();
  for (const [key, aggregate] of aggregates) {
    const { month } = sliceOf(key);
    const movements = months.get(month) ?? new Map();
    for (const [code, [d, c]] of Object.entries(aggregate.accounts)) {
      const [d0, c0] = movements.get(code) ?? [0, 0];
      movements.set(code, [d0 + d, c0 + c]);
    }
    months.set(month, movements);
  }
  return months;
}

export function accountingPanels(chart: Map<string, ChartAccount>, months: Map<string, Movements>): Panel[] {
  const ordered = [...months.keys()].sort();
  const sumOf = (movements: Movements, clase: ChartAccount['clase'], sign: 1 | -1) => {
    let total = 0;
    for (const [code, [d, c]] of movements) if (chart.get(code)?.clase === clase) total += sign * (c - d);
    return total;
  };
  const series = (value: (movements: Movements) => number) =>
    ordered.map((month) => ({
      label: month,
      value: Math.round(value(months.get(month) as Movements) / THOUSANDS),
    }));
  return [
    { id: 'revenue', title: t.panels.revenue, chart: 'bar', points: series((m) => sumOf(m, 'INGRESO', 1)) },
    { id: 'expenses', title: t.panels.expenses, chart: 'bar', points: series((m) => sumOf(m, 'GASTO', -1)) },
    { id: 'result', title: t.panels.result, chart: 'line', points: series((m) => resultOf(chart, m)) },
  ];
}

export async function accountingSummary(society: string | undefined): Promise<{ panels: Panel[]; note?: string }> {
  if (!society) return { panels: [], note: t.accountingNeedsSociety };
  const [accounts, pointer] = await Promise.all([getChart(society), getLedgerPointer(society)]);
  const tags = tagsOf('IFRS');
  const months = [...new Set(Object.keys(pointer.slices).map((key) => sliceOf(key)))]
    .filter((slice) => tags.includes(slice.tag))
    .map((slice) => slice.month);
  const latest = [...new Set(months)].sort().slice(-MONTHS);
  if (!accounts || latest.length === 0) return { panels: [], note: t.accountingNoLedger };
  const aggregates = await getAggregates(
    society,
    pointer,
    latest.flatMap((month) => tags.map((tag) => sliceKey(tag, month))),
  );
  return { panels: accountingPanels(chartMap(accounts), monthlyMovements(aggregates)) };
}
