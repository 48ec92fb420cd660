import { storedSelection } from '@/components/admin/stored-selection';
import { usersListHref } from '@/features/users/lib/users-logic';
import { useSession } from '@/lib/session';

/** The caller's role and the link back to the users list for it (admin-area §2). */
export function useUsersListHref() {
  const { profile } = useSession();
  const role = profile?.profile.user_role;
  const href = usersListHref(role, {
    project: storedSelection('project', profile),
    group: storedSelection('group', profile),
  });
  return { role, href };
}
