import { useSession } from '../../../lib/session';
import { AdminSidebar } from '../components/admin-sidebar';
import { useSidebarCollapsed } from '../components/collapse-toggle';
import { ShellFrame } from '../components/shell-frame';

/** Layout of /admin/*: top bar and the admin sidebar (the route guard inside decides who may stay). */
export function AdminLayout() {
  const { profile } = useSession();
  const { collapsed, toggle } = useSidebarCollapsed();
  return (
    <ShellFrame sidebar={<AdminSidebar role={profile?.profile.user_role} collapsed={collapsed} onToggle={toggle} />} />
  );
}
