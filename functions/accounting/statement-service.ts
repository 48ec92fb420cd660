import type * as z from 'zod/mini';
import type {
  BalanceReport,
  balanceQuery,
  CashFlowReport,
  cashFlowQuery,
  comparedQuery,
  DetailReport,
  detailQuery,
  FinancialSituationReport,
  StatementRow,
  StatusResultsReport,
} from '../../shared/contracts/accounting';
import { accountingStatements as t } from '../../shared/i18n/es/accounting';
import { cashBalance, cashFlow, cashFlowInCents } from '../lib/accounting/cashflow';
import { compareCodes } from '../lib/accounting/fields';
import { cumulativeMovements, mergeAggregates, movementsInCents } from '../lib/accounting/money';
import { chartMap } from '../lib/accounting/pipeline';
import { balance8, financialSituation, type Movements, statusResults } from '../lib/accounting/statements';
import { type ChartAccount, type MonthAggregate, type Rule, sliceKey, sliceOf, tagsOf } from '../lib/accounting/types';
import {
  getAccountLines,
  getAggregates,
  getChart,
  getLedgerPointer,
  type LedgerPointer,
} from '../lib/data/accounting-ledger';
import type { SocietyRecord } from '../lib/data/societies';
import { fieldErrors } from '../lib/errors';
import { exchangeRateForMonth } from './exchange-rate';

/**
 * The statements from the pointer, the chart and the monthly aggregates: a handful of DynamoDB calls per
 * statement (society, chart, pointer, one BatchGet of ≤ 48 aggregates, the dólar observado for USD), never the lines.
 * Amounts are integers in pesos, or in cents for USD; `money` divides them at the edge.
 */
type MoneyType = 'LOCAL' | 'USD';
const monthKey = (year: number, month: number) => `${year}-${String(month).padStart(2, '0')}`;
const parsePeriod = (period: string) => {
  const [year, month] = period.split('-').map(Number) as [number, number];
  return { year, month };
};

/** Slice keys of the months January..month of a year, for a basis. */
const yearToDate = (rule: Rule, year: number, month: number) =>
  Array.from({ length: month }, (_, i) => tagsOf(rule).map((tag) => sliceKey(tag, monthKey(year, i + 1)))).flat();

interface Book {
  chart: Map<string, ChartAccount>;
  pointer: LedgerPointer;
  aggregates: Map<string, MonthAggregate>;
}

async function loadBook(society: string, pointer: LedgerPointer, slices: string[]): Promise<Book> {
  const [accounts, aggregates] = await Promise.all([getChart(society), getAggregates(society, pointer, slices)]);
  return { chart: chartMap(accounts ?? []), pointer, aggregates };
}

/** Months (YYYY-MM) with data for a basis, latest first; every tag when no basis is given. */
function monthsWithData(pointer: LedgerPointer, rule: Rule | undefined): string[] {
  const tags = rule ? tagsOf(rule) : undefined;
  const months = new Set(
    Object.keys(pointer.slices)
      .map(sliceOf)
      .filter(({ tag }) => !tags || tags.includes(tag))
      .map(({ month }) => month),
  );
  return [...months].sort().reverse();
}

/** The period asked for, or the latest with data (in the year asked, if one is), else the current month. */
function periodOrLatest(pointer: LedgerPointer, rule: Rule, year?: number, month?: number) {
  if (year && month) return { year, month };
  const latest = monthsWithData(pointer, rule).find((m) => !year || m.startsWith(`${year}-`));
  if (latest) return parsePeriod(latest);
  const now = new Date();
  return { year: year ?? now.getUTCFullYear(), month: year ? 12 : now.getUTCMonth() + 1 };
}

function monthly(book: Book, rule: Rule, year: number, months: number): Array<MonthAggregate | undefined> {
  return Array.from({ length: months }, (_, i) =>
    mergeAggregates(tagsOf(rule).map((tag) => book.aggregates.get(sliceKey(tag, monthKey(year, i + 1))))),
  );
}

interface Money {
  /** Integer units (pesos or cents) to the number the API answers. */
  out: (units: number) => number;
  convert: (movements: Movements) => Movements;
  rate: { value: number; day: string; stale: boolean } | null;
}

async function moneyFor(moneyType: MoneyType, year: number, month: number): Promise<Money> {
  if (moneyType === 'LOCAL') return { out: (x) => x, convert: (m) => m, rate: null };
  const rate = await exchangeRateForMonth(year, month);
  return { out: (x) => x / 100, convert: (m) => movementsInCents(m, rate.value), rate };
}

function headerOf(society: SocietyRecord, rule: Rule, moneyType: MoneyType, rate: Money['rate']) {
  return {
    society_business_name: society.society_business_name,
    society_rut: society.society_rut,
    money_symbol: moneyType === 'USD' ? 'US$' : '$',
    money_type: moneyType,
    rule,
    exchange_rate: rate,
  };
}

export async function balanceReport(
  society: SocietyRecord,
  query: z.output<typeof balanceQuery>,
): Promise<BalanceReport> {
  const { rule, money_type } = query;
  const pointer = await getLedgerPointer(society.uuid);
  const { year, month } = periodOrLatest(pointer, rule, query.year, query.month);
  const [book, money] = await Promise.all([
    loadBook(society.uuid, pointer, yearToDate(rule, year, month)),
    moneyFor(money_type, year, month),
  ]);
  const movements = money.convert(cumulativeMovements(monthly(book, rule, year, month)));
  const { rows, footer } = balance8(book.chart, movements);
  const eight = <T extends object>(row: T): T =>
    Object.fromEntries(
      Object.entries(row).map(([k, v]) => [k, typeof v === 'number' ? money.out(v) : v]),
    ) as unknown as T;
  return {
    header: { ...headerOf(society, rule, money_type, money.rate), year, month },
    rows: rows.map(eight),
    footer: {
      cumulative_total: eight(footer.cumulative_total),
      result_excersice: eight(footer.result_excersice),
      equal_sums: eight(footer.equal_sums),
    },
  };
}

const LABELS = {
  totalOf: t.totalOf,
  totalAssets: t.totalAssets,
  totalPassiveAndHeritage: t.totalPassiveAndHeritage,
  resultOfYear: t.resultOfYear,
};

/** Types 2 and 3: the start period, and the compared one when report_type is COMPARE and end_period is set. */
async function comparedBooks(society: SocietyRecord, query: z.output<typeof comparedQuery>) {
  const { rule, money_type } = query;
  const pointer = await getLedgerPointer(society.uuid);
  const start = query.start_period ? parsePeriod(query.start_period) : periodOrLatest(pointer, rule);
  const end = query.report_type === 'COMPARE' && query.end_period ? parsePeriod(query.end_period) : undefined;
  const slices = [...yearToDate(rule, start.year, start.month), ...(end ? yearToDate(rule, end.year, end.month) : [])];
  const [book, moneyStart, moneyEnd] = await Promise.all([
    loadBook(society.uuid, pointer, slices),
    moneyFor(money_type, start.year, start.month),
    end ? moneyFor(money_type, end.year, end.month) : undefined,
  ]);
  const current = moneyStart.convert(cumulativeMovements(monthly(book, rule, start.year, start.month)));
  const compare =
    end && moneyEnd ? moneyEnd.convert(cumulativeMovements(monthly(book, rule, end.year, end.month))) : undefined;
  // Each period is converted at its own rate, so the compared column is divided by its own unit too (both are
  // cents or both pesos: the same `out`).
  const row = (r: Omit<StatementRow, never>): StatementRow => ({
    ...r,
    imp_mov_mn_sg: moneyStart.out(r.imp_mov_mn_sg),
    imp_mov_mn_sg_compare: r.imp_mov_mn_sg_compare === null ? null : moneyStart.out(r.imp_mov_mn_sg_compare),
  });
  return {
    book,
    current,
    compare,
    row,
    header: { ...headerOf(society, rule, money_type, moneyStart.rate), compare_exchange_rate: moneyEnd?.rate ?? null },
    colum_date: { start_date: monthKey(start.year, start.month), end_date: end ? (query.end_period as string) : null },
  };
}

export async function financialSituationReport(
  society: SocietyRecord,
  query: z.output<typeof comparedQuery>,
): Promise<FinancialSituationReport> {
  const { book, current, compare, row, header, colum_date } = await comparedBooks(society, query);
  const statement = financialSituation(book.chart, current, compare, LABELS);
  return {
    header,
    colum_date,
    assets: statement.assets.map(row),
    passive_and_heritage: statement.passive_and_heritage.map(row),
  };
}

export async function statusResultsReport(
  society: SocietyRecord,
  query: z.output<typeof comparedQuery>,
): Promise<StatusResultsReport> {
  const { book, current, compare, row, header, colum_date } = await comparedBooks(society, query);
  return { header, colum_date, rows: statusResults(book.chart, current, compare, LABELS).map(row) };
}

export async function cashFlowReport(
  society: SocietyRecord,
  query: z.output<typeof cashFlowQuery>,
): Promise<CashFlowReport> {
  const { rule, money_type } = query;
  const pointer = await getLedgerPointer(society.uuid);
  const { year } = periodOrLatest(pointer, rule, query.year);
  const book = await loadBook(society.uuid, pointer, yearToDate(rule, year, 12));
  const months = monthly(book, rule, year, 12);
  let flow = cashFlow(months, cashBalance(book.chart, cumulativeMovements(months)));
  let rate: Money['rate'] = null;
  let out = (x: number) => x;
  if (money_type === 'USD') {
    // The period of a year's cash flow ends with its last month that has data (or December).
    const lastMonth = months.reduce((last, m, i) => (m ? i + 1 : last), 12);
    rate = await exchangeRateForMonth(year, lastMonth);
    flow = cashFlowInCents(flow, rate.value);
    out = (x) => x / 100;
  }
  return {
    header: { ...headerOf(society, rule, money_type, rate), year },
    rows: flow.rows.map((r) => ({
      index: r.index,
      name: t.flows[r.index] ?? r.index.replace(/_/g, ' '),
      months: r.months.map(out),
      total: out(r.total),
    })),
    footer: { total: { months: flow.footer.total.months.map(out), total: out(flow.footer.total.total) } },
    opening_cash: out(flow.opening_cash),
    closing_cash: out(flow.closing_cash),
  };
}

/** Periods with data for a basis (types 2–4 without a rule read every tag), latest first. */
export async function availableDates(society: SocietyRecord, rule: Rule | undefined) {
  const pointer = await getLedgerPointer(society.uuid);
  return { dates: monthsWithData(pointer, rule).map(parsePeriod) };
}

/**
 * Drill-down (portal §7): the account's lines from January to the period's month, the closing entry left out as in
 * the statements, so the total is what the account's row adds up (D − C). A parent1 that is not the account's gives
 * no lines. In USD each line is converted at the period's rate, rounded so that the lines add up to the total.
 */
export async function statementDetail(
  society: SocietyRecord,
  query: z.output<typeof detailQuery>,
): Promise<DetailReport> {
  if (!query.cod_cta) throw fieldErrors({ cod_cta: ['REQUIRED'] });
  const pointer = await getLedgerPointer(society.uuid);
  const { year, month } = query.period ? parsePeriod(query.period) : periodOrLatest(pointer, query.rule);
  const [accounts, money] = await Promise.all([getChart(society.uuid), moneyFor(query.money_type, year, month)]);
  const account = accounts?.find((a) => a.cod_cta === query.cod_cta);
  const header = headerOf(society, query.rule, query.money_type, money.rate);
  if (!account || (query.parent1 !== undefined && query.parent1 !== account.parent1)) {
    return { header, cod_cta: query.cod_cta, nom_cta: account?.nom_cta ?? '', lines: [], footer: { total: 0 } };
  }
  const lines = (await getAccountLines(society.uuid, pointer, yearToDate(query.rule, year, month), query.cod_cta))
    .filter((l) => l.tipo_comp !== 'C')
    .sort((a, b) => a.fecha.localeCompare(b.fecha) || compareCodes(a.nro_comp, b.nro_comp) || a.linea - b.linea);
  let amounts = lines.map((l) => l.debe - l.haber);
  if (money.rate) {
    const converted = money.convert(new Map(lines.map((l, i) => [String(i), [l.debe, l.haber]])));
    amounts = lines.map((_, i) => {
      const [d, c] = converted.get(String(i)) ?? [0, 0];
      return d - c;
    });
  }
  return {
    header,
    cod_cta: account.cod_cta,
    nom_cta: account.nom_cta,
    lines: lines.map((l, i) => ({
      nro_trans: `${l.tipo_comp}-${l.nro_comp}`,
      fecha_reporte: l.fecha,
      com_mov: l.glosa,
      fec_doc: l.fec_doc,
      imp_mov_mn_sg: money.out(amounts[i] as number),
    })),
    footer: { total: money.out(amounts.reduce((s, a) => s + a, 0)) },
  };
}
