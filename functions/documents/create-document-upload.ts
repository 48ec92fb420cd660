import { createDocumentUpload } from '../../shared/contracts/documents';
import { httpHandler } from '../lib/http/http-handler';
import { startDirectUpload } from './direct-upload';

/** POST api/v1/documents/upload-url/: a presigned POST for one file up to 100 MB. */
export const handler = httpHandler(createDocumentUpload, ({ caller, body }) => startDirectUpload(caller, body));
