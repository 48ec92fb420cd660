import type { ResponseOf } from '@shared/contracts/define';
import { type getUser, USER_ORDERINGS } from '@shared/contracts/users';
import { fieldErrorMessage } from '@shared/i18n/es';
import { CLIENT_ROLES, INVITABLE_ROLES, ROLES, type Role } from '@shared/roles';
import { formatListHash } from '@/components/admin/list-hash';
import { pageOffset } from '@/components/admin/pagination';

/**
 * The rules of the users screens that need no React (admin-area §2 to §6): the list's hash and queries, who sees
 * which filter, what an invitation and an edit send, and the CSV format of the import.
 */
export type UserView = ResponseOf<typeof getUser>;

/** Hash of the users list: `#userPage%invitationPage?search=&project=&group=&society=&ordering=&user_role=`. */
export const USERS_HASH_KEYS = ['search', 'project', 'group', 'society', 'ordering', 'user_role'] as const;
export type UsersHashKey = (typeof USERS_HASH_KEYS)[number];
export type UsersFilters = Record<UsersHashKey, string>;

/** Filters that empty others when they change: project clears group and society; group clears society. */
export const FILTER_DEPENDENTS: Partial<Record<UsersHashKey, readonly UsersHashKey[]>> = {
  project: ['group', 'society'],
  group: ['society'],
};

export function usersHash(values: Partial<UsersFilters> = {}): string {
  const full = Object.fromEntries(USERS_HASH_KEYS.map((key) => [key, values[key] ?? ''])) as UsersFilters;
  return formatListHash({ pages: [1, 1], values: full }, USERS_HASH_KEYS);
}

/** '#1%1?search=&project=&group=&society=&ordering=&user_role=' */
export const DEFAULT_USERS_HASH = usersHash();

/**
 * The link back to the users list (admin-area §2): SUPER_ADMIN unfiltered, PROJECT_ADMIN filtered by its stored
 * project, the others by their stored group.
 */
export function usersListHref(role: Role | undefined, stored: { project?: string; group?: string }): string {
  if (!role || role === 'SUPER_ADMIN') return '/admin/users';
  if (role === 'PROJECT_ADMIN') return `/admin/users${usersHash({ project: stored.project ?? '' })}`;
  return `/admin/users${usersHash({ group: stored.group ?? '' })}`;
}

/** Which list filters a role sees (admin-area §6: projects load for SUPER_ADMIN only, groups also for PROJECT_ADMIN). */
export function visibleFilters(role: Role | undefined) {
  return {
    project: role === 'SUPER_ADMIN',
    group: role === 'SUPER_ADMIN' || role === 'PROJECT_ADMIN',
    society: role === 'SUPER_ADMIN' || role === 'PROJECT_ADMIN' || role === 'GROUP_ADMIN',
  };
}

/** Roles offered by the role filter: every role for SUPER_ADMIN, the others never list super admins. */
export function roleFilterOptions(role: Role | undefined): Role[] {
  return role === 'SUPER_ADMIN' ? [...ROLES] : ROLES.filter((r) => r !== 'SUPER_ADMIN');
}

/** The orderings the users list accepts: the contract's own list. */
const ORDERINGS = USER_ORDERINGS;
type Ordering = (typeof ORDERINGS)[number];

/** The users query of a page: searched lists go to the search endpoint; '' ordering is the default '-updated'. */
export function usersQuery(values: UsersFilters, page: number, size: number) {
  const ordering = (ORDERINGS as readonly string[]).includes(values.ordering)
    ? (values.ordering as Ordering)
    : undefined;
  const role = (ROLES as readonly string[]).includes(values.user_role) ? (values.user_role as Role) : undefined;
  const search = values.search.trim();
  return {
    searching: search !== '',
    query: {
      limit: size,
      offset: pageOffset(page, size),
      ...(search && { search }),
      ...(values.project && { project: values.project }),
      ...(values.group && { group: values.group }),
      ...(values.society && { society: values.society }),
      ...(role && { user_role: role }),
      ...(ordering && { ordering }),
    },
  };
}

/** The pending invitations of a page (the API filters them by search only). */
export function invitationsQuery(search: string, page: number, size: number) {
  const text = search.trim();
  return {
    searching: text !== '',
    query: { limit: size, offset: pageOffset(page, size), ...(text && { search: text }) },
  };
}

/** What a role is assigned to (admin-area §6): one project, groups, societies, or nothing (super admins). */
export type TargetKind = 'project' | 'group' | 'society' | null;

export function targetKindOf(role: Role | '' | undefined): TargetKind {
  if (role === 'PROJECT_ADMIN') return 'project';
  if (role === 'GROUP_ADMIN' || role === 'USER_GROUP') return 'group';
  if (role === 'USER_SOCIETY') return 'society';
  return null;
}

/** The roles a caller may invite (shared/roles.ts INVITABLE_ROLES, the API's own table). */
export function invitableRoles(caller: Role | undefined): readonly Role[] {
  return caller ? INVITABLE_ROLES[caller] : [];
}

/** Which filters narrow the target picker: the project filter for SUPER_ADMIN only, the group filter also for PROJECT_ADMIN. */
export function pickerFilters(caller: Role | undefined, kind: TargetKind) {
  return {
    project: caller === 'SUPER_ADMIN' && (kind === 'group' || kind === 'society'),
    group: (caller === 'SUPER_ADMIN' || caller === 'PROJECT_ADMIN') && kind === 'society',
  };
}

export interface Targets {
  project: string[];
  group: string[];
  society: string[];
}

export const NO_TARGETS: Targets = { project: [], group: [], society: [] };

/** The invitation request: e-mail trimmed, only the role's own targets, empty lists dropped (admin-area §5). */
export function invitationBody(role: Role, email: string, targets: Targets, documentation = false) {
  const kind = targetKindOf(role);
  const list = kind ? targets[kind] : [];
  return {
    user_role: role,
    email: email.trim(),
    ...(kind && list.length > 0 && { [kind]: list }),
    ...(CLIENT_ROLES.includes(role) && { user_documentation: documentation }),
  } as {
    user_role: Role;
    email: string;
    project?: string[];
    group?: string[];
    society?: string[];
    user_documentation?: boolean;
  };
}

/** Whether the role of an invitation is chosen with its targets (the contract checks the e-mail; admin-area §6). */
export function targetsChosen(role: Role | '', targets: Targets) {
  if (!role) return false;
  const kind = targetKindOf(role);
  return kind === null || targets[kind].length > 0;
}

/** The edit form's values. */
export interface UserEditValues {
  first_name: string;
  last_name: string;
  email: string;
  rut_user: string;
  phone_number: string;
  position: string;
  user_description: string;
  user_magnus: string;
  user_documentation: boolean;
  user_role: Role;
  project: string[];
  group: string[];
  society: string[];
}

export function editValuesOf(user: UserView): UserEditValues {
  const p = user.profile;
  return {
    first_name: user.first_name,
    last_name: user.last_name,
    email: user.email,
    rut_user: p.rut_user ?? '',
    phone_number: p.phone_number ?? '',
    position: p.position ?? '',
    user_description: p.user_description ?? '',
    user_magnus: p.user_magnus ?? '',
    user_documentation: p.user_documentation,
    user_role: p.user_role,
    project: user.project.map((x) => x.uuid),
    group: user.group.map((x) => x.uuid),
    society: user.society.map((x) => x.uuid),
  };
}

const TEXT_FIELDS = [
  'first_name',
  'last_name',
  'email',
  'rut_user',
  'phone_number',
  'position',
  'user_description',
  'user_magnus',
] as const;

const sameSet = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((item) => b.includes(item));

/**
 * The edit request (admin-area §5): only changed fields and the version; an empty RUT is dropped; the role only when
 * it changed (and the caller may change it); the list of the role's targets only when non-empty and changed (or the
 * role changed). Null when nothing changed.
 */
export function userPatchBody(user: UserView, values: UserEditValues, canChangeRole: boolean) {
  const before = editValuesOf(user);
  const body: Record<string, unknown> = {};
  for (const field of TEXT_FIELDS) {
    const value = values[field].trim();
    if (value === before[field].trim()) continue;
    if (field === 'rut_user' && value === '') continue;
    body[field] = value;
  }
  if (values.user_documentation !== before.user_documentation) body.user_documentation = values.user_documentation;
  const roleChanged = canChangeRole && values.user_role !== before.user_role;
  if (roleChanged) body.user_role = values.user_role;
  const kind = targetKindOf(values.user_role);
  if (kind) {
    const list = values[kind];
    if (list.length > 0 && (roleChanged || !sameSet(list, before[kind]))) body[kind] = list;
  }
  if (Object.keys(body).length === 0) return null;
  return { ...body, version: user.version };
}

/** The Spanish lines of one CSV row's errors ({field: [CODE]}). */
export function rowErrorMessages(errors: Record<string, readonly string[]>): string[] {
  const lines = Object.entries(errors).flatMap(([field, codes]) => codes.map((code) => fieldErrorMessage(field, code)));
  return [...new Set(lines)];
}

/** The CSV the import accepts (functions/registration/csv-import.ts), and an example to download. */
export const CSV_HEADER = 'email,first_name,last_name,rut_user,phone_number,user_role,project,group,society';

export const CSV_EXAMPLE = [
  CSV_HEADER,
  'juan.soto@empresa.cl,Juan,Soto,11.111.111-1,+56 9 1234 5678,GROUP_ADMIN,Proyecto Ejemplo,Grupo Norte,',
  'ana.perez@empresa.cl,Ana,Pérez,15678901-1,,USER_GROUP,Proyecto Ejemplo,Grupo Norte;Grupo Sur,',
  'luis.rojas@empresa.cl,Luis,Rojas,,,USER_SOCIETY,Proyecto Ejemplo,,76.543.210-3;77123456-9',
  '',
].join('\r\n');

/** The example as a link target (a UTF-8 BOM so spreadsheets read the accents). */
export function csvExampleHref(): string {
  return `data:text/csv;charset=utf-8,${encodeURIComponent(`\uFEFF${CSV_EXAMPLE}`)}`;
}
