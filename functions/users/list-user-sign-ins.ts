import { listUserSignIns } from '../../shared/contracts/users';
import { sessionEventPage } from '../lib/data/user-logs';
import { notFound } from '../lib/errors';
import { httpHandler } from '../lib/http/http-handler';
import { requireUser } from './users';

/** Who reads another user's history: the admins, each within the users its detail shows (get-user.ts's rule). */
const ADMINS: readonly string[] = ['SUPER_ADMIN', 'PROJECT_ADMIN', 'GROUP_ADMIN'];

/**
 * GET api/v1/users/user/{uuid}/sign-ins/: a page of the user's session log, newest first (one Query). One's own is
 * always readable; another's only by an admin who may open that user's detail; anyone else gets 404.
 */
export const handler = httpHandler(listUserSignIns, async ({ caller, params, query }) => {
  if (params.uuid !== caller.user.uuid) {
    if (!ADMINS.includes(caller.role)) throw notFound();
    await requireUser(caller, params.uuid);
  }
  const page = await sessionEventPage(params.uuid, query.limit, query.cursor);
  return { results: page.items, next: page.next };
});
