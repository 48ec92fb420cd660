import { ledgerUploadStatus as contract } from '../../shared/contracts/accounting';
import { httpHandler } from '../lib/http/http-handler';
import { ledgerUploadStatus } from './ledger-upload-service';

/** GET api/v1/accounting/ledger/upload/status/: what the import screen polls (status, progress, final report). */
export const handler = httpHandler(contract, ({ caller, query }) => ledgerUploadStatus(caller, query.job));
