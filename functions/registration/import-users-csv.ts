import { importUsersCsv } from '../../shared/contracts/registration';
import { fieldErrors } from '../lib/errors';
import { httpHandler } from '../lib/http/http-handler';
import { importUsers } from './csv-import';

/** POST api/v1/register/load-register/csv/: invite the users of a CSV (file_csv); a report per row. */
export const handler = httpHandler(importUsersCsv, ({ caller, files }) => {
  const file = files.find((f) => f.field === 'file_csv');
  if (!file) throw fieldErrors({ file_csv: ['REQUIRED'] });
  return importUsers(caller, file.data);
});
