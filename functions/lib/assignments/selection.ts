import type { Caller } from '../auth/caller';
import { getGroup } from '../data/groups';
import { getSociety } from '../data/societies';
import { notFound } from '../errors';
import type { Selection } from './visibility';

/**
 * The caller's selection (portal §4 Home: the stored project, group or society the lists are for), verified against
 * its own record: a uuid the caller does not belong to answers 404; none given takes its first membership of the
 * role's kind. SUPER_ADMIN belongs nowhere: it has no selection (undefined).
 */
export async function callerSelection(
  caller: Caller,
  query: { project?: string; group?: string; society?: string },
): Promise<Selection | undefined> {
  const { user, role } = caller;
  const pick = (asked: string | undefined, own: string[]) => {
    if (asked === undefined) return own[0];
    if (!own.includes(asked)) throw notFound();
    return asked;
  };
  if (role === 'SUPER_ADMIN') return undefined;
  if (role === 'PROJECT_ADMIN') {
    const project = pick(query.project, user.project_uuids);
    return project ? { project } : undefined;
  }
  if (role === 'GROUP_ADMIN' || role === 'USER_GROUP') {
    const uuid = pick(query.group, user.group_uuids);
    if (!uuid) return undefined;
    const group = await getGroup(uuid);
    return group ? { project: group.project_uuid, group: uuid } : undefined;
  }
  const uuid = pick(query.society, user.society_uuids);
  if (!uuid) return undefined;
  const society = await getSociety(uuid);
  return society ? { project: society.project_uuid, group: society.group_uuid, society: uuid } : undefined;
}
