import { patchDocument } from '../../shared/contracts/documents';
import { httpHandler } from '../lib/http/http-handler';
import { renameDocument } from './documents';

/** PATCH api/v1/documents/document/{uuid}/: rename (the name without its extension). */
export const handler = httpHandler(patchDocument, ({ caller, params, body }) =>
  renameDocument(caller, params.uuid, body.document_name),
);
