import { Flex, View } from '@aws-amplify/ui-react';
import { es } from '@shared/i18n/es';
import { useLocation } from 'react-router-dom';
import { SelectionPicker } from '@/components/ui/selection-picker';
import { adminPanelTarget, showsDocuments } from '@/features/shell/menus';
import { useMyAccountingLinks, useMyReportLinks } from '@/lib/assignment-lists';
import type { UserInfo } from '@/lib/session';
import { CollapseToggle } from './collapse-toggle';
import { NavGroup } from './nav-group';
import { NavItem } from './nav-item';

/**
 * The ordinary sidebar: Inicio, the per-role selection, 'Mis reportes' and Contabilidad (collapsible, for that
 * selection), Mensajes, Solicitudes, Documentos, and the bottom icons (support, user info, and the admin panel for admin roles).
 */
export function Sidebar({
  profile,
  collapsed,
  onToggle,
}: {
  profile: UserInfo | null;
  collapsed: boolean;
  onToggle: () => void;
}) {
  const adminTarget = adminPanelTarget(profile);
  const { pathname } = useLocation();
  // The caller's reports and accounting items for its stored selection, by menu_name.
  const reports = useMyReportLinks();
  const accounting = useMyAccountingLinks();
  return (
    <Flex
      as="nav"
      aria-label={es.sidebar.navigation}
      className="portal-sidebar"
      data-collapsed={collapsed}
      direction="column"
      gap="xs"
      padding="small"
    >
      <CollapseToggle collapsed={collapsed} onToggle={onToggle} />
      <NavItem to="/home" icon="home" label={es.sidebar.home} collapsed={collapsed} end />
      {/* The selection the lists below follow, on every page but /home, which shows it in its content (portal §2
          Home: changing it on a report or accounting page returns to /home). */}
      {collapsed || pathname === '/home' ? null : (
        <SelectionPicker profile={profile} className="portal-sidebar-selection" />
      )}
      <NavGroup
        icon="reports"
        label={es.sidebar.reports}
        collapsed={collapsed}
        emptyText={es.sidebar.noReports}
        onExpandSidebar={onToggle}
      >
        {reports.map((link) => (
          <NavItem key={link.key} to={link.to} icon="reports" label={link.label} collapsed={collapsed} />
        ))}
      </NavGroup>
      <NavGroup
        icon="accounting"
        label={es.sidebar.accounting}
        collapsed={collapsed}
        emptyText={es.sidebar.noAccounting}
        onExpandSidebar={onToggle}
      >
        {accounting.map((link) => (
          <NavItem key={link.key} to={link.to} icon="accounting" label={link.label} collapsed={collapsed} />
        ))}
      </NavGroup>
      <NavItem to="/messages" icon="chat" label={es.sidebar.messages} collapsed={collapsed} />
      <NavItem to="/requests" icon="file" label={es.sidebar.requests} collapsed={collapsed} />
      {showsDocuments(profile) ? (
        <NavItem to="/documents_user/root" icon="folder" label={es.sidebar.documents} collapsed={collapsed} />
      ) : null}
      <View flex="1" />
      <Flex
        direction={collapsed ? 'column' : 'row'}
        justifyContent="space-around"
        alignItems="center"
        className="portal-sidebar-bottom"
        padding="xs 0"
      >
        <NavItem to="/support" icon="support" label={es.sidebar.support} collapsed />
        <NavItem to="/userinfo" icon="person" label={es.sidebar.userInfo} collapsed />
        {adminTarget ? <NavItem to={adminTarget} icon="shield" label={es.sidebar.adminPanel} collapsed /> : null}
      </Flex>
    </Flex>
  );
}
