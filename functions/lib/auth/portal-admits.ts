import { getProjectByPortalUrl } from '../data/projects';
import type { UserRecord } from '../data/user-record';

/**
 * A project's branded domain admits only that project's users, judged by
 * the portal the edge says the request came through (never a header the client chose); the SUPER_ADMIN signs in
 * anywhere, and a portal that is no project's admits everyone.
 */
export async function portalAdmits(portal: string, user: UserRecord): Promise<boolean> {
  if (!portal || user.user_role === 'SUPER_ADMIN') return true;
  const project = await getProjectByPortalUrl(portal);
  return !project || user.project_uuids.includes(project.uuid);
}
