import type { Contract } from '@shared/contracts/define';
import { canOpenAdminPath } from '@shared/roles';

/**
 * What an admin role sees of the hierarchy, derived from the route rules of shared/roles.ts (admin-area §6: "lists
 * loaded by role: projects only for SUPER_ADMIN; groups for SUPER_ADMIN and PROJECT_ADMIN"), so no screen restates
 * them: whoever may open the projects screen picks projects (filters, selectors); whoever may open the groups screen
 * picks groups.
 */
export function roleScope(role: string | undefined) {
  const projects = canOpenAdminPath(role, '/admin/projects');
  const groups = canOpenAdminPath(role, '/admin/group');
  return {
    /** Sees and picks projects (SUPER_ADMIN). */
    projects,
    /** Sees and picks groups (SUPER_ADMIN, PROJECT_ADMIN). */
    groups,
    /** Scoped to its stored project (PROJECT_ADMIN). */
    byProject: groups && !projects,
    /** Scoped to its stored group (GROUP_ADMIN). */
    byGroup: !groups && canOpenAdminPath(role, '/admin/society'),
  };
}

/** Whether a role may call an endpoint, as its contract declares (e.g. only SUPER_ADMIN manages industries). */
export function mayCall(contract: Pick<Contract, 'access'>, role: string | undefined): boolean {
  if (contract.access === 'public') return true;
  return role !== undefined && (contract.access as readonly string[]).includes(role);
}
