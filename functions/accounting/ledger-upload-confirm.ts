import { confirmLedgerUpload as contract } from '../../shared/contracts/accounting';
import { httpHandler } from '../lib/http/http-handler';
import { confirmLedgerUpload } from './ledger-upload-service';

/** POST api/v1/accounting/ledger/upload/confirm/: the file is uploaded; its import job is queued and started. */
export const handler = httpHandler(contract, ({ caller, body }) => confirmLedgerUpload(caller, body.job));
