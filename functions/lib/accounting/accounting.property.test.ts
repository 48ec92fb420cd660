import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  CHART_CSV,
  CODES,
  independentBalance,
  RESULT_CODES,
  voucherArb,
  voucherLedgerCsv,
} from '../../../test/helpers/random-ledgers';
import { cashBalance, cashFlow, cashFlowInCents } from './cashflow';
import { CHART_BUDGET, LEDGER_JOB_BUDGET } from './import-budgets';
import { cumulativeMovements, mergeAggregates, movementsInCents } from './money';
import { chartFromFile, chartMap, ledgerFromFile } from './pipeline';
import { balance8, financialSituation, type Movements, statusResults } from './statements';
import { type ChartAccount, type MonthAggregate, type Rule, sliceKey, tagsOf } from './types';

/**
 * "Must show": random balanced ledgers through the real import steps (CSV text → validation → aggregates)
 * give statements that satisfy I1–I8 of design/accounting.md in both bases and both currencies, and the 8-column
 * balance equals a computation written here from the generated vouchers alone.
 */
const RUT = '76086428-5';
const CASH_CODES = new Set(['1.1.01', '1.1.02']);

const LABELS = {
  totalOf: (h: string) => `Total ${h}`,
  totalAssets: 'TA',
  totalPassiveAndHeritage: 'TPP',
  resultOfYear: 'R',
};
const sum = <T>(list: T[], pick: (x: T) => number) => list.reduce((s, x) => s + pick(x), 0);

function checkInvariants(chart: Map<string, ChartAccount>, movements: Movements) {
  const b = balance8(chart, movements);
  const f = b.footer;
  expect(f.cumulative_total.debitos).toBe(f.cumulative_total.creditos); // I1
  expect(f.cumulative_total.deudor).toBe(f.cumulative_total.acreedor); // I2
  for (const r of b.rows) {
    // I3
    expect(r.deudor - r.acreedor).toBe(r.debitos - r.creditos);
    expect(Math.min(r.deudor, r.acreedor)).toBe(0);
    expect(r.activo + r.perdida).toBe(r.deudor);
    expect(r.pasivo + r.ganancia).toBe(r.acreedor);
    expect((r.activo || r.pasivo) && (r.perdida || r.ganancia)).toBeFalsy();
  }
  const u = f.cumulative_total.ganancia - f.cumulative_total.perdida;
  expect(f.cumulative_total.activo - f.cumulative_total.pasivo).toBe(u); // I4
  expect(f.equal_sums.activo).toBe(f.equal_sums.pasivo); // I5
  expect(f.equal_sums.perdida).toBe(f.equal_sums.ganancia);
  const results = statusResults(chart, movements, undefined, LABELS);
  expect(results.at(-1)?.imp_mov_mn_sg).toBe(u); // I6
  const fs = financialSituation(chart, movements, undefined, LABELS);
  const assetRows = fs.assets.filter((r) => typeof r.index === 'number');
  const liabilityRows = fs.passive_and_heritage.filter((r) => typeof r.index === 'number');
  expect(fs.assets.at(-1)?.imp_mov_mn_sg).toBe(sum(assetRows, (r) => r.imp_mov_mn_sg)); // I7
  expect(fs.assets.at(-1)?.imp_mov_mn_sg).toBe(sum(liabilityRows, (r) => r.imp_mov_mn_sg) + u);
  expect(fs.passive_and_heritage.at(-1)?.imp_mov_mn_sg).toBe(fs.assets.at(-1)?.imp_mov_mn_sg);
  expect(fs.passive_and_heritage.at(-2)?.imp_mov_mn_sg).toBe(u);
  return b;
}

describe('statements of random balanced ledgers', () => {
  it('satisfy I1–I8 in both bases and both currencies, and match an independent 8-column computation', {
    timeout: 60_000,
  }, async () => {
    const chartFile = await chartFromFile(Buffer.from(CHART_CSV, 'utf8'), CHART_BUDGET);
    expect(chartFile.report.every((r) => r.status === 'OK')).toBe(true);
    const chart = chartMap(chartFile.accounts);
    await fc.assert(
      fc.asyncProperty(
        fc.array(voucherArb(CODES), { minLength: 1, maxLength: 40 }),
        fc.integer({ min: 1, max: 12 }),
        fc.double({ min: 300, max: 1200, noNaN: true }),
        async (vouchers, month, rate) => {
          const imported = await ledgerFromFile(
            Buffer.from(voucherLedgerCsv('76.086.428-5', 2024, vouchers), 'utf8'),
            chart,
            RUT,
            LEDGER_JOB_BUDGET,
          );
          expect(imported.report.filter((r) => r.status === 'FAILED')).toEqual([]);
          for (const rule of ['IFRS', 'TRBT'] as Rule[]) {
            const monthly: Array<MonthAggregate | undefined> = Array.from({ length: 12 }, (_, i) =>
              mergeAggregates(
                tagsOf(rule).map(
                  (tag) => imported.slices.get(sliceKey(tag, `2024-${String(i + 1).padStart(2, '0')}`))?.aggregate,
                ),
              ),
            );
            const movements = cumulativeMovements(monthly.slice(0, month));
            const b = checkInvariants(chart, movements);
            expect(b.rows.map(({ cod_cta, nom_cta: _n, parent1: _p, ...eight }) => ({ cod_cta, ...eight }))).toEqual(
              independentBalance(vouchers, rule, month, RESULT_CODES),
            );
            // I8: the cumulative of month m is the one of m − 1 plus the month's movements.
            if (month > 1) {
              const before = cumulativeMovements(monthly.slice(0, month - 1));
              for (const [code, [d, c]] of Object.entries(monthly[month - 1]?.accounts ?? {})) {
                const [bd, bc] = before.get(code) ?? [0, 0];
                expect(movements.get(code)).toEqual([bd + d, bc + c]);
              }
            }
            checkInvariants(chart, movementsInCents(movements, rate));
            // Cash flow: opening cash + Σ month totals = closing cash (read from the cash accounts), in CLP and USD.
            const year = cumulativeMovements(monthly);
            const flow = cashFlow(monthly, cashBalance(chart, year));
            expect(flow.opening_cash + flow.footer.total.total).toBe(flow.closing_cash);
            monthly.forEach((m, i) => {
              const change = sum([...Object.entries(m?.accounts ?? {})], ([code, [d, c]]) =>
                CASH_CODES.has(code) ? d - c : 0,
              );
              expect((flow.footer.total.months[i] as number) + 0).toBe(change - (m?.cash_opening ?? 0) + 0);
            });
            const usd = cashFlowInCents(flow, rate);
            expect(usd.opening_cash + usd.footer.total.total).toBe(usd.closing_cash);
            for (let i = 0; i < 12; i++)
              expect(sum(usd.rows, (r) => r.months[i] as number)).toBe(usd.footer.total.months[i]);
          }
        },
      ),
      { numRuns: 150 },
    );
  });
});
