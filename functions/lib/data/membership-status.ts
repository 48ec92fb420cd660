import { getItems } from './list-index';
import { keys } from './table';
import type { UserRecord } from './users';

interface Flagged {
  enable?: boolean;
  group_uuid?: string;
}

/**
 * Whether the projects and groups a user belongs to are enabled (issue 8, "Disabled means disabled"). A society user's
 * group is its societies' group, read in a second batch; the lists are small and bounded by the user's memberships.
 */
export async function disabledMembership(user: UserRecord): Promise<'PROJECT' | 'GROUP' | undefined> {
  const [projects, groups, societies] = await Promise.all([
    getItems<Flagged>(user.project_uuids.map(keys.project)),
    getItems<Flagged>(user.group_uuids.map(keys.group)),
    getItems<Flagged>(user.society_uuids.map(keys.society)),
  ]);
  if (projects.some((p) => p.enable === false)) return 'PROJECT';
  if (groups.some((g) => g.enable === false)) return 'GROUP';
  const societyGroups = [...new Set(societies.flatMap((s) => s.group_uuid ?? []))].filter(
    (uuid) => !user.group_uuids.includes(uuid),
  );
  const more = await getItems<Flagged>(societyGroups.map(keys.group));
  return more.some((g) => g.enable === false) ? 'GROUP' : undefined;
}
