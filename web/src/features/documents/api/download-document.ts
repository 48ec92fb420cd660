import { downloadDocument } from '@shared/contracts/documents';
import { api } from '@/lib/api-client';

/**
 * GET api/v1/documents/download/{uuid}/?type=&format=json: a one-minute link, opened at once (the access token stays
 * in the header, never in a URL the browser keeps).
 */
export async function openDocument(uuid: string, type: 'inline' | 'attachment') {
  // 'Ver' opens its tab before the call, so a popup blocker sees the click, and cuts it loose at once: the document
  // finds no window.opener to reach the portal through (as `noopener` would give, which leaves no tab to send the link
  // to). The portal's Cross-Origin-Opener-Policy severs the tab from it as well once the document's origin loads, and
  // its Referrer-Policy sends that origin no more than the portal's own.
  const target = type === 'inline' ? window.open('', '_blank') : null;
  if (target) target.opener = null;
  try {
    const { link } = await api(downloadDocument, { params: { uuid }, query: { type, format: 'json' } });
    if (target) target.location.href = link;
    else window.location.assign(link);
  } catch (error) {
    target?.close();
    throw error;
  }
}
