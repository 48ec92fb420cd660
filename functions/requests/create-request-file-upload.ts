import { createRequestFileUpload } from '../../shared/contracts/requests';
import { httpHandler } from '../lib/http/http-handler';
import { startRequestFileUpload } from './template-files';

/** POST api/v1/requests/template-files/upload-url/: a presigned POST for an item's template file (404 outside scope). */
export const handler = httpHandler(createRequestFileUpload, ({ caller, body }) => startRequestFileUpload(caller, body));
