import type { FileBudget } from '../parsers/budget';
import { aggregateLedger, type SliceContent } from './aggregate';
import { validateChart } from './chart';
import { validateLedger } from './ledger';
import { readTable } from './read-table';
import type { ChartAccount, SliceKey } from './types';

/** Pure import steps in order, shared by the API, the seed, the bench and the tests: file → report → slices. */
export async function chartFromFile(data: Buffer, budget: FileBudget) {
  const { columns, rows } = await readTable(data, budget);
  return { columns, rows, ...validateChart(rows) };
}

export async function ledgerFromFile(
  data: Buffer,
  chart: Map<string, ChartAccount>,
  societyRut: string,
  budget: FileBudget,
) {
  const { columns, rows } = await readTable(data, budget);
  const { lines, report } = validateLedger(rows, chart, societyRut);
  const slices: Map<SliceKey, SliceContent> = lines.length > 0 ? aggregateLedger(lines, chart) : new Map();
  return { columns, rows, lines, report, slices };
}

export const chartMap = (accounts: ChartAccount[]) => new Map(accounts.map((a) => [a.cod_cta, a]));
