import type { Caller } from '../lib/auth/caller';
import { getSociety, type SocietyRecord } from '../lib/data/societies';
import { notFound } from '../lib/errors';
import { societyInScope } from '../lib/scope';

/**
 * Who may see a society's statements (portal §6: "Statement viewer societies load by project for PROJECT_ADMIN, by
 * group for GROUP_ADMIN and USER_GROUP, by society for USER_SOCIETY"): admins within their scope, a USER_GROUP in its
 * groups, a USER_SOCIETY its own societies. Anything else answers 404, as if it did not exist.
 */
export async function societyForViewer(caller: Caller, uuid: string): Promise<SocietyRecord> {
  const society = await getSociety(uuid);
  if (!society) throw notFound();
  const visible =
    caller.role === 'USER_SOCIETY'
      ? caller.user.society_uuids.includes(uuid)
      : caller.role === 'USER_GROUP'
        ? caller.user.group_uuids.includes(society.group_uuid)
        : societyInScope(caller, society);
  if (!visible) throw notFound();
  return society;
}

/** Imports: the admins whose scope holds the society (issue 12, "admins, per society, within their scope"). */
export async function societyForImport(caller: Caller, uuid: string): Promise<SocietyRecord> {
  const society = await getSociety(uuid);
  if (!society || !societyInScope(caller, society)) throw notFound();
  return society;
}
