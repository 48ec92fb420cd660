import { importAccountingLedger } from '../../shared/contracts/accounting';
import { httpHandler } from '../lib/http/http-handler';
import { importLedgerFile } from './import-service';

/** POST api/v1/accounting/ledger/import/: a libro_diario file replaces the (base, month) slices it holds, whole. */
export const handler = httpHandler(importAccountingLedger, ({ caller, body, files }) =>
  importLedgerFile(
    caller,
    body.society,
    files.find((f) => f.field === 'file'),
  ),
);
