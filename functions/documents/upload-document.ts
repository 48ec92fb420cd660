import { uploadDocument } from '../../shared/contracts/documents';
import { httpHandler } from '../lib/http/http-handler';
import { uploadSmallDocument } from './documents';

/** POST api/v1/documents/document/ (multipart: file and its place). */
export const handler = httpHandler(uploadDocument, ({ caller, body, files }) =>
  uploadSmallDocument(caller, body, files),
);
