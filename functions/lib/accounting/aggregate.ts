import { voucherCash } from './cashflow';
import { type ChartAccount, type LedgerLine, type MonthAggregate, type SliceKey, sliceKey } from './types';

/**
 * One pass over validated lines ("Storage"): the monthly per-account aggregate of every (tag, month) slice,
 * with the direct-method cash flow, and the lines grouped by slice and account for drill-down.
 */
export interface SliceContent {
  aggregate: MonthAggregate;
  /** Lines by account, in file order. */
  lines: Map<string, LedgerLine[]>;
}

const emptyAggregate = (): MonthAggregate => ({ accounts: {}, flows: {}, cash_change: 0, cash_opening: 0 });

export function aggregateLedger(lines: LedgerLine[], chart: Map<string, ChartAccount>): Map<SliceKey, SliceContent> {
  const slices = new Map<SliceKey, SliceContent>();
  const vouchers = new Map<string, LedgerLine[]>();
  for (const line of lines) {
    const key = sliceKey(line.base, line.fecha.slice(0, 7));
    let slice = slices.get(key);
    if (!slice) {
      slice = { aggregate: emptyAggregate(), lines: new Map() };
      slices.set(key, slice);
    }
    const byAccount = slice.lines.get(line.cod_cta);
    if (byAccount) byAccount.push(line);
    else slice.lines.set(line.cod_cta, [line]);
    // The closing entry is kept for drill-down but left out of every statement (the 8-column balance excludes it).
    if (line.tipo_comp === 'C') continue;
    const movement = slice.aggregate.accounts[line.cod_cta];
    if (movement) {
      movement[0] += line.debe;
      movement[1] += line.haber;
    } else slice.aggregate.accounts[line.cod_cta] = [line.debe, line.haber];
    const voucher = `${key}|${line.tipo_comp}|${line.nro_comp}`;
    const list = vouchers.get(voucher);
    if (list) list.push(line);
    else vouchers.set(voucher, [line]);
  }
  for (const voucherLines of vouchers.values()) {
    const first = voucherLines[0] as LedgerLine;
    const aggregate = (slices.get(sliceKey(first.base, first.fecha.slice(0, 7))) as SliceContent).aggregate;
    addCashFlow(aggregate, voucherLines, chart);
  }
  return slices;
}

/** Adds one voucher's cash to its month: the opening cash, or the change in cash spread over the flow lines. */
function addCashFlow(aggregate: MonthAggregate, lines: LedgerLine[], chart: Map<string, ChartAccount>) {
  const { opening, net, shares } = voucherCash(lines, chart);
  aggregate.cash_opening += opening;
  aggregate.cash_change += net;
  for (const { flow, share } of shares) aggregate.flows[flow] = (aggregate.flows[flow] ?? 0) + share;
}
