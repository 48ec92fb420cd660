import { batchGet } from './list-index';
import { keys } from './table';
import type { UserRecord } from './users';

interface Flagged {
  enable?: boolean;
  group_uuid?: string;
}

/**
 * Whether the projects and groups a user belongs to are enabled (issue 8, "Disabled means disabled"). Every protected
 * call asks this, so it costs one BatchGet of the user's projects, groups and societies together (issue 9: a list page
 * in at most 3 calls, the caller's own Get included); a society user's groups not among its own are known only from
 * its societies, and read in a second. The lists are small and bounded by the user's memberships.
 */
export async function disabledMembership(user: UserRecord): Promise<'PROJECT' | 'GROUP' | undefined> {
  const found = await batchGet([
    ...user.project_uuids.map(keys.project),
    ...user.group_uuids.map(keys.group),
    ...user.society_uuids.map(keys.society),
  ]);
  const item = (key: { pk: string; sk: string }) => found.get(`${key.pk}|${key.sk}`) as Flagged | undefined;
  if (user.project_uuids.some((uuid) => item(keys.project(uuid))?.enable === false)) return 'PROJECT';
  if (user.group_uuids.some((uuid) => item(keys.group(uuid))?.enable === false)) return 'GROUP';
  const societyGroups = [
    ...new Set(user.society_uuids.flatMap((uuid) => item(keys.society(uuid))?.group_uuid ?? [])),
  ].filter((uuid) => !user.group_uuids.includes(uuid));
  if (societyGroups.length === 0) return undefined;
  const more = await batchGet(societyGroups.map(keys.group));
  return [...more.values()].some((g) => (g as Flagged).enable === false) ? 'GROUP' : undefined;
}
