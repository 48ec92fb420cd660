import { importUsersCsv } from '../../shared/contracts/registration';
import { fieldErrors } from '../lib/errors';
import { httpHandler } from '../lib/http/http-handler';
import { importUsers } from './csv-import';

/** POST api/v1/register/load-register/csv/: invite the users of a CSV (file_csv); a report per row. */
export const handler = httpHandler(importUsersCsv, async ({ caller, files, remainingMs }) => {
  const file = files.find((f) => f.field === 'file_csv');
  if (!file) throw fieldErrors({ file_csv: ['REQUIRED'] });
  // Stop taking rows 4 s before the function's timeout, so the report always gets back.
  return importUsers(caller, file.data, Date.now() + remainingMs() - 4000);
});
