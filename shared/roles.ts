/**
 * Roles and who may open what. The API (contracts) and the SPA (route guards, menus) both read these,
 * so a rule is written once.
 */
export const ROLES = ['SUPER_ADMIN', 'PROJECT_ADMIN', 'GROUP_ADMIN', 'USER_GROUP', 'USER_SOCIETY'] as const;
export type Role = (typeof ROLES)[number];

/** Roles that use the administration area. The spec's route guard also accepts a legacy ADMIN value. */
export const ADMIN_ROLES: readonly Role[] = ['SUPER_ADMIN', 'PROJECT_ADMIN', 'GROUP_ADMIN'];
export const LEGACY_ADMIN_ROLE = 'ADMIN';
/** The firm's clients: the roles whose document access is a per-firm flag. */
export const CLIENT_ROLES: readonly Role[] = ['USER_GROUP', 'USER_SOCIETY'];

export const ROLE_LABELS: Record<Role, string> = {
  SUPER_ADMIN: 'Super administrador',
  PROJECT_ADMIN: 'Administrador de proyectos',
  GROUP_ADMIN: 'Administrador de grupos',
  USER_GROUP: 'Usuario de grupos',
  USER_SOCIETY: 'Usuario de sociedad',
};

/** Which roles each role may invite (admin-area §6); the invite form offers these and the API enforces them. */
export const INVITABLE_ROLES: Record<Role, readonly Role[]> = {
  SUPER_ADMIN: ['SUPER_ADMIN', 'PROJECT_ADMIN', 'GROUP_ADMIN', 'USER_GROUP', 'USER_SOCIETY'],
  PROJECT_ADMIN: ['GROUP_ADMIN', 'USER_GROUP', 'USER_SOCIETY'],
  GROUP_ADMIN: ['USER_GROUP', 'USER_SOCIETY'],
  USER_GROUP: [],
  USER_SOCIETY: [],
};

export function isRole(value: unknown): value is Role {
  return typeof value === 'string' && (ROLES as readonly string[]).includes(value);
}

/** Admin route families (admin-area §2, portal §2) and the roles each admits. Order matters: first match wins. */
export const ADMIN_ROUTE_ACCESS: ReadonlyArray<{ prefix: string; roles: readonly Role[] }> = [
  { prefix: '/admin/projects', roles: ['SUPER_ADMIN'] },
  { prefix: '/admin/group', roles: ['SUPER_ADMIN', 'PROJECT_ADMIN'] },
  { prefix: '/admin/society', roles: ['SUPER_ADMIN', 'PROJECT_ADMIN', 'GROUP_ADMIN'] },
  { prefix: '/admin/users', roles: ['SUPER_ADMIN', 'PROJECT_ADMIN', 'GROUP_ADMIN'] },
  { prefix: '/admin/reports/create', roles: ['SUPER_ADMIN', 'PROJECT_ADMIN'] },
  { prefix: '/admin/reports/edit', roles: ['SUPER_ADMIN', 'PROJECT_ADMIN'] },
  { prefix: '/admin/reports/detail', roles: ['SUPER_ADMIN', 'PROJECT_ADMIN'] },
  { prefix: '/admin/reports', roles: ['SUPER_ADMIN', 'PROJECT_ADMIN', 'GROUP_ADMIN'] },
  { prefix: '/admin/accounting', roles: ['SUPER_ADMIN', 'PROJECT_ADMIN', 'GROUP_ADMIN'] },
  // Every admin manages the documents of its scope (the API checks the scope of each call).
  { prefix: '/admin/documents', roles: ['SUPER_ADMIN', 'PROJECT_ADMIN', 'GROUP_ADMIN'] },
  // The chatbot's articles: the SUPER_ADMIN keeps the shared ones and any firm's, a PROJECT_ADMIN its firms'.
  { prefix: '/admin/chatbot', roles: ['SUPER_ADMIN', 'PROJECT_ADMIN'] },
];

function hasPrefix(path: string, prefix: string): boolean {
  return path === prefix || path.startsWith(`${prefix}/`);
}

/**
 * May a user of this role open this admin path? Any /admin path is closed to non-admin roles; a path not named in
 * the table (such as /admin itself) is open to SUPER_ADMIN only, which is what "routes not flagged for group or
 * project admins" means in the spec.
 */
export function canOpenAdminPath(role: string | undefined, path: string): boolean {
  if (role === LEGACY_ADMIN_ROLE) return true;
  if (!isRole(role) || !ADMIN_ROLES.includes(role)) return false;
  const rule = ADMIN_ROUTE_ACCESS.find((r) => hasPrefix(path, r.prefix));
  return rule ? rule.roles.includes(role) : role === 'SUPER_ADMIN';
}

/** Where the admin-panel icon of the ordinary sidebar leads, per role. */
export function adminHome(role: Role): string | undefined {
  if (role === 'SUPER_ADMIN') return '/admin/projects';
  if (role === 'PROJECT_ADMIN') return '/admin/group';
  if (role === 'GROUP_ADMIN') return '/admin/society';
  return undefined;
}

/** Admin sidebar entries (admin-area §2) and the roles that see each. */
export const ADMIN_MENU: ReadonlyArray<{ label: string; to: string; roles: readonly Role[] }> = [
  { label: 'Proyectos', to: '/admin/projects', roles: ['SUPER_ADMIN'] },
  { label: 'Grupos de sociedades', to: '/admin/group', roles: ['SUPER_ADMIN', 'PROJECT_ADMIN'] },
  { label: 'Sociedad', to: '/admin/society', roles: ['SUPER_ADMIN', 'PROJECT_ADMIN', 'GROUP_ADMIN'] },
  { label: 'Usuarios', to: '/admin/users', roles: ['SUPER_ADMIN', 'PROJECT_ADMIN', 'GROUP_ADMIN'] },
  // Portal §2: /admin/reports and /admin/accounting admit super, project and group admins.
  { label: 'Reportes', to: '/admin/reports', roles: ['SUPER_ADMIN', 'PROJECT_ADMIN', 'GROUP_ADMIN'] },
  { label: 'Contabilidad', to: '/admin/accounting', roles: ['SUPER_ADMIN', 'PROJECT_ADMIN', 'GROUP_ADMIN'] },
  // Every admin manages the documents of its scope (the spec offers the entry to the super admin only).
  { label: 'Documentos', to: '/admin/documents/root', roles: ['SUPER_ADMIN', 'PROJECT_ADMIN', 'GROUP_ADMIN'] },
  // The only way statements get data: uploading a society's chart and ledger.
  {
    label: 'Importar contabilidad',
    to: '/admin/accounting/import',
    roles: ['SUPER_ADMIN', 'PROJECT_ADMIN', 'GROUP_ADMIN'],
  },
  // The modules reports and accounting assignments are placed in (SUPER_ADMIN only).
  { label: 'Módulos', to: '/admin/modules', roles: ['SUPER_ADMIN'] },
  // The registry of embeddable dashboards a report may pick from (SUPER_ADMIN only).
  { label: 'Tableros BI', to: '/admin/dashboards', roles: ['SUPER_ADMIN'] },
  { label: 'Artículos del asistente', to: '/admin/chatbot', roles: ['SUPER_ADMIN', 'PROJECT_ADMIN'] },
  // The tax calendar's rules and holidays of each year, which every firm's calendar reads (SUPER_ADMIN only).
  { label: 'Reglas tributarias', to: '/admin/tax-rules', roles: ['SUPER_ADMIN'] },
];
