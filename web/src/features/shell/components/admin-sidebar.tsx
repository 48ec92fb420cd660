import { Flex, View } from '@aws-amplify/ui-react';
import { es } from '@shared/i18n/es';
import type { Role } from '@shared/roles';
import type { IconName } from '@/components/ui/icons';
import { adminMenuFor } from '@/features/shell/menus';
import { CollapseToggle } from './collapse-toggle';
import { NavGroup } from './nav-group';
import { NavItem } from './nav-item';

const ICONS: Record<string, IconName> = {
  '/admin/projects': 'projects',
  '/admin/group': 'groups',
  '/admin/society': 'society',
  '/admin/users': 'person',
  '/admin/reports': 'reports',
  '/admin/accounting': 'accounting',
  '/admin/accounting/import': 'upload',
  '/admin/documents/root': 'folder',
  '/support/tickets': 'ticket',
  '/admin/chatbot': 'support',
};

/** The admin sidebar under /admin/*: the role's admin-menu entries (menus.ts), and a way back to the portal. */
export function AdminSidebar({
  role,
  collapsed,
  onToggle,
}: {
  role: Role | undefined;
  collapsed: boolean;
  onToggle: () => void;
}) {
  const { main, modules } = adminMenuFor(role);
  return (
    <Flex
      as="nav"
      aria-label={es.sidebar.adminNavigation}
      className="portal-sidebar"
      data-collapsed={collapsed}
      direction="column"
      gap="xs"
      padding="small"
    >
      <CollapseToggle collapsed={collapsed} onToggle={onToggle} />
      {main.map((entry) => (
        <NavItem
          key={entry.to}
          to={entry.to}
          icon={ICONS[entry.to] ?? 'modules'}
          label={entry.label}
          collapsed={collapsed}
        />
      ))}
      {modules.length > 0 ? (
        <NavGroup
          icon="modules"
          label={es.sidebar.adminModules}
          collapsed={collapsed}
          initiallyOpen
          onExpandSidebar={onToggle}
        >
          {modules.map((entry) => (
            <NavItem
              key={entry.to}
              to={entry.to}
              icon={ICONS[entry.to] ?? 'modules'}
              label={entry.label}
              collapsed={collapsed}
            />
          ))}
        </NavGroup>
      ) : null}
      <View flex="1" />
      <NavItem to="/home" icon="home" label={es.sidebar.backToPortal} collapsed={collapsed} />
    </Flex>
  );
}
