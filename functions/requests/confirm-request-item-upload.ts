import { confirmRequestItemUpload } from '../../shared/contracts/requests';
import { httpHandler } from '../lib/http/http-handler';
import { confirmItemUpload } from './item-uploads';

/** POST api/v1/requests/upload/{uuid}/confirm/: the uploaded file becomes a document, delivered on its item. */
export const handler = httpHandler(confirmRequestItemUpload, ({ caller, params }) =>
  confirmItemUpload(caller, params.uuid),
);
