import { useSidebarCollapsed } from '@/features/shell/components/collapse-toggle';
import { ShellFrame } from '@/features/shell/components/shell-frame';
import { Sidebar } from '@/features/shell/components/sidebar';
import { useSession } from '@/lib/session';

/** Layout of the signed-in portal pages: top bar and the ordinary sidebar. */
export function AppLayout() {
  const { profile } = useSession();
  const { collapsed, toggle } = useSidebarCollapsed();
  return (
    <ShellFrame
      collapsed={collapsed}
      onToggle={toggle}
      sidebar={(state) => <Sidebar profile={profile} collapsed={state.collapsed} onToggle={state.onToggle} />}
    />
  );
}
