import { AdminSidebar } from '@/features/shell/components/admin-sidebar';
import { useSidebarCollapsed } from '@/features/shell/components/collapse-toggle';
import { ShellFrame } from '@/features/shell/components/shell-frame';
import { useSession } from '@/lib/session';

/** Layout of /admin/*: top bar and the admin sidebar (the route guard inside decides who may stay). */
export function AdminLayout() {
  const { profile } = useSession();
  const { collapsed, toggle } = useSidebarCollapsed();
  return (
    <ShellFrame
      collapsed={collapsed}
      onToggle={toggle}
      sidebar={(state) => (
        <AdminSidebar role={profile?.profile.user_role} collapsed={state.collapsed} onToggle={state.onToggle} />
      )}
    />
  );
}
