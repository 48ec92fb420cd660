import type { Caller } from '../lib/auth/caller';
import { visibleDocument } from '../lib/document-access';
import { RawResult } from '../lib/http/http-handler';
import { documentDownloadUrl } from '../lib/storage/documents';

/**
 * GET api/v1/documents/download/{uuid}/ (portal §7 "Open or download"): a presigned GET of about a minute, with the
 * name in its Content-Disposition. A plain link gets a redirect; the SPA asks `format=json` and opens the link.
 */
export async function downloadLink(caller: Caller, uuid: string, type: 'inline' | 'attachment', format: string) {
  const document = await visibleDocument(caller, uuid);
  const link = await documentDownloadUrl(document.key, document.file_name, type, document.content_type);
  if (format === 'json') return { link };
  return redirectTo(link);
}

export function redirectTo(link: string): RawResult {
  return new RawResult({
    statusCode: 302,
    headers: { location: link, 'cache-control': 'no-store', 'referrer-policy': 'no-referrer' },
    body: '',
  });
}
