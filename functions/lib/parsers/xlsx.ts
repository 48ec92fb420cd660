import { zipSync } from 'fflate';
import { readSheet } from 'read-excel-file/node';
import { BudgetExceeded, type FileBudget, UnreadableFileError } from './budget';
import { unzipWithin } from './zip';

/**
 * The first sheet of an XLSX as rows of cells, read within a budget. read-excel-file takes no budget: it inflates every
 * XML part whole (with no cap) and fills the gaps that row and cell references leave with empty cells (a lone cell at
 * XFD1048576 asks for a 1,048,576 × 16,384 grid). So the parts are unzipped here first, within the budget
 * (zip.ts), the sheets' references are checked against the caps on rows, columns and grid, and read-excel-file is
 * handed only those parts, stored again in an archive without compression.
 */
/**
 * The parts read-excel-file reads: the workbook and its relations, shared strings, styles and the worksheets, all
 * where every writer puts them. Drawings, charts, themes and the rest are never inflated (read-excel-file also takes
 * seconds over a workbook of a thousand parts).
 */
const READ_PART = /^xl\/(?:_rels\/|worksheets\/)?[^/]+\.(?:xml|rels)$/;
const WORKSHEET = /^xl\/worksheets\/[^/]+\.xml$/;

export async function readFirstSheet(data: Buffer, budget: FileBudget): Promise<unknown[][]> {
  const bounded = boundedArchive(data, budget);
  try {
    return (await readSheet(bounded)) as unknown[][];
  } catch {
    throw new UnreadableFileError('xlsx');
  }
}

/** The XML parts, vetted, in a stored (uncompressed) archive; the inflated parts are released on return. */
function boundedArchive(data: Buffer, budget: FileBudget): Buffer {
  const parts = unzipWithin(data, budget, (name) => READ_PART.test(name));
  for (const [name, xml] of Object.entries(parts)) if (WORKSHEET.test(name)) checkSheetShape(xml, budget);
  const stored = zipSync(parts, { level: 0 });
  return Buffer.from(stored.buffer, stored.byteOffset, stored.byteLength);
}

/** Column number of spreadsheet letters (A → 1, AA → 27). */
function columnNumber(letters: string): number {
  let n = 0;
  for (const char of letters.toUpperCase()) n = n * 26 + (char.charCodeAt(0) - 64);
  return n;
}

/**
 * The rows a sheet asks the reader for: its `<row>` elements, and the highest row and column its `r` references name
 * (only rows and cells carry an attribute named exactly `r` in a worksheet), checked before the sheet is parsed.
 */
export function checkSheetShape(xml: Uint8Array, budget: Pick<FileBudget, 'maxRows' | 'maxColumns' | 'maxCells'>) {
  const text = Buffer.from(xml.buffer, xml.byteOffset, xml.byteLength).toString('latin1');
  const maxRow = budget.maxRows + 1; // the header is row 1
  let rows = 0;
  for (const _ of text.matchAll(/<(?:[\w.-]+:)?row[\s/>]/g)) {
    rows += 1;
    if (rows > maxRow) throw new BudgetExceeded('rows', budget.maxRows);
  }
  let highestRow = 0;
  let highestColumn = 0;
  for (const [, letters = '', digits = ''] of text.matchAll(/\sr\s*=\s*["']([A-Za-z]*)(\d+)["']/g)) {
    const row = digits.length > 9 ? Number.POSITIVE_INFINITY : Number(digits);
    if (row > maxRow) throw new BudgetExceeded('rows', budget.maxRows);
    const column = letters.length > 3 ? Number.POSITIVE_INFINITY : columnNumber(letters);
    if (column > budget.maxColumns) throw new BudgetExceeded('columns', budget.maxColumns);
    highestRow = Math.max(highestRow, row);
    highestColumn = Math.max(highestColumn, column);
  }
  if (highestRow * highestColumn > budget.maxCells) throw new BudgetExceeded('cells', budget.maxCells);
}
