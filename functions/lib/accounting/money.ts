import { roundToTarget } from './rounding';
import type { Movements } from './statements';
import type { MonthAggregate, Movement } from './types';

/** Σ of movements over months (the fiscal year to date: opening entry included, closing entry already left out). */
export function cumulativeMovements(months: Array<MonthAggregate | undefined>): Movements {
  const total: Movements = new Map();
  for (const month of months) {
    for (const [code, [d, c]] of Object.entries(month?.accounts ?? {})) {
      const movement = total.get(code);
      if (movement) {
        movement[0] += d;
        movement[1] += c;
      } else total.set(code, [d, c]);
    }
  }
  return total;
}

/** Joins the aggregates of the tags a basis reads (its own and AMBAS) for one month. */
export function mergeAggregates(parts: Array<MonthAggregate | undefined>): MonthAggregate | undefined {
  const present = parts.filter((p): p is MonthAggregate => p !== undefined);
  if (present.length === 0) return undefined;
  const merged: MonthAggregate = { accounts: {}, flows: {}, cash_change: 0, cash_opening: 0 };
  for (const part of present) {
    for (const [code, [d, c]] of Object.entries(part.accounts)) {
      const m = merged.accounts[code];
      if (m) {
        m[0] += d;
        m[1] += c;
      } else merged.accounts[code] = [d, c];
    }
    for (const [flow, amount] of Object.entries(part.flows)) merged.flows[flow] = (merged.flows[flow] ?? 0) + amount;
    merged.cash_change += part.cash_change;
    merged.cash_opening += part.cash_opening;
  }
  return merged;
}

/**
 * Movements in cents of a dollar at one rate (design/accounting.md, "USD"): the debit column and the credit column are
 * each rounded by largest remainder, so ΣD = ΣC still holds exactly and every statement built on them balances.
 */
export function movementsInCents(movements: Movements, rate: number): Movements {
  const codes = [...movements.keys()];
  const column = (side: 0 | 1) => codes.map((code) => ((movements.get(code) as Movement)[side] * 100) / rate);
  // One target for both columns, from the integer totals (equal when the ledger balances), not from float sums.
  let debitTotal = 0;
  let creditTotal = 0;
  for (const [d, c] of movements.values()) {
    debitTotal += d;
    creditTotal += c;
  }
  const debits = roundToTarget(column(0), Math.round((debitTotal * 100) / rate));
  const credits = roundToTarget(column(1), Math.round((creditTotal * 100) / rate));
  return new Map(codes.map((code, i) => [code, [debits[i] as number, credits[i] as number]]));
}
