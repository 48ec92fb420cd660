import { markThreadRead } from '../../shared/contracts/messages';
import { markRead } from '../lib/data/messages';
import { nowIso } from '../lib/data/table';
import { httpHandler } from '../lib/http/http-handler';
import { requireThread, sideOf } from './messages';

/** POST api/v1/messages/thread/{uuid}/read/: the caller has read the thread up to its last message. */
export const handler = httpHandler(markThreadRead, async ({ caller, params }) => {
  const thread = await requireThread(caller, params.uuid);
  await markRead(thread.uuid, {
    user: { uuid: caller.user.uuid, first_name: caller.user.first_name, last_name: caller.user.last_name },
    side: sideOf(caller),
    read_at: nowIso(),
    upto: thread.updated,
  });
  return { detail: 'THREAD_READ' };
});
