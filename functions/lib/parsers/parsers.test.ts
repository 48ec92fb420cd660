import { strToU8, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import writeXlsxFile from 'write-excel-file/node';
import {
  columnLetters,
  lyingXlsxBomb,
  peakGrowthMb,
  SPARSE_SHEET,
  sheetXml,
  xlsxBomb,
  xlsxOfSheet,
  xlsxWithEntries,
} from '../../../test/helpers/hostile-files';
import { CHART_BUDGET, LEDGER_JOB_BUDGET, LEDGER_REQUEST_BUDGET } from '../accounting/import-budgets';
import { readTable } from '../accounting/read-table';
import { BudgetExceeded, type FileBudget, UnreadableFileError } from './budget';
import { parseCsvWithin } from './csv';
import { unzipWithin } from './zip';

/**
 * The readers' budgets on files made here: XLSX bombs, a lying central directory, too many
 * entries, sheets whose references ask for huge grids, CSVs of too many or too long rows. The memory figures are the
 * process's peak resident growth (hostile-files.ts peakGrowthMb); the bombs come first, while the peak is low.
 * Before the budgets, reading the 400 MB bomb took this process up by 1.2 to 3.6 GB.
 */
const MB = 1024 * 1024;
const XLSX_MEMORY_BOUND_MB = 64;

/** What readTable refused with: the cap it hit, or 'unreadable'. */
async function refusal(data: Buffer, budget: FileBudget): Promise<string> {
  try {
    await readTable(data, budget);
  } catch (error) {
    if (error instanceof BudgetExceeded) return `${error.limit} ${error.max}`;
    if (error instanceof UnreadableFileError) return 'unreadable';
    throw error;
  }
  return 'read';
}

const CHART_ROWS = [
  ['cod_cta', 'nom_cta', 'clase', 'nivel2'],
  ['1.1.01', 'Caja', 'ACTIVO', 'ACTIVOS CORRIENTES'],
  ['4.1.01', 'Ventas', 'INGRESO', ''],
];

// Building the 400 MB bombs takes zlib ~5 s, and this machine's tests share two cores.
describe('XLSX budgets', { timeout: 60_000 }, () => {
  it('refuses a 400 KB XLSX whose shared strings inflate to 400 MB from its directory, in bounded memory', async () => {
    const bomb = await xlsxBomb(CHART_ROWS, 400);
    expect(bomb.length).toBeLessThan(512 * 1024);
    const { mb, result } = await peakGrowthMb(() => refusal(bomb, CHART_BUDGET));
    console.log(`400 MB bomb: refused as '${result}', peak memory growth ${mb.toFixed(1)} MB`);
    expect(result).toBe(`inflated ${48 * MB}`);
    expect(mb).toBeLessThan(XLSX_MEMORY_BOUND_MB);
  });

  it('refuses the bomb whose directory and descriptor lie: the bytes inflated are counted and the reading stops', async () => {
    const bomb = await lyingXlsxBomb(CHART_ROWS, 400);
    const { mb, result } = await peakGrowthMb(() => refusal(bomb, CHART_BUDGET));
    console.log(`lying 400 MB bomb: refused as '${result}', peak memory growth ${mb.toFixed(1)} MB`);
    expect(result).toBe('declared 1000');
    expect(mb).toBeLessThan(XLSX_MEMORY_BOUND_MB);
  });

  it('refuses a part that declares a ratio no spreadsheet has, even within the inflated cap', async () => {
    // 20 MB inflated from ~20 KB: under the job's 200 MB, but 1:1000.
    expect(await refusal(await xlsxBomb(CHART_ROWS, 20), LEDGER_JOB_BUDGET)).toBe('ratio 100');
  });

  it('refuses an archive of more entries than the cap, before inflating any', async () => {
    expect(await refusal(xlsxWithEntries(CHART_ROWS, 1_000), CHART_BUDGET)).toBe('entries 1000');
    // A workbook with some hundreds of parts reads.
    expect(await refusal(xlsxWithEntries(CHART_ROWS, 900), CHART_BUDGET)).toBe('read');
  });

  it('refuses sheets whose rows pass the cap, counted or referenced, before read-excel-file fills them', async () => {
    const rows = (n: number) => [
      CHART_ROWS[0] as string[],
      ...Array.from({ length: n }, (_, i) => [`1.${i}`, 'Cuenta']),
    ];
    const atCap = await readTable(xlsxOfSheet(sheetXml(rows(2_000))), CHART_BUDGET);
    expect(atCap.rows).toHaveLength(2_000);
    expect(await refusal(xlsxOfSheet(sheetXml(rows(2_001))), CHART_BUDGET)).toBe('rows 2000');
    // Rows without an r attribute are counted.
    const unnumbered = sheetXml(rows(2_001)).replace(/<row r="\d+">/g, '<row>');
    expect(await refusal(xlsxOfSheet(unnumbered), CHART_BUDGET)).toBe('rows 2000');
    // The last cell of a sheet: 1,048,576 rows × 16,384 columns of empty cells in read-excel-file.
    const { mb, result } = await peakGrowthMb(() => refusal(xlsxOfSheet(SPARSE_SHEET), LEDGER_JOB_BUDGET));
    expect(result).toBe('columns 100');
    expect(mb).toBeLessThan(XLSX_MEMORY_BOUND_MB);
  });

  it('refuses cells past the column cap, and a grid past the cell cap', async () => {
    const cell = (ref: string) =>
      `<worksheet><sheetData><row r="1"><c r="A1" t="inlineStr"><is><t>cod_cta</t></is></c></row>` +
      `<row r="${ref.replace(/[A-Z]/g, '')}"><c r="${ref}" t="inlineStr"><is><t>x</t></is></c></row></sheetData></worksheet>`;
    expect(await refusal(xlsxOfSheet(cell(`${columnLetters(101)}2`)), CHART_BUDGET)).toBe('columns 100');
    expect(await refusal(xlsxOfSheet(cell(`${columnLetters(100)}2`)), CHART_BUDGET)).toBe('read');
    // 1,000,000 rows × 40 columns: within the job's rows and columns, past its 30M cells.
    expect(await refusal(xlsxOfSheet(cell(`${columnLetters(40)}1000000`)), LEDGER_JOB_BUDGET)).toBe('cells 30000000');
  });

  it('refuses an archive past the compressed cap, and reads what is not an archive as unreadable', async () => {
    const big = xlsxWithEntries(CHART_ROWS, 0);
    expect(await refusal(big, { ...CHART_BUDGET, maxBytes: big.length - 1 })).toBe(`bytes ${big.length - 1}`);
    const broken = Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.alloc(100, 7)]);
    expect(await refusal(broken, CHART_BUDGET)).toBe('unreadable');
  });

  it('reads a real workbook (write-excel-file) as before: the budgets leave it alone', async () => {
    const file = await writeXlsxFile([
      CHART_ROWS[0] as string[],
      ['1.1.01', 'Caja', 'ACTIVO', 'ACTIVOS CORRIENTES'],
      ['5.1.01', 'Costo', 'GASTO', ''],
    ]).toBuffer();
    const table = await readTable(file, LEDGER_REQUEST_BUDGET);
    expect(table.columns).toEqual(['cod_cta', 'nom_cta', 'clase', 'nivel2']);
    expect(table.rows.map((r) => r.values.nom_cta)).toEqual(['Caja', 'Costo']);
  });

  it('unzips only the entries asked for, and refuses local headers the directory does not list', () => {
    const archive = zipSync({ 'a.xml': strToU8('<a/>'), 'b.bin': strToU8('binario') });
    const budget = { ...CHART_BUDGET };
    expect(Object.keys(unzipWithin(archive, budget, (name) => name.endsWith('.xml')))).toEqual(['a.xml']);
    // The local header of b.bin renamed: the directory still says b.bin.
    const renamed = Buffer.from(archive);
    const local = renamed.indexOf(Buffer.from('b.bin'));
    renamed.write('c', local);
    expect(() => unzipWithin(renamed, budget, () => true)).toThrow(UnreadableFileError);
  });
});

describe('CSV budgets', { timeout: 30_000 }, () => {
  it('stops at the row cap while reading a CSV of a million rows, in bounded memory', async () => {
    const csv = Buffer.from(`cod_cta;nom_cta\n${'1;x\n'.repeat(500_000)}`);
    const { mb, result } = await peakGrowthMb(() => refusal(csv, { ...LEDGER_JOB_BUDGET, maxRows: 2_000 }));
    console.log(`CSV of 500,000 rows, cap 2,000: refused as '${result}', peak memory growth ${mb.toFixed(1)} MB`);
    expect(result).toBe('rows 2000');
    expect(mb).toBeLessThan(24);
  });

  it('reads a CSV at the row cap, blank rows counted as the file numbers them', async () => {
    const rows = (n: number) => `cod_cta;nom_cta\n${Array.from({ length: n }, (_, i) => `1.${i};Cuenta`).join('\n')}`;
    expect((await readTable(Buffer.from(rows(2_000)), CHART_BUDGET)).rows).toHaveLength(2_000);
    expect(await refusal(Buffer.from(rows(2_001)), CHART_BUDGET)).toBe('rows 2000');
    // Two blank lines after the last row: 2,001 rows as the file numbers them.
    expect(await refusal(Buffer.from(`${rows(1_999)}\n\n\n`), CHART_BUDGET)).toBe('rows 2000');
  });

  it('refuses a record past the character cap, and a file past the byte cap', async () => {
    const long = Buffer.from(`cod_cta;nom_cta\n1;${'x'.repeat(70_000)}\n`);
    expect(await refusal(long, CHART_BUDGET)).toBe('record 65536');
    const big = Buffer.alloc(2 * MB + 1, 'a');
    expect(await refusal(big, CHART_BUDGET)).toBe(`bytes ${2 * MB}`);
  });

  it('parseCsvWithin counts data records after a header csv-parse takes as columns', () => {
    const csv = `a,b\n${'1,2\n'.repeat(3)}`;
    const budget = { maxRows: 3, maxRecordChars: 100 };
    expect(parseCsvWithin(csv, { columns: true }, budget, 'columns-option')).toHaveLength(3);
    expect(() => parseCsvWithin(csv, { columns: true }, { ...budget, maxRows: 2 }, 'columns-option')).toThrow(
      BudgetExceeded,
    );
    expect(() => parseCsvWithin('a,"b\n', {}, budget, 'first-record')).toThrow(UnreadableFileError);
  });
});
