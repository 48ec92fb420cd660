import { downloadSharedDocument } from '../../shared/contracts/documents';
import { clientIp } from '../lib/http/client-ip';
import { httpHandler } from '../lib/http/http-handler';
import { redirectTo } from './download';
import { peekShareLink, spendShareLink } from './share-links';

/**
 * GET api/v1/documents/share/download/?token=: checks the link and redirects to the attachment (public); ?format=info
 * only describes it (the share page, before its 'Descargar').
 */
export const handler = httpHandler(downloadSharedDocument, async ({ query, event }) => {
  if (query.format === 'info') return peekShareLink(query.token, clientIp(event));
  const answer = await spendShareLink(query.token, clientIp(event));
  return query.format === 'json' ? answer : redirectTo(answer.link);
});
