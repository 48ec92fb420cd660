import { useSession } from '../../../lib/session';
import { useSidebarCollapsed } from '../components/collapse-toggle';
import { ShellFrame } from '../components/shell-frame';
import { Sidebar } from '../components/sidebar';

/** Layout of the signed-in portal pages: top bar and the ordinary sidebar. */
export function AppLayout() {
  const { profile } = useSession();
  const { collapsed, toggle } = useSidebarCollapsed();
  return <ShellFrame sidebar={<Sidebar profile={profile} collapsed={collapsed} onToggle={toggle} />} />;
}
