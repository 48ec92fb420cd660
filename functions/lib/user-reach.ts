import type { Caller } from './auth/caller';
import { getItems } from './data/list-index';
import { keys } from './data/table';
import type { UserRecord } from './data/user-record';
import { seesEverything } from './scope';

/**
 * Whether every user is one the caller already manages: of its projects (PROJECT_ADMIN), of its groups or of their
 * societies (GROUP_ADMIN). The people pickers offer exactly these.
 */
export async function reachesAll(caller: Caller, users: UserRecord[]): Promise<boolean> {
  if (seesEverything(caller) || users.length === 0) return true;
  const mine = caller.role === 'PROJECT_ADMIN' ? caller.user.project_uuids : caller.user.group_uuids;
  if (caller.role === 'PROJECT_ADMIN') return users.every((u) => u.project_uuids.some((p) => mine.includes(p)));
  if (caller.role !== 'GROUP_ADMIN') return false;
  const societyUuids = [...new Set(users.flatMap((u) => u.society_uuids))];
  const societies = await getItems<{ uuid: string; group_uuid: string }>(societyUuids.map((s) => keys.society(s)));
  const inMyGroups = new Set(societies.filter((s) => mine.includes(s.group_uuid)).map((s) => s.uuid));
  return users.every(
    (u) => u.group_uuids.some((g) => mine.includes(g)) || u.society_uuids.some((s) => inMyGroups.has(s)),
  );
}

/** reachesAll for one caller, as loadMembers takes it (data/users.ts). */
export const reachedBy = (caller: Caller) => (users: UserRecord[]) => reachesAll(caller, users);
