import { requestLedgerUpload } from '../../shared/contracts/accounting';
import { httpHandler } from '../lib/http/http-handler';
import { startLedgerUpload } from './ledger-upload-service';

/** POST api/v1/accounting/ledger/upload/: a large ledger file's job and its presigned POST. */
export const handler = httpHandler(requestLedgerUpload, ({ caller, body }) => startLedgerUpload(caller, body));
