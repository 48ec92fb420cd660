import { ApiError } from '../lib/errors';
import { MAX_UPLOAD_BYTES } from '../lib/http/multipart';
import { BudgetExceeded } from '../lib/parsers/budget';
import { parseCsvWithin } from '../lib/parsers/csv';

/**
 * The reader of the users CSV (admin-area §2, "Import users"), within a budget: the 2 MB a request carries,
 * 2,000 rows (what one import invites; more go as another file) and 10,000 characters a row (a row's longest fields,
 * group and society lists, take 1,000 each). csv-parse stops at the row cap while it reads: a file of a million short
 * rows used to be parsed whole (133 MB and 10 s) before its row count was checked. Past a cap: ERROR_LENGTH; a file
 * that does not parse or lacks the email and user_role columns: FORMAT_ERROR.
 */
export const USERS_CSV_BUDGET = { maxBytes: MAX_UPLOAD_BYTES, maxRows: 2_000, maxRecordChars: 10_000 };

const fileError = (code: 'FORMAT_ERROR' | 'ERROR_LENGTH') =>
  new ApiError(400, 'VALIDATION_ERROR', { errors: { file_csv: [code] } });

/** The data rows of the file, keyed by the header's column names (trimmed, lower case). */
export function readUsersCsv(csv: Buffer): Record<string, string>[] {
  if (csv.length > USERS_CSV_BUDGET.maxBytes) throw fileError('ERROR_LENGTH');
  let records: Record<string, string>[];
  try {
    records = parseCsvWithin<Record<string, string>>(
      csv,
      {
        columns: (header: string[]) => header.map((h) => h.trim().toLowerCase()),
        bom: true,
        skip_empty_lines: true,
        trim: true,
        delimiter: [',', ';'],
      },
      USERS_CSV_BUDGET,
      'columns-option',
    );
  } catch (error) {
    throw fileError(error instanceof BudgetExceeded ? 'ERROR_LENGTH' : 'FORMAT_ERROR');
  }
  const header = records[0] ? Object.keys(records[0]) : [];
  if (records.length === 0 || !['email', 'user_role'].every((c) => header.includes(c))) throw fileError('FORMAT_ERROR');
  return records;
}
