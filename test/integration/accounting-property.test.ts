import fc from 'fast-check';
import { beforeAll, describe, expect, inject, test } from 'vitest';
import * as accounting from '../../shared/contracts/accounting';
import { signIn } from '../helpers/api';
import { tableAccess } from '../helpers/db';
import { unique } from '../helpers/fresh';
import {
  CHART_CSV,
  CODES,
  independentBalance,
  RESULT_CODES,
  type Voucher,
  voucherArb,
  voucherLedgerCsv,
} from '../helpers/random-ledgers';
import { newSociety } from '../helpers/societies';
import { statementAssignments, upload, viewVia } from './accounting-helpers';

/**
 * "Must show", over the real HTTP API: random balanced ledgers go through the import endpoints of the
 * integration portal, and every statement the API answers satisfies I1–I8 of design/accounting.md in both bases and
 * both currencies; the 8-column balance equals a computation written here from the generated vouchers alone, and a
 * cash-flow cell's drill-down adds up to the cell. Few runs (each is a society, two imports and ~24 requests); the
 * in-process property (functions/lib/accounting/accounting.property.test.ts) runs 150.
 */
const YEAR = 2017;

/** Amounts compared as whole units: pesos, or cents for USD (the API answers dollars with two decimals). */
const unitsOf = (money: string) => (x: number) => (money === 'USD' ? Math.round(x * 100) : x);
const total = <T>(list: T[], pick: (x: T) => number) => list.reduce((s, x) => s + pick(x), 0);

let superAdmin: string;
let opened: Record<accounting.StatementFamily, string>;
const view = viewVia(() => opened);

beforeAll(async () => {
  superAdmin = (await signIn('superadmin@demo.cl')).access;
  opened = await statementAssignments(superAdmin, { group_list: [inject('portal').demo.groups.norte] });
  // A dólar observado for every month end of the year, so USD statements of any period convert.
  const { putIndicatorValues } = await import('../../functions/lib/data/indicators');
  await tableAccess();
  await putIndicatorValues(
    Array.from({ length: 12 }, (_, i) => ({
      code: 'dolar',
      day: new Date(Date.UTC(YEAR, i + 1, 0)).toISOString().slice(0, 10),
      value: 600 + i * 17.37,
      source: 'sample',
    })),
  );
});

async function importedSociety(vouchers: Voucher[]) {
  const created = await newSociety(superAdmin, inject('portal').demo.groups.norte, {
    society_business_name: `Propiedad ${unique()} SpA`,
    company_code: 'PRO',
    society_email: 'contacto@propiedad.cl',
  });
  const society = created.uuid;
  const chart = await upload(
    accounting.importAccountingChart,
    superAdmin,
    { society },
    { name: 'plan.csv', data: CHART_CSV },
  );
  expect(chart.body.imported).toBe(true);
  const ledger = await upload(
    accounting.importAccountingLedger,
    superAdmin,
    { society },
    { name: 'libro.csv', data: voucherLedgerCsv(created.society_rut, YEAR, vouchers) },
  );
  expect(ledger.body.report).toEqual([]);
  expect(ledger.body.imported).toBe(true);
  return society;
}

async function checkStatements(
  society: string,
  vouchers: Voucher[],
  month: number,
  rule: 'IFRS' | 'TRBT',
  money: string,
) {
  const token = superAdmin;
  const u = unitsOf(money);
  const period = `${YEAR}-${String(month).padStart(2, '0')}`;
  const base = { society, rule, money_type: money };
  const [balance, previous, results, situation, flow] = await Promise.all([
    view(accounting.balance8columnsReport, { token, query: { ...base, year: YEAR, month } }),
    view(accounting.balance8columnsReport, { token, query: { ...base, year: YEAR, month: Math.max(1, month - 1) } }),
    view(accounting.statusResultsReport, { token, query: { ...base, start_period: period } }),
    view(accounting.financialSituationReport, { token, query: { ...base, start_period: period } }),
    view(accounting.cashflowReport, { token, query: { ...base, year: YEAR } }),
  ]);
  for (const answer of [balance, previous, results, situation, flow]) expect(answer.status).toBe(200);

  const f = balance.body.footer;
  expect(u(f.cumulative_total.debitos)).toBe(u(f.cumulative_total.creditos)); // I1
  expect(u(f.cumulative_total.deudor)).toBe(u(f.cumulative_total.acreedor)); // I2
  for (const r of balance.body.rows) {
    // I3
    expect(u(r.deudor) - u(r.acreedor)).toBe(u(r.debitos) - u(r.creditos));
    expect(Math.min(r.deudor, r.acreedor)).toBe(0);
    expect(u(r.activo) + u(r.perdida)).toBe(u(r.deudor));
    expect(u(r.pasivo) + u(r.ganancia)).toBe(u(r.acreedor));
    expect((r.activo || r.pasivo) && (r.perdida || r.ganancia)).toBeFalsy();
  }
  const result = u(f.cumulative_total.ganancia) - u(f.cumulative_total.perdida);
  expect(u(f.cumulative_total.activo) - u(f.cumulative_total.pasivo)).toBe(result); // I4
  expect(u(f.equal_sums.activo)).toBe(u(f.equal_sums.pasivo)); // I5
  expect(u(f.equal_sums.perdida)).toBe(u(f.equal_sums.ganancia));
  expect(u(results.body.rows.at(-1)?.imp_mov_mn_sg ?? 0)).toBe(result); // I6
  // I7: the financial position from signed balances by nivel2 (accounts, not the 8 columns) balances with U.
  const accounts = (rows: accounting.StatementRow[]) => rows.filter((r) => typeof r.index === 'number');
  const { assets, passive_and_heritage: liabilities } = situation.body;
  const totalAssets = u(assets.at(-1)?.imp_mov_mn_sg ?? 0);
  expect(totalAssets).toBe(total(accounts(assets), (r) => u(r.imp_mov_mn_sg)));
  expect(totalAssets).toBe(total(accounts(liabilities), (r) => u(r.imp_mov_mn_sg)) + result);
  expect(u(liabilities.at(-1)?.imp_mov_mn_sg ?? 0)).toBe(totalAssets);

  if (money === 'LOCAL') {
    // The 8 columns equal the test's own computation from the vouchers.
    expect(balance.body.rows.map(({ nom_cta: _n, parent1: _p, ...row }) => row)).toEqual(
      independentBalance(vouchers, rule, month, RESULT_CODES),
    );
    // I8: cumulative(m) = cumulative(m − 1) + the month's movements (read from the vouchers).
    if (month > 1) {
      const debits = (rows: Array<{ debitos: number }>) => total(rows, (r) => r.debitos);
      const moved = total(
        vouchers.filter((v) => v.month === month && v.tipo !== 'C' && (v.base === rule || v.base === 'AMBAS')),
        (v) => total(v.lines, (l) => l.debe),
      );
      expect(debits(balance.body.rows)).toBe(debits(previous.body.rows) + moved);
    }
  }

  // Cash flow: opening + Σ months = closing; each month's lines add up to its total.
  const cash = flow.body;
  expect(u(cash.opening_cash) + u(cash.footer.total.total)).toBe(u(cash.closing_cash));
  for (let i = 0; i < 12; i++) {
    expect(total(cash.rows, (r) => u(r.months[i] as number))).toBe(u(cash.footer.total.months[i] as number));
  }
  // A cell's drill-down adds up to the cell (the first non-zero one).
  const row = cash.rows.find((r) => r.months.some((v) => v !== 0));
  if (row) {
    const m = row.months.findIndex((v) => v !== 0);
    const detail = await view(accounting.cashflowDetail, {
      token,
      query: { ...base, period: `${YEAR}-${String(m + 1).padStart(2, '0')}`, flujo: row.index },
    });
    expect(detail.status).toBe(200);
    expect(u(detail.body.footer.total)).toBe(u(row.months[m] as number));
    expect(total(detail.body.lines, (l) => u(l.imp_mov_mn_sg))).toBe(u(row.months[m] as number));
  }
}

describe('random balanced ledgers through the HTTP API', () => {
  test('every statement the API answers satisfies I1–I8 (both bases, both currencies)', {
    timeout: 240_000,
  }, async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(voucherArb(CODES), { minLength: 1, maxLength: 25 }),
        fc.integer({ min: 1, max: 12 }),
        async (vouchers, month) => {
          const society = await importedSociety(vouchers);
          for (const rule of ['IFRS', 'TRBT'] as const) {
            for (const money of ['LOCAL', 'USD']) await checkStatements(society, vouchers, month, rule, money);
          }
        },
      ),
      { numRuns: 6 },
    );
  });
});
