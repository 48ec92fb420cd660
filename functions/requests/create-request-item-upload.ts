import { createRequestItemUpload } from '../../shared/contracts/requests';
import { httpHandler } from '../lib/http/http-handler';
import { startItemUpload } from './item-uploads';

/** POST api/v1/requests/request/{uuid}/item/{item}/upload-url/: a presigned POST for one file into an open item. */
export const handler = httpHandler(createRequestItemUpload, ({ caller, params, body }) =>
  startItemUpload(caller, params.uuid, params.item, body),
);
