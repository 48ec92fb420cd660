import { listSocietyThreads } from '../../shared/contracts/messages';
import { threadPage, unreadOf } from '../lib/data/messages';
import { httpHandler } from '../lib/http/http-handler';
import { requireSocietyPlace, threadView } from './messages';

/**
 * GET api/v1/messages/society/{uuid}/threads/: a page of the society's threads, newest activity first, with the
 * caller's unread count of each: the society, one Query and one batch, whatever the number of threads.
 */
export const handler = httpHandler(listSocietyThreads, async ({ caller, params, query }) => {
  const society = await requireSocietyPlace(caller, params.uuid);
  const page = await threadPage(society.uuid, query.limit, query.cursor);
  const unread = await unreadOf(
    caller.user.uuid,
    page.items.map((t) => t.uuid),
  );
  return { results: page.items.map((t) => threadView(t, unread.get(t.uuid) ?? 0)), next: page.next };
});
