import { CsvError, type Options, parse } from 'csv-parse/sync';
import { BudgetExceeded, type FileBudget, UnreadableFileError } from './budget';

/**
 * A CSV's records, read within a budget: csv-parse reads as a stream underneath, and stops by itself once it
 * has handed `to` records, so a file of a million short rows costs the cap's rows, not the million, and it refuses a
 * record past `max_record_size` characters as it reads it. One record more than the cap is asked for, to tell a file
 * at the cap from one past it. `maxRows` counts the records after the header; `header` says whether the first
 * record is one (csv-parse's `columns` option takes it as the header itself). The caller checks the file's bytes
 * before decoding it.
 */
export function parseCsvWithin<T>(
  input: Buffer | string,
  options: Options,
  budget: Pick<FileBudget, 'maxRows' | 'maxRecordChars'>,
  header: 'first-record' | 'columns-option',
): T[] {
  const cap = budget.maxRows + (header === 'first-record' ? 1 : 0);
  let records: T[];
  try {
    records = parse(input, { ...options, to: cap + 1, max_record_size: budget.maxRecordChars }) as T[];
  } catch (error) {
    if (error instanceof CsvError && error.code === 'CSV_MAX_RECORD_SIZE') {
      throw new BudgetExceeded('record', budget.maxRecordChars);
    }
    throw new UnreadableFileError(`csv: ${(error as Error).message}`);
  }
  if (records.length > cap) throw new BudgetExceeded('rows', budget.maxRows);
  return records;
}
