import { downloadSharedDocument } from '@shared/contracts/documents';
import { api } from '@/lib/api-client';

/** GET api/v1/documents/share/download/?token=&format=json (public): the attachment's link, or 404 LINK_EXPIRED. */
export const sharedDocumentLink = (token: string) =>
  api(downloadSharedDocument, { query: { token, format: 'json' }, session: false });

/** The same with format=info: what the link holds (name, size, until when), counting no use. */
export const sharedDocumentInfo = (token: string) =>
  api(downloadSharedDocument, { query: { token, format: 'info' }, session: false });
