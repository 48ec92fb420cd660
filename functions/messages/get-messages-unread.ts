import { getMessagesUnread } from '../../shared/contracts/messages';
import { unreadStates } from '../lib/data/messages';
import { httpHandler } from '../lib/http/http-handler';
import { takesPart } from './messages';

/**
 * GET api/v1/messages/unread/: the top bar's count: one Query of the caller's unread states, less those of societies it
 * no longer reaches (a membership removed since).
 */
export const handler = httpHandler(getMessagesUnread, async ({ caller }) => {
  const states = (await unreadStates(caller.user.uuid)).filter((s) =>
    takesPart(caller, { uuid: s.society_uuid, group_uuid: s.group_uuid, project_uuid: s.project_uuid }),
  );
  const bySociety = new Map<string, number>();
  for (const s of states) bySociety.set(s.society_uuid, (bySociety.get(s.society_uuid) ?? 0) + s.n);
  return {
    unread: states.reduce((sum, s) => sum + s.n, 0),
    threads: states.length,
    societies: [...bySociety].map(([society, unread]) => ({ society, unread })),
  };
});
