import { describe, expect, test } from 'vitest';
import { parseListHash, withFilters } from '../../../components/admin/list-hash';
import {
  CSV_EXAMPLE,
  CSV_HEADER,
  DEFAULT_USERS_HASH,
  editValuesOf,
  FILTER_DEPENDENTS,
  invitableRoles,
  invitationBody,
  invitationsQuery,
  NO_TARGETS,
  pickerFilters,
  roleFilterOptions,
  rowErrorMessages,
  targetKindOf,
  targetsChosen,
  USERS_HASH_KEYS,
  type UserView,
  userPatchBody,
  usersListHref,
  usersQuery,
  visibleFilters,
} from './users-logic';

const P = '11111111-1111-4111-8111-111111111111';
const G1 = '22222222-2222-4222-8222-222222222222';
const G2 = '33333333-3333-4333-8333-333333333333';

describe('users list hash', () => {
  test('default hash as the spec writes it', () => {
    expect(DEFAULT_USERS_HASH).toBe('#1%1?search=&project=&group=&society=&ordering=&user_role=');
  });

  test('parses both pages and every filter; round-trips', () => {
    const hash = `#3%2?search=ana%20p&project=${P}&group=${G1}&society=&ordering=-email&user_role=USER_GROUP`;
    const state = parseListHash(hash, USERS_HASH_KEYS, 2);
    expect(state.pages).toEqual([3, 2]);
    expect(state.values).toEqual({
      search: 'ana p',
      project: P,
      group: G1,
      society: '',
      ordering: '-email',
      user_role: 'USER_GROUP',
    });
    expect(parseListHash('#x%?search=', USERS_HASH_KEYS, 2).pages).toEqual([1, 1]);
  });

  test('filters cascade: project clears group and society, group clears society, pages back to 1', () => {
    const state = parseListHash(`#2%4?search=&project=${P}&group=${G1}&society=${G2}`, USERS_HASH_KEYS, 2);
    const byProject = withFilters(state, { project: '' }, FILTER_DEPENDENTS.project);
    expect(byProject.values).toMatchObject({ project: '', group: '', society: '' });
    expect(byProject.pages).toEqual([1, 1]);
    const byGroup = withFilters(state, { group: G2 }, FILTER_DEPENDENTS.group);
    expect(byGroup.values).toMatchObject({ project: P, group: G2, society: '' });
  });

  test('the link back to the list depends on the role', () => {
    expect(usersListHref('SUPER_ADMIN', { project: P, group: G1 })).toBe('/admin/users');
    expect(usersListHref('PROJECT_ADMIN', { project: P, group: G1 })).toBe(
      `/admin/users#1%1?search=&project=${P}&group=&society=&ordering=&user_role=`,
    );
    expect(usersListHref('GROUP_ADMIN', { project: P, group: G1 })).toBe(
      `/admin/users#1%1?search=&project=&group=${G1}&society=&ordering=&user_role=`,
    );
  });
});

describe('queries and filters', () => {
  const empty = { search: '', project: '', group: '', society: '', ordering: '', user_role: '' };

  test('offset from page and size; only set filters; search switches endpoint', () => {
    expect(usersQuery(empty, 1, 5)).toEqual({ searching: false, query: { limit: 5, offset: 0 } });
    expect(
      usersQuery({ ...empty, search: ' ana ', group: G1, ordering: 'first_name', user_role: 'USER_GROUP' }, 3, 15),
    ).toEqual({
      searching: true,
      query: { limit: 15, offset: 30, search: 'ana', group: G1, ordering: 'first_name', user_role: 'USER_GROUP' },
    });
    // Unknown values from a hand-written hash are not sent.
    expect(usersQuery({ ...empty, ordering: 'nope', user_role: 'ADMIN' }, 1, 5).query).toEqual({ limit: 5, offset: 0 });
    expect(invitationsQuery('x', 2, 5)).toEqual({ searching: true, query: { limit: 5, offset: 5, search: 'x' } });
  });

  test('filters and roles per role', () => {
    expect(visibleFilters('SUPER_ADMIN')).toEqual({ project: true, group: true, society: true });
    expect(visibleFilters('PROJECT_ADMIN')).toEqual({ project: false, group: true, society: true });
    expect(visibleFilters('GROUP_ADMIN')).toEqual({ project: false, group: false, society: true });
    expect(roleFilterOptions('SUPER_ADMIN')).toHaveLength(5);
    expect(roleFilterOptions('GROUP_ADMIN')).not.toContain('SUPER_ADMIN');
  });
});

describe('invitations', () => {
  test('who may invite whom; targets by role', () => {
    expect(invitableRoles('SUPER_ADMIN')).toHaveLength(5);
    expect(invitableRoles('PROJECT_ADMIN')).toEqual(['GROUP_ADMIN', 'USER_GROUP', 'USER_SOCIETY']);
    expect(invitableRoles('GROUP_ADMIN')).toEqual(['USER_GROUP', 'USER_SOCIETY']);
    expect(invitableRoles('USER_GROUP')).toEqual([]);
    expect(targetKindOf('SUPER_ADMIN')).toBeNull();
    expect(targetKindOf('PROJECT_ADMIN')).toBe('project');
    expect(targetKindOf('GROUP_ADMIN')).toBe('group');
    expect(targetKindOf('USER_GROUP')).toBe('group');
    expect(targetKindOf('USER_SOCIETY')).toBe('society');
    expect(pickerFilters('SUPER_ADMIN', 'society')).toEqual({ project: true, group: true });
    expect(pickerFilters('PROJECT_ADMIN', 'society')).toEqual({ project: false, group: true });
    expect(pickerFilters('GROUP_ADMIN', 'group')).toEqual({ project: false, group: false });
  });

  test('the body keeps only the role’s non-empty targets', () => {
    const targets = { project: [P], group: [G1], society: [] };
    expect(invitationBody('USER_GROUP', ' a@b.cl ', targets, true)).toEqual({
      user_role: 'USER_GROUP',
      email: 'a@b.cl',
      group: [G1],
      user_documentation: true,
    });
    // Document access is a client's flag only.
    expect(invitationBody('SUPER_ADMIN', 'a@b.cl', targets, true)).toEqual({
      user_role: 'SUPER_ADMIN',
      email: 'a@b.cl',
    });
    expect(invitationBody('USER_SOCIETY', 'a@b.cl', targets)).toEqual({
      user_role: 'USER_SOCIETY',
      email: 'a@b.cl',
      user_documentation: false,
    });
  });

  test('targets chosen only with a role and, where the role has targets, at least one of its kind', () => {
    expect(targetsChosen('', NO_TARGETS)).toBe(false);
    expect(targetsChosen('SUPER_ADMIN', NO_TARGETS)).toBe(true);
    expect(targetsChosen('USER_GROUP', NO_TARGETS)).toBe(false);
    expect(targetsChosen('USER_GROUP', { ...NO_TARGETS, society: [G1] })).toBe(false);
    expect(targetsChosen('USER_GROUP', { ...NO_TARGETS, group: [G1] })).toBe(true);
  });
});

describe('user edit body', () => {
  const user: UserView = {
    uuid: 'u',
    first_name: 'Ana',
    last_name: 'Pérez',
    email: 'ana@demo.cl',
    enable: true,
    is_active: true,
    created: '2025-01-01T00:00:00Z',
    updated: '2025-01-01T00:00:00Z',
    last_login: null,
    account_in_scope: true,
    version: 4,
    profile: {
      user_role: 'USER_GROUP',
      rut_user: '11111111-1',
      phone_number: null,
      user_description: null,
      position: 'Contadora',
      user_magnus: null,
      user_documentation: true,
      image: null,
    },
    project: [{ uuid: P }],
    group: [{ uuid: G1 }],
    society: [],
  };
  const values = editValuesOf(user);

  test('nothing changed: nothing to send', () => {
    expect(userPatchBody(user, values, true)).toBeNull();
    expect(userPatchBody(user, { ...values, first_name: ' Ana ' }, true)).toBeNull();
  });

  test('only changed fields and the version; empty RUT dropped; cleared optional text sent empty', () => {
    expect(
      userPatchBody(user, { ...values, last_name: 'Soto', rut_user: '', position: '', phone_number: '+56911' }, false),
    ).toEqual({ last_name: 'Soto', position: '', phone_number: '+56911', version: 4 });
  });

  test('role only when the caller may change it; the target list when changed and non-empty', () => {
    expect(userPatchBody(user, { ...values, user_role: 'GROUP_ADMIN' }, false)).toBeNull();
    expect(userPatchBody(user, { ...values, user_role: 'GROUP_ADMIN' }, true)).toEqual({
      user_role: 'GROUP_ADMIN',
      group: [G1],
      version: 4,
    });
    expect(userPatchBody(user, { ...values, group: [G1, G2] }, false)).toEqual({ group: [G1, G2], version: 4 });
    expect(userPatchBody(user, { ...values, group: [] }, false)).toBeNull();
    expect(userPatchBody(user, { ...values, user_documentation: false }, false)).toEqual({
      user_documentation: false,
      version: 4,
    });
  });
});

describe('CSV import', () => {
  test('the example starts with the header the API reads', () => {
    expect(CSV_EXAMPLE.split('\r\n')[0]).toBe(CSV_HEADER);
    expect(CSV_HEADER.split(',')).toEqual([
      'email',
      'first_name',
      'last_name',
      'rut_user',
      'phone_number',
      'user_role',
      'project',
      'group',
      'society',
    ]);
  });

  test('row errors in Spanish', () => {
    expect(
      rowErrorMessages({ email: ['FORMAT_ERROR'], group: ['FORMAT_NOT_ALLOWED'], first_name: ['ERROR_LENGTH'] }),
    ).toEqual(['Error en formato de correo electrónico', 'Error en formato de grupo', 'Error en largo de nombre']);
    expect(rowErrorMessages({ non_field_errors: ['USER_ALREADY_INVITED'] })).toEqual([
      'Usuario ya invitado y/o registrado',
    ]);
    expect(rowErrorMessages({ user_role: ['REQUIRED'] })).toEqual(['¡Oops! Este campo es obligatorio: completa rol']);
  });
});
