import { getThread } from '../../shared/contracts/messages';
import { messagePage, threadReceipts, unreadOf } from '../lib/data/messages';
import { httpHandler } from '../lib/http/http-handler';
import { messageView, requireThread, threadView } from './messages';

/**
 * GET api/v1/messages/thread/{uuid}/: the thread, a page of its messages (newest first) and its read markers: the
 * thread, then one Query of messages, one of markers and one read of the caller's unread state, in parallel.
 */
export const handler = httpHandler(getThread, async ({ caller, params, query }) => {
  const thread = await requireThread(caller, params.uuid);
  const [page, receipts, unread] = await Promise.all([
    messagePage(thread.uuid, query.limit, query.cursor),
    threadReceipts(thread.uuid),
    unreadOf(caller.user.uuid, [thread.uuid]),
  ]);
  return {
    thread: threadView(thread, unread.get(thread.uuid) ?? 0),
    messages: page.items.map(messageView),
    next: page.next,
    receipts: receipts.sort((a, b) => b.read_at.localeCompare(a.read_at)),
  };
});
