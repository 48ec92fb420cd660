import { MAX_LEDGER_UPLOAD_BYTES } from '../../../shared/contracts/accounting';
import type { FileBudget } from '../parsers/budget';

/**
 * What reading a plan_cuentas or libro_diario file may spend, by path. Measured on ledgers of the demo's
 * generator written by write-excel-file: 21.5k lines are a 1 MB XLSX whose sheet inflates 1:9.7 (shared strings
 * 1:6.2) to 9.8 MB, and read-excel-file's peak is about 5× the XML it reads (46 MB → +244 MB).
 */
const MB = 1024 * 1024;
const COMMON = {
  /** A ledger line is under 300 characters; a CSV record past this is no ledger's. */
  maxRecordChars: 65_536,
  /** A workbook has 10 to 20 parts, a few hundred with many sheets and images. */
  maxEntries: 1_000,
  /** Deflate reaches ~1:1032 on one repeated byte; a real sheet 1:6 to 1:10. */
  maxRatio: 100,
  /** plan_cuentas has 9 columns and libro_diario 22; exports of other software carry some more. */
  maxColumns: 100,
};

/**
 * The request path (512 MB functions): files of up to the 2 MB a request carries, which as XLSX hold ~40k lines
 * inflating to ~20 MB; 48 MB inflated keeps read-excel-file's peak near 250 MB.
 */
const REQUEST = {
  ...COMMON,
  /** MAX_UPLOAD_BYTES of http/multipart.ts, not imported: it would bring busboy into the job's bundle. */
  maxBytes: 2 * MB,
  maxInflatedBytes: 48 * MB,
  /** A 2 MB sheet holds ~1M cells (40k lines × 22 columns). */
  maxCells: 5_000_000,
};

/**
 * A chart of accounts: 20 to 60 accounts in the demo, a few hundred in the charts Chilean software ships, rarely a
 * thousand; the chart is stored as one item (400 KB: ~1,800 accounts of the demo's size).
 */
export const CHART_BUDGET: FileBudget = { ...REQUEST, maxRows: 2_000 };

/** A ledger by request: past these rows the import screen sends the file by the large upload. */
export const LEDGER_REQUEST_BUDGET: FileBudget = { ...REQUEST, maxRows: 200_000 };

/**
 * The large upload's job (3,008 MB): the presigned POST's 150 MB, a 1M-line CSV is ~100 MB (bench/accounting.ts);
 * twice that in rows. As XLSX, 200 MB inflated is ~450k lines and a read-excel-file peak near 1 GB: larger ledgers
 * go as CSV, which has no inflation.
 */
export const LEDGER_JOB_BUDGET: FileBudget = {
  ...COMMON,
  maxBytes: MAX_LEDGER_UPLOAD_BYTES,
  maxRows: 2_000_000,
  maxInflatedBytes: 200 * MB,
  maxCells: 30_000_000,
};
