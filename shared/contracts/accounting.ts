import * as z from 'zod/mini';
import { defineContract } from './define';
import { uuidSchema } from './fields';

/**
 * Accounting ledger import and statements (portal §2 "Accounting statements", §7 "Statements" and
 * "Exports"). The assignments that put statements in users' menus are another module (assignments).
 */
const IMPORTERS = ['SUPER_ADMIN', 'PROJECT_ADMIN', 'GROUP_ADMIN'] as const;
const ALL = ['SUPER_ADMIN', 'PROJECT_ADMIN', 'GROUP_ADMIN', 'USER_GROUP', 'USER_SOCIETY'] as const;

export const STATEMENT_FAMILIES = ['balance8columns', 'financial-situation', 'status-results', 'cashflow'] as const;
export type StatementFamily = (typeof STATEMENT_FAMILIES)[number];
/** /accounting/{type}/{uuid}: 1 balance, 2 financial situation, 3 results, 4 cash flow (portal §2). */
export const FAMILY_OF_TYPE: Record<number, StatementFamily> = {
  1: 'balance8columns',
  2: 'financial-situation',
  3: 'status-results',
  4: 'cashflow',
};

const rule = z._default(z.enum(['IFRS', 'TRBT']), 'IFRS');
const moneyType = z._default(z.enum(['LOCAL', 'USD']), 'LOCAL');
const year = z.coerce.number().check(z.int(), z.minimum(1900), z.maximum(2999));
const month = z.coerce.number().check(z.int(), z.minimum(1), z.maximum(12));
/** YYYY-MM */
const period = z.string().check(z.regex(/^\d{4}-(0[1-9]|1[0-2])$/, { error: 'FORMAT_ERROR' }));
const token = z.optional(z.string().check(z.maxLength(8192)));
/**
 * The accounting assignment the viewer was opened through (/accounting/{type}/{uuid}, portal §2): an optional
 * narrowing the spec does not name. Given, statements answer only for societies that assignment opens for the caller;
 * left out, for the societies of an admin's scope and those some assignment of the type opens for a client.
 */
const assignment = z.optional(uuidSchema);

// ── Import ────────────────────────────────────────────────────────────────────────────────────────────────────────

const rowReport = z.object({
  row: z.number().check(z.int()),
  status: z.enum(['OK', 'FAILED']),
  errors: z.array(z.string()),
});
export const importReportSchema = z.object({
  /** True when the file was stored; false when any row or the file itself failed (then nothing was stored). */
  imported: z.boolean(),
  /** Problems of the file as a whole (unreadable, missing columns, no chart yet), in Spanish. */
  file_errors: z.array(z.string()),
  rows: z.number().check(z.int()),
  failed: z.number().check(z.int()),
  /** The failed rows (every one of them), in file order. */
  report: z.array(rowReport),
  /** Ledger: the (base, month) slices the file replaced, with their line counts. */
  periods: z.array(z.object({ base: z.string(), year: z.number(), month: z.number(), lines: z.number() })),
});
export type ImportReport = z.infer<typeof importReportSchema>;

const importBody = z.object({ society: uuidSchema });

export const importAccountingChart = defineContract({
  id: 'importAccountingChart',
  method: 'POST',
  path: 'api/v1/accounting/chart/import/',
  access: IMPORTERS,
  statuses: [404],
  handler: 'accounting/import-chart',
  summary: 'Replace a society chart of accounts from a plan_cuentas CSV or XLSX (file); per-row report, all or nothing',
  body: importBody,
  multipartFiles: { file: 'sheet' },
  response: importReportSchema,
});

export const importAccountingLedger = defineContract({
  id: 'importAccountingLedger',
  method: 'POST',
  path: 'api/v1/accounting/ledger/import/',
  access: IMPORTERS,
  statuses: [404, 409],
  handler: 'accounting/import-ledger',
  summary:
    'Import a libro_diario CSV or XLSX (file) for a society: every (base, month) it holds is replaced atomically; ' +
    'per-row report, nothing stored when any row fails',
  body: importBody,
  multipartFiles: { file: 'sheet' },
  response: importReportSchema,
});

// ── Statements ────────────────────────────────────────────────────────────────────────────────────────────────────

const exchangeRate = z.object({ value: z.number(), day: z.string(), stale: z.optional(z.boolean()) });
const header = z.object({
  society_business_name: z.string(),
  society_rut: z.nullable(z.string()),
  money_symbol: z.string(),
  money_type: z.enum(['LOCAL', 'USD']),
  rule: z.enum(['IFRS', 'TRBT']),
  /**
   * The dólar observado used (USD only): its value, the day it holds for, and whether that day is before the period it
   * converts (no value published in the period: the latest earlier one was used).
   */
  exchange_rate: z.nullable(exchangeRate),
  /** A comparison's second period is converted at its own day's rate (USD with compare only). */
  compare_exchange_rate: z.optional(z.nullable(exchangeRate)),
});
const eight = z.object({
  debitos: z.number(),
  creditos: z.number(),
  deudor: z.number(),
  acreedor: z.number(),
  activo: z.number(),
  pasivo: z.number(),
  perdida: z.number(),
  ganancia: z.number(),
});
const statementRow = z.object({
  index: z.union([z.number(), z.literal('total'), z.literal('result')]),
  nivel1: z.string(),
  nivel2: z.string(),
  parent1: z.string(),
  cod_cta: z.string(),
  nom_cta: z.string(),
  imp_mov_mn_sg: z.number(),
  imp_mov_mn_sg_compare: z.nullable(z.number()),
  bold: z.boolean(),
});
const columDate = z.object({ start_date: z.string(), end_date: z.nullable(z.string()) });

export const balanceReportSchema = z.object({
  header: z.extend(header, { year: z.number(), month: z.number() }),
  rows: z.array(z.extend(eight, { cod_cta: z.string(), nom_cta: z.string(), parent1: z.string() })),
  footer: z.object({ cumulative_total: eight, result_excersice: eight, equal_sums: eight }),
});
export const financialSituationSchema = z.object({
  header,
  colum_date: columDate,
  assets: z.array(statementRow),
  passive_and_heritage: z.array(statementRow),
});
export const statusResultsSchema = z.object({ header, colum_date: columDate, rows: z.array(statementRow) });
const twelve = z.array(z.number()).check(z.length(12));
export const cashFlowSchema = z.object({
  header: z.extend(header, { year: z.number() }),
  rows: z.array(z.object({ index: z.string(), name: z.string(), months: twelve, total: z.number() })),
  footer: z.object({ total: z.object({ months: twelve, total: z.number() }) }),
  opening_cash: z.number(),
  closing_cash: z.number(),
});
export type BalanceReport = z.infer<typeof balanceReportSchema>;
export type FinancialSituationReport = z.infer<typeof financialSituationSchema>;
export type StatusResultsReport = z.infer<typeof statusResultsSchema>;
export type CashFlowReport = z.infer<typeof cashFlowSchema>;
export type ExchangeRate = z.infer<typeof exchangeRate>;
export type StatementRow = z.infer<typeof statementRow>;

export const availableDatesSchema = z.object({ dates: z.array(z.object({ year: z.number(), month: z.number() })) });
export const detailSchema = z.object({
  header,
  cod_cta: z.string(),
  nom_cta: z.string(),
  lines: z.array(
    z.object({
      nro_trans: z.string(),
      fecha_reporte: z.string(),
      com_mov: z.string(),
      fec_doc: z.string(),
      imp_mov_mn_sg: z.number(),
    }),
  ),
  footer: z.object({ total: z.number() }),
});
export type DetailReport = z.infer<typeof detailSchema>;

/**
 * Periods left out default to the latest with data (the viewer's default, portal §4), so a request naming only the
 * society answers that society's latest statement.
 */
export const balanceQuery = z.object({
  society: uuidSchema,
  assignment,
  year: z.optional(year),
  month: z.optional(month),
  rule,
  money_type: moneyType,
});
/** Types 2 and 3: start_period is the period shown, end_period the one it is compared with (COMPARE). */
export const comparedQuery = z.object({
  society: uuidSchema,
  assignment,
  start_period: z.optional(period),
  end_period: z.optional(period),
  rule,
  report_type: z._default(z.enum(['SINGLE', 'COMPARE']), 'SINGLE'),
  money_type: moneyType,
});
export const cashFlowQuery = z.object({
  society: uuidSchema,
  assignment,
  year: z.optional(year),
  rule,
  money_type: moneyType,
});
const datesQuery = z.object({ society: uuidSchema, assignment, rule, money_type: moneyType });
/**
 * Drill-down: the account's lines from January to the period's month (what its row adds up). cod_cta is required,
 * checked after the society's scope (so a foreign society answers 404 whatever else is missing).
 */
export const detailQuery = z.object({
  society: uuidSchema,
  assignment,
  period: z.optional(period),
  rule,
  cod_cta: z.optional(z.string().check(z.trim(), z.minLength(1), z.maxLength(40))),
  parent1: z.optional(z.string().check(z.maxLength(200))),
  money_type: moneyType,
});

const base = (family: StatementFamily) => `api/v1/accounting/${family}`;
const handlerOf = (family: StatementFamily, what: string) => `accounting/${family}-${what}`;
const idOf = (family: StatementFamily, what: string) =>
  `${family.replace(/-(\w)/g, (_, c: string) => c.toUpperCase())}${what[0]?.toUpperCase()}${what.slice(1)}`;

function datesContract(family: StatementFamily) {
  return defineContract({
    id: idOf(family, 'availableDates'),
    method: 'GET',
    path: `${base(family)}/available-dates/`,
    access: ALL,
    statuses: [404],
    handler: handlerOf(family, 'available-dates'),
    summary: `Periods (year, month) with ledger data for the ${family} statement of a society in scope`,
    query: datesQuery,
    response: availableDatesSchema,
  });
}

function detailContract(family: StatementFamily) {
  return defineContract({
    id: idOf(family, 'detail'),
    method: 'GET',
    path: `${base(family)}/detail/`,
    access: ALL,
    statuses: [404, 409],
    handler: handlerOf(family, 'detail'),
    summary: `Drill-down of one account of the ${family} statement: its lines to the period and their total`,
    query: detailQuery,
    response: detailSchema,
  });
}

export const balance8columnsAvailableDates = datesContract('balance8columns');
export const financialSituationAvailableDates = datesContract('financial-situation');
export const statusResultsAvailableDates = datesContract('status-results');
export const cashflowAvailableDates = datesContract('cashflow');

/**
 * Cash-flow drill-down: the cash one flow line (`flujo`, the row's index) took in one month (`period`),
 * line by line: each line is the share of a voucher's cash that fell on one of its non-cash lines (design/accounting.md,
 * direct method), with that line's account. The lines add up to the statement's cell.
 */
export const cashFlowDetailQuery = z.object({
  society: uuidSchema,
  assignment,
  period: z.optional(period),
  rule,
  flujo: z.optional(z.string().check(z.trim(), z.minLength(1), z.maxLength(60))),
  money_type: moneyType,
});
export const cashFlowDetailSchema = z.extend(detailSchema, {
  lines: z.array(z.extend(detailSchema.shape.lines.def.element, { cod_cta: z.string(), nom_cta: z.string() })),
});
export type CashFlowDetailReport = z.infer<typeof cashFlowDetailSchema>;

export const cashflowDetail = defineContract({
  id: 'cashflowDetail',
  method: 'GET',
  path: `${base('cashflow')}/detail/`,
  access: ALL,
  statuses: [404, 409],
  handler: handlerOf('cashflow', 'detail'),
  summary: 'Drill-down of one cash-flow line in one month: the voucher lines its cash came from, and their total',
  query: cashFlowDetailQuery,
  response: cashFlowDetailSchema,
});

export const balance8columnsDetail = detailContract('balance8columns');
export const financialSituationDetail = detailContract('financial-situation');
export const statusResultsDetail = detailContract('status-results');

export const balance8columnsReport = defineContract({
  id: 'balance8columnsReport',
  method: 'GET',
  path: `${base('balance8columns')}/report/`,
  access: ALL,
  statuses: [404, 409],
  handler: handlerOf('balance8columns', 'report'),
  summary: 'Balance de 8 columnas of a society, cumulative from January to the month, in a basis and currency',
  query: balanceQuery,
  response: balanceReportSchema,
});

export const financialSituationReport = defineContract({
  id: 'financialSituationReport',
  method: 'GET',
  path: `${base('financial-situation')}/report/`,
  access: ALL,
  statuses: [404, 409],
  handler: handlerOf('financial-situation', 'report'),
  summary: 'Estado de situación financiera by nivel2, optionally compared with another period',
  query: comparedQuery,
  response: financialSituationSchema,
});

export const statusResultsReport = defineContract({
  id: 'statusResultsReport',
  method: 'GET',
  path: `${base('status-results')}/report/`,
  access: ALL,
  statuses: [404, 409],
  handler: handlerOf('status-results', 'report'),
  summary: 'Estado de resultados by group with subtotals, optionally compared with another period',
  query: comparedQuery,
  response: statusResultsSchema,
});

export const cashflowReport = defineContract({
  id: 'cashflowReport',
  method: 'GET',
  path: `${base('cashflow')}/report/`,
  access: ALL,
  statuses: [404, 409],
  handler: handlerOf('cashflow', 'report'),
  summary: 'Estado de flujo de efectivo (direct method) by line and month of a year',
  query: cashFlowQuery,
  response: cashFlowSchema,
});

/** The viewer's society selector: the societies its assignment opens for the caller, by name. */
export const accountingViewerSocieties = defineContract({
  id: 'accountingViewerSocieties',
  method: 'GET',
  path: 'api/v1/accounting/societies/',
  access: ALL,
  statuses: [404],
  handler: 'accounting/viewer-societies',
  summary: 'The societies an accounting assignment opens for the caller (the statement viewer selector)',
  query: z.object({ assignment: uuidSchema }),
  response: z.array(
    z.object({ uuid: z.string(), society_business_name: z.string(), society_rut: z.nullable(z.string()) }),
  ),
});

// ── Exports ───────────────────────────────────────────────────────────────────────────────────────────────────────

/** The data query plus `type` (1–4, portal §7 "Exports") and the access token in the query (a plain download link). */
const exportExtra = { type: z.optional(z.coerce.number().check(z.int(), z.minimum(1), z.maximum(4))), token };
const balanceExportQuery = z.extend(balanceQuery, exportExtra);
const comparedExportQuery = z.extend(comparedQuery, exportExtra);
const cashFlowExportQuery = z.extend(cashFlowQuery, exportExtra);

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' as const;

/** What every export contract shares; each adds its family's query. */
const exportOf = (family: StatementFamily, kind: 'pdf' | 'excel') => ({
  id: idOf(family, kind),
  method: 'GET' as const,
  path: `${base(family)}/${kind}/`,
  access: ALL,
  statuses: [404, 409] as const,
  handler: handlerOf(family, kind),
  summary: `The ${family} statement as ${kind === 'pdf' ? 'a PDF' : 'an Excel file'} (society, period, basis and currency in its heading)`,
  response: z.unknown(),
  fileResponse: kind === 'pdf' ? ('application/pdf' as const) : XLSX,
});

export const balance8columnsPdf = defineContract({ ...exportOf('balance8columns', 'pdf'), query: balanceExportQuery });
export const financialSituationPdf = defineContract({
  ...exportOf('financial-situation', 'pdf'),
  query: comparedExportQuery,
});
export const statusResultsPdf = defineContract({ ...exportOf('status-results', 'pdf'), query: comparedExportQuery });
export const cashflowPdf = defineContract({ ...exportOf('cashflow', 'pdf'), query: cashFlowExportQuery });
/** No Excel for the cash flow (portal §2: "Excel hidden for cash flows"). */
export const balance8columnsExcel = defineContract({
  ...exportOf('balance8columns', 'excel'),
  query: balanceExportQuery,
});
export const financialSituationExcel = defineContract({
  ...exportOf('financial-situation', 'excel'),
  query: comparedExportQuery,
});
export const statusResultsExcel = defineContract({
  ...exportOf('status-results', 'excel'),
  query: comparedExportQuery,
});

// ── Large ledger files (presigned upload, then a job) ─────────────────────────────────────────────────────────────

/**
 * Files beyond what one request carries go straight to S3 by presigned POST (the policy caps the size and
 * the key), then a job imports them with the same all-or-nothing rules while the screen polls its status.
 */
export const MAX_LEDGER_UPLOAD_BYTES = 150 * 1024 * 1024;
export const LEDGER_UPLOAD_TYPES = ['text/csv', XLSX] as const;

export const importJobSchema = z.object({
  uuid: z.string(),
  society: z.string(),
  file_name: z.string(),
  file_size: z.number().check(z.int()),
  status: z.enum(['WAITING_UPLOAD', 'QUEUED', 'RUNNING', 'DONE', 'FAILED']),
  phase: z.enum(['UPLOAD', 'READING', 'VALIDATING', 'WRITING', 'FINISHED']),
  /** 0–100 */
  progress: z.number().check(z.int()),
  /** The per-row report once the job is over (its first 2,000 failed rows; `failed` counts them all). */
  report: z.nullable(importReportSchema),
  created: z.string(),
  updated: z.string(),
});
export type ImportJobView = z.infer<typeof importJobSchema>;

export const requestLedgerUpload = defineContract({
  id: 'requestLedgerUpload',
  method: 'POST',
  path: 'api/v1/accounting/ledger/upload/',
  access: IMPORTERS,
  statuses: [404],
  handler: 'accounting/ledger-upload',
  summary: 'Start a large libro_diario import: a job and the presigned POST (url and fields) that uploads its file',
  body: z.object({
    society: uuidSchema,
    file_name: z.string().check(z.trim(), z.minLength(1), z.maxLength(200)),
    file_size: z.coerce.number().check(z.int(), z.minimum(1), z.maximum(MAX_LEDGER_UPLOAD_BYTES)),
    content_type: z.enum(LEDGER_UPLOAD_TYPES),
  }),
  response: z.object({
    job: importJobSchema,
    upload: z.object({ url: z.string(), fields: z.record(z.string(), z.string()) }),
  }),
  successStatus: 201,
});

export const confirmLedgerUpload = defineContract({
  id: 'confirmLedgerUpload',
  method: 'POST',
  path: 'api/v1/accounting/ledger/upload/confirm/',
  access: IMPORTERS,
  statuses: [404],
  handler: 'accounting/ledger-upload-confirm',
  summary: 'The file of a large import is uploaded: queue its job (again is harmless); answers the job',
  body: z.object({ job: uuidSchema }),
  response: importJobSchema,
});

export const ledgerUploadStatus = defineContract({
  id: 'ledgerUploadStatus',
  method: 'GET',
  path: 'api/v1/accounting/ledger/upload/status/',
  access: IMPORTERS,
  statuses: [404],
  handler: 'accounting/ledger-upload-status',
  summary: 'Status, progress and, once over, the per-row report of a large import job',
  query: z.object({ job: uuidSchema }),
  response: importJobSchema,
});
