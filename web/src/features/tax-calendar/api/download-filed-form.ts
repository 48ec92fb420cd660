import { downloadDocument } from '@shared/contracts/documents';
import { api } from '@/lib/api-client';

/**
 * GET api/v1/documents/download/{uuid}/?format=json: a one-minute link to the filed form, followed at once (the
 * access rides the session, never a URL the browser keeps).
 */
export async function downloadFiledForm(uuid: string) {
  const { link } = await api(downloadDocument, { params: { uuid }, query: { type: 'attachment', format: 'json' } });
  window.location.assign(link);
}
