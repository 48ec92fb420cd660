import { downloadDocument } from '@shared/contracts/documents';
import { api } from '@/lib/api-client';

/**
 * GET api/v1/documents/download/{uuid}/?type=&format=json: a one-minute link, opened at once (the access token stays
 * in the header, never in a URL the browser keeps).
 */
export async function openDocument(uuid: string, type: 'inline' | 'attachment') {
  // The window opens before the call so a popup blocker sees the click.
  const target = type === 'inline' ? window.open('', '_blank') : null;
  try {
    const { link } = await api(downloadDocument, { params: { uuid }, query: { type, format: 'json' } });
    if (target) target.location.href = link;
    else window.location.assign(link);
  } catch (error) {
    target?.close();
    throw error;
  }
}
