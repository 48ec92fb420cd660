import { confirmDocumentUpload } from '../../shared/contracts/documents';
import { httpHandler } from '../lib/http/http-handler';
import { confirmDirectUpload } from './direct-upload';

/** POST api/v1/documents/upload-url/{uuid}/confirm/: checks the stored object, then creates the document. */
export const handler = httpHandler(confirmDocumentUpload, ({ caller, params, body }) =>
  confirmDirectUpload(caller, params.uuid, body.on_conflict),
);
