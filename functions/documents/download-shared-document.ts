import { downloadSharedDocument } from '../../shared/contracts/documents';
import { clientIp } from '../lib/http/client-ip';
import { httpHandler } from '../lib/http/http-handler';
import { redirectTo } from './download';
import { useShareLink } from './share-links';

/** GET api/v1/documents/share/download/?token=: checks the link and redirects to the attachment (public). */
export const handler = httpHandler(downloadSharedDocument, async ({ query, event }) => {
  const answer = await useShareLink(query.token, clientIp(event));
  return query.format === 'json' ? answer : redirectTo(answer.link);
});
