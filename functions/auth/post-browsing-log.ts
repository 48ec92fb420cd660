import { postBrowsingLog } from '../../shared/contracts/auth';
import { writeUserLog } from '../lib/data/user-logs';
import { httpHandler } from '../lib/http/http-handler';

/** POST api/v1/logs/browsing-log/: one item per page view, under the caller's partition. */
export const handler = httpHandler(postBrowsingLog, async ({ body, caller }) => {
  await writeUserLog(caller.user.uuid, 'BROWSING', body);
  return { detail: 'ok' };
});
