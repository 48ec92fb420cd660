import type { ImportReport } from '../../shared/contracts/accounting';
import { accountingImport } from '../../shared/i18n/es/accounting';
import { aggregateLedger } from '../lib/accounting/aggregate';
import { CHART_REQUIRED, type RowReport, validateChart } from '../lib/accounting/chart';
import { CHART_BUDGET, LEDGER_REQUEST_BUDGET } from '../lib/accounting/import-budgets';
import { LEDGER_REQUIRED, validateLedger } from '../lib/accounting/ledger';
import { chartMap } from '../lib/accounting/pipeline';
import { readTable, type TableRow } from '../lib/accounting/read-table';
import { sliceOf } from '../lib/accounting/types';
import type { Caller } from '../lib/auth/caller';
import { getChart, getLedgerPointer, putChart, replaceSlices } from '../lib/data/accounting-ledger';
import type { SocietyRecord } from '../lib/data/societies';
import { fieldErrors } from '../lib/errors';
import { BudgetExceeded, type FileBudget, UnreadableFileError } from '../lib/parsers/budget';
import type { UploadedFile } from '../lib/uploaded-file';
import { societyForImport } from './society-access';

/**
 * Chart and ledger imports: the file is read, every row checked and reported; only a file without a
 * single bad row is stored, and a ledger file replaces each (base, month) it holds at once (accounting-ledger.ts).
 */
const f = accountingImport.fileErrors;
const MB = 1024 * 1024;

const rejected = (file_errors: string[], rows = 0, report: RowReport[] = []): ImportReport => ({
  imported: false,
  file_errors,
  rows,
  failed: report.filter((r) => r.status === 'FAILED').length,
  report: report.filter((r) => r.status === 'FAILED'),
  periods: [],
});

/** The Spanish line of the report for a file past a cap of its budget (functions/lib/accounting/import-budgets.ts). */
export function budgetProblem(error: BudgetExceeded, budget: FileBudget): string {
  switch (error.limit) {
    case 'bytes':
      return f.tooLarge(error.max / MB);
    case 'rows':
      return budget === LEDGER_REQUEST_BUDGET ? f.tooManyRows(error.max) : f.rowLimit(error.max);
    case 'record':
      return f.rowTooLong(error.max);
    case 'entries':
      return f.tooManyEntries(error.max);
    case 'inflated':
      return f.inflatedTooLarge(error.max / MB);
    case 'ratio':
      return f.compressionRatio(error.max);
    case 'declared':
      return f.sizeMismatch;
    case 'columns':
      return f.tooManyColumns(error.max);
    case 'cells':
      return f.tooManyCells(error.max);
  }
}

/** Reads the file within its budget and checks what concerns the file as a whole; a list of problems, or the rows. */
async function readRows(file: UploadedFile | undefined, required: readonly string[], budget: FileBudget) {
  if (!file) throw fieldErrors({ file: ['REQUIRED'] });
  let table: Awaited<ReturnType<typeof readTable>>;
  try {
    table = await readTable(file.data, budget);
  } catch (error) {
    if (error instanceof UnreadableFileError) return { problems: [f.unreadable] };
    if (error instanceof BudgetExceeded) return { problems: [budgetProblem(error, budget)] };
    throw error;
  }
  const missing = required.filter((column) => !table.columns.includes(column));
  if (missing.length > 0) return { problems: [f.missingColumns(missing.join(', '))] };
  if (table.rows.length === 0) return { problems: [f.empty] };
  return { rows: table.rows as TableRow[] };
}

export async function importChartFile(caller: Caller, societyUuid: string, file?: UploadedFile): Promise<ImportReport> {
  await societyForImport(caller, societyUuid);
  const read = await readRows(file, CHART_REQUIRED, CHART_BUDGET);
  if (!read.rows) return rejected(read.problems);
  const { accounts, report } = validateChart(read.rows);
  if (accounts.length === 0) return rejected([], read.rows.length, report);
  // An account with stored lines must stay in the chart, or its statements would lose their class and name.
  const codes = new Set(accounts.map((a) => a.cod_cta));
  const dropped = (await getLedgerPointer(societyUuid)).accounts.filter((code) => !codes.has(code));
  if (dropped.length > 0) {
    return rejected(
      dropped.slice(0, 20).map((code) => accountingImport.rowErrors.accountInUse(code)),
      read.rows.length,
      report,
    );
  }
  await putChart(societyUuid, accounts);
  return { imported: true, file_errors: [], rows: read.rows.length, failed: 0, report: [], periods: [] };
}

export async function importLedgerFile(
  caller: Caller,
  societyUuid: string,
  file?: UploadedFile,
): Promise<ImportReport> {
  const society = await societyForImport(caller, societyUuid);
  return importLedgerData(society, file);
}

/** What a large file's job reports as it goes (the import screen's progress bar). */
export type ImportProgress = (phase: 'VALIDATING' | 'WRITING', progress: number) => Promise<void>;

/**
 * The ledger import proper, for a society already checked: the request path (files up to the request cap) and the
 * job of a large file (import-job.ts) share it, so both follow the same all-or-nothing rules.
 */
export async function importLedgerData(
  society: SocietyRecord,
  file: UploadedFile | undefined,
  options: { budget?: FileBudget; progress?: ImportProgress } = {},
): Promise<ImportReport> {
  const societyUuid = society.uuid;
  const read = await readRows(file, LEDGER_REQUIRED, options.budget ?? LEDGER_REQUEST_BUDGET);
  if (!read.rows) return rejected(read.problems);
  await options.progress?.('VALIDATING', 25);
  const accounts = await getChart(societyUuid);
  if (!accounts || accounts.length === 0) return rejected([f.noChart], read.rows.length);
  const chart = chartMap(accounts);
  const { lines, report } = validateLedger(read.rows, chart, society.society_rut ?? '');
  if (lines.length === 0) return rejected([], read.rows.length, report);
  await options.progress?.('WRITING', 50);
  const slices = aggregateLedger(lines, chart);
  await replaceSlices(societyUuid, slices, (done) => options.progress?.('WRITING', 50 + 45 * done));
  const periods = [...slices]
    .map(([key, content]) => {
      const { tag, month } = sliceOf(key);
      const [year, m] = month.split('-').map(Number) as [number, number];
      const count = [...content.lines.values()].reduce((sum, l) => sum + l.length, 0);
      return { base: tag, year, month: m, lines: count };
    })
    .sort((a, b) => a.year - b.year || a.month - b.month || a.base.localeCompare(b.base));
  return { imported: true, file_errors: [], rows: read.rows.length, failed: 0, report: [], periods };
}
