import { downloadDocument } from '@shared/contracts/documents';
import { api } from '@/lib/api-client';

/**
 * GET api/v1/documents/download/{uuid}/?format=json: a delivered file is a document of the society; its one-minute link
 * is followed at once (the access rides the session, never a URL the browser keeps).
 */
export async function downloadRequestDocument(uuid: string) {
  const { link } = await api(downloadDocument, { params: { uuid }, query: { type: 'attachment', format: 'json' } });
  window.location.assign(link);
}
