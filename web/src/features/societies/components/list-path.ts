import { roleScope } from '@/components/admin/role-scope';
import { storedSelection } from '@/components/admin/stored-selection';
import type { UserInfo } from '@/lib/session';

/** The societies list hash keys (admin-area §2): '#page?search=&project=&group='. */
export const SOCIETY_LIST_KEYS = ['search', 'project', 'group'] as const;

/**
 * Default filters of the societies list per role (admin-area §2): a PROJECT_ADMIN starts on its stored project
 * ('#1?search=&project={stored project}&group='), a GROUP_ADMIN on its stored group
 * ('#1?search=&project=&group={stored group}'), SUPER_ADMIN unfiltered.
 */
export function societyListDefaults(
  role: string | undefined,
  profile: UserInfo | null,
): { project?: string; group?: string } {
  const scope = roleScope(role);
  if (scope.byProject) return { project: storedSelection('project', profile) };
  if (scope.byGroup) return { group: storedSelection('group', profile) };
  return {};
}

/** The link back to the societies list ('Ir a sociedad'), with the role's default hash. */
export function societiesListPath(role: string | undefined, profile: UserInfo | null): string {
  const defaults = societyListDefaults(role, profile);
  if (!defaults.project && !defaults.group) return '/admin/society';
  return `/admin/society#1?search=&project=${defaults.project ?? ''}&group=${defaults.group ?? ''}`;
}
