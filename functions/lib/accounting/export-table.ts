/**
 * A statement laid out for export ("Exports"): heading lines (society, period, basis, currency), columns
 * and rows. The PDF and the Excel writers both take this shape, so both files show the same figures.
 */
export interface ExportColumn {
  label: string;
  kind: 'text' | 'money';
  /** Relative width (text columns wider). */
  width: number;
}
export interface ExportRow {
  cells: Array<string | number | null>;
  bold?: boolean;
}
export interface ExportTable {
  title: string;
  heading: string[];
  columns: ExportColumn[];
  rows: ExportRow[];
  /** Decimals of money cells: 0 for pesos, 2 for dollars. */
  decimals: 0 | 2;
  fileName: string;
}

/**
 * A text cell can never start a formula in a spreadsheet (OWASP, CSV/formula injection): text beginning with = + - @
 * or a control character gets a leading apostrophe, shown as typed instead of evaluated.
 */
export function escapeFormula(text: string): string {
  return /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
}

/** Chilean number format: 1.190.000 or 1.190.000,50 (portal: "Numbers in Chilean format"). */
export function chileanNumber(value: number, decimals: 0 | 2): string {
  return value.toLocaleString('es-CL', { minimumFractionDigits: decimals, maximumFractionDigits: decimals });
}
