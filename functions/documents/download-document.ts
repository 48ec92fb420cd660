import { downloadDocument } from '../../shared/contracts/documents';
import { httpHandler } from '../lib/http/http-handler';
import { downloadLink } from './download';

/** GET api/v1/documents/download/{uuid}/?type=inline|attachment: a one-minute presigned GET. */
export const handler = httpHandler(downloadDocument, ({ caller, params, query }) =>
  downloadLink(caller, params.uuid, query.type, query.format),
);
