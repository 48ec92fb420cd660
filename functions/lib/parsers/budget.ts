/**
 * What a file reader may spend on one uploaded file (a 410 KB XLSX inflated to 419 MB and took the process
 * past 1 GB). Every cap is checked before or while reading, never after: a file past one is refused whole.
 */
export interface FileBudget {
  /** The file as uploaded: the CSV's bytes, or the XLSX archive's. */
  maxBytes: number;
  /** Rows of the file after its header, blank ones included (the file's own numbering). */
  maxRows: number;
  /** Characters of one CSV record. */
  maxRecordChars: number;
  /** XLSX: entries in the archive. */
  maxEntries: number;
  /** XLSX: bytes inflated, all the parts read together, counted as they come out. */
  maxInflatedBytes: number;
  /** XLSX: how many times its compressed size a part of more than a MB may declare to inflate to. */
  maxRatio: number;
  /** XLSX: the highest column a cell may sit in. */
  maxColumns: number;
  /** XLSX: the grid (highest row × highest column) the reader fills with empty cells where the sheet skips some. */
  maxCells: number;
}

export type BudgetLimit =
  | 'bytes'
  | 'rows'
  | 'record'
  | 'entries'
  | 'inflated'
  | 'ratio'
  /** A part inflated to more than its entry in the archive's directory declares. */
  | 'declared'
  | 'columns'
  | 'cells';

/** A file past a cap of its budget; `max` is the cap, in the budget's units. */
export class BudgetExceeded extends Error {
  constructor(
    readonly limit: BudgetLimit,
    readonly max: number,
  ) {
    super(`file over its ${limit} budget (${max})`);
  }
}

/** A file that is not what it claims to be (a broken archive, a CSV that does not parse). */
export class UnreadableFileError extends Error {}
