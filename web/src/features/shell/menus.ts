import { listSupportTickets } from '@shared/contracts/external';
import { es } from '@shared/i18n/es';
import { adminHome, type Role } from '@shared/roles';
import type { UserInfo } from '@/lib/session';

/** Whether the Documentos entry shows (portal spec §2, §6): non-super-admin users with user_documentation. */
export function showsDocuments(profile: UserInfo | null): boolean {
  return Boolean(profile && profile.profile.user_role !== 'SUPER_ADMIN' && profile.profile.user_documentation);
}

/** Where the sidebar's admin-panel icon leads, or undefined when the role has no admin area (shared/roles.ts). */
export function adminPanelTarget(profile: UserInfo | null): string | undefined {
  return profile ? adminHome(profile.profile.user_role) : undefined;
}

/** Entries the admin spec groups under the 'Modulos' submenu. */
const MODULE_ENTRIES = new Set([
  '/admin/reports',
  '/admin/accounting',
  '/admin/accounting/import',
  '/admin/modules',
  '/admin/dashboards',
]);

/**
 * The support tickets list: an admin-menu entry for exactly the roles its API admits (SUPER_ADMIN and
 * PROJECT_ADMIN). It opens in the portal's shell (/support/tickets), not under /admin.
 */
const SUPPORT_TICKETS_ENTRY = {
  label: es.support.ticketsTitle,
  to: '/support/tickets',
  roles: listSupportTickets.access as readonly Role[],
};

/**
 * The ADMIN_MENU entries (shared/roles.ts) and the tickets entry a role sees, split into top-level entries and the
 * 'Modulos' submenu.
 */
export function adminMenuFor(role: Role | undefined) {
  const entries = [...es.adminMenu, SUPPORT_TICKETS_ENTRY];
  const visible = role ? entries.filter((entry) => entry.roles.includes(role)) : [];
  return {
    main: visible.filter((entry) => !MODULE_ENTRIES.has(entry.to)),
    modules: visible.filter((entry) => MODULE_ENTRIES.has(entry.to)),
  };
}

/** Shared with the /support page (components/ui/messaging-link.ts). */
export { messagingLink } from '@/components/ui/messaging-link';
