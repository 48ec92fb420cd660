import { deleteDocument } from '../../shared/contracts/documents';
import { httpHandler } from '../lib/http/http-handler';
import { removeDocument } from './documents';

/** DELETE api/v1/documents/document/{uuid}/: the item, then its object. */
export const handler = httpHandler(deleteDocument, ({ caller, params }) => removeDocument(caller, params.uuid));
