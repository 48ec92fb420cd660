import writeXlsxFile, { type Cell } from 'write-excel-file/node';
import { FileAnswer } from '../file-answer';
import { type ExportTable, escapeFormula } from './export-table';

/**
 * The Excel file of a statement (write-excel-file: a lean writer; npm `xlsx` is not used): heading rows, a bold
 * header, then real numeric cells with a thousands format, text escaped against formula injection.
 */
export async function renderExcel(table: ExportTable): Promise<Buffer> {
  const format = table.decimals === 2 ? '#,##0.00' : '#,##0';
  const text = (value: string, bold = false): Cell => ({
    value: escapeFormula(value),
    type: String,
    fontWeight: bold ? 'bold' : undefined,
  });
  const data: Cell[][] = [
    [text(table.title, true)],
    ...table.heading.map((line) => [text(line)]),
    [],
    table.columns.map((c) => text(c.label, true)),
    ...table.rows.map((row) =>
      row.cells.map((cell, i): Cell => {
        const bold = row.bold ? ('bold' as const) : undefined;
        if (cell === null || cell === undefined) return null;
        if (table.columns[i]?.kind === 'money' && typeof cell === 'number') {
          return { value: cell, type: Number, format, fontWeight: bold };
        }
        return { value: escapeFormula(String(cell)), type: String, fontWeight: bold };
      }),
    ),
  ];
  return writeXlsxFile(data, {
    sheet: table.title.slice(0, 31),
    columns: table.columns.map((c) => ({ width: c.kind === 'money' ? 16 : Math.max(12, c.width * 8) })),
  }).toBuffer();
}

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** The statement's Excel file as the API's answer. */
export const excelFile = async (table: ExportTable) =>
  new FileAnswer(await renderExcel(table), XLSX, `${table.fileName}.xlsx`);
