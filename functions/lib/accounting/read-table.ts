import { BudgetExceeded, type FileBudget, UnreadableFileError } from '../parsers/budget';
import { parseCsvWithin } from '../parsers/csv';
import { readFirstSheet } from '../parsers/xlsx';

/**
 * Reads an uploaded plan_cuentas or libro_diario file into rows of text keyed by column name (design/accounting.md,
 * "An import format"): XLSX (first sheet), or CSV in UTF-8 (with or without BOM) or windows-1252 (Excel in es-CL),
 * `;` or `,` as detected from the header line. Row numbers are the file's (the header is row 1). Read within a budget
 * (functions/lib/parsers/): a file past one of its caps is refused (BudgetExceeded) before it is read whole.
 */
export interface TableRow {
  row: number;
  values: Record<string, string>;
}

export { UnreadableFileError };

const ZIP_SIGNATURE = [0x50, 0x4b, 0x03, 0x04];

export const isXlsx = (data: Buffer) => ZIP_SIGNATURE.every((byte, i) => data[i] === byte);

/** UTF-8 when the bytes are valid UTF-8, else windows-1252 (what Excel writes for "CSV (delimitado por comas)"). */
export function decodeText(data: Buffer): string {
  const bytes = data[0] === 0xef && data[1] === 0xbb && data[2] === 0xbf ? data.subarray(3) : data;
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return new TextDecoder('windows-1252').decode(bytes);
  }
}

export const normalizeHeader = (name: string) =>
  name
    .trim()
    .toLowerCase()
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/\s+/g, '_');

function toRows(header: string[], body: string[][], firstRow: number): TableRow[] {
  const names = header.map(normalizeHeader);
  return body
    .map((cells, index) => ({
      row: firstRow + index,
      values: Object.fromEntries(names.map((name, i) => [name, (cells[i] ?? '').trim()])),
    }))
    .filter((r) => Object.values(r.values).some((v) => v !== ''));
}

function cellText(cell: unknown): string {
  if (cell === null || cell === undefined) return '';
  if (cell instanceof Date) return cell.toISOString().slice(0, 10);
  return String(cell);
}

export async function readTable(data: Buffer, budget: FileBudget): Promise<{ columns: string[]; rows: TableRow[] }> {
  if (isXlsx(data)) {
    const sheet = await readFirstSheet(data, budget);
    const [header = [], ...body] = sheet.map((row) => row.map(cellText));
    return { columns: header.map(normalizeHeader), rows: toRows(header, body, 2) };
  }
  if (data.length > budget.maxBytes) throw new BudgetExceeded('bytes', budget.maxBytes);
  if (data.includes(0)) throw new UnreadableFileError('binary');
  const text = decodeText(data);
  const firstLine = text.slice(0, text.search(/\r?\n|$/));
  const delimiter = (firstLine.match(/;/g)?.length ?? 0) >= (firstLine.match(/,/g)?.length ?? 0) ? ';' : ',';
  const records = parseCsvWithin<string[]>(
    text,
    { delimiter, relax_column_count: true, relax_quotes: true, skip_empty_lines: false, bom: true },
    budget,
    'first-record',
  );
  const [header = [], ...body] = records;
  return { columns: header.map(normalizeHeader), rows: toRows(header, body, 2) };
}
