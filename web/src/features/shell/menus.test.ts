import { describe, expect, it } from 'vitest';
import type { Role } from '../../../../shared/roles';
import type { UserInfo } from '../../lib/session';
import { adminMenuFor, adminPanelTarget, messagingLink, showsDocuments } from './menus';

const profile = (user_role: Role, user_documentation: boolean) =>
  ({
    user: { uuid: 'u', first_name: 'Ana', last_name: 'Pérez', email: 'a@b.cl' },
    profile: { user_role, user_documentation },
    projects: [],
    groups: [],
    societies: [],
  }) as unknown as UserInfo;

const labels = (entries: ReadonlyArray<{ label: string }>) => entries.map((entry) => entry.label);

describe('sidebar decisions', () => {
  it('shows Documentos to non-super-admins with user_documentation only', () => {
    expect(showsDocuments(profile('SUPER_ADMIN', true))).toBe(false);
    expect(showsDocuments(profile('USER_SOCIETY', true))).toBe(true);
    expect(showsDocuments(profile('USER_GROUP', false))).toBe(false);
    expect(showsDocuments(null)).toBe(false);
  });

  it('points the admin-panel icon per role, and hides it from users', () => {
    expect(adminPanelTarget(profile('SUPER_ADMIN', false))).toBe('/admin/projects');
    expect(adminPanelTarget(profile('PROJECT_ADMIN', false))).toBe('/admin/group');
    expect(adminPanelTarget(profile('GROUP_ADMIN', false))).toBe('/admin/society');
    expect(adminPanelTarget(profile('USER_GROUP', false))).toBeUndefined();
    expect(adminPanelTarget(null)).toBeUndefined();
  });

  it('filters the admin menu by role (admin spec §2)', () => {
    const superAdmin = adminMenuFor('SUPER_ADMIN');
    expect(labels(superAdmin.main)).toEqual([
      'Proyectos',
      'Grupos de sociedades',
      'Sociedad',
      'Usuarios',
      'Documentos',
      'Artículos del asistente',
      'Reglas tributarias',
      'Tickets de soporte',
    ]);
    // SUPER_ADMIN also names the modules themselves.
    expect(labels(superAdmin.modules)).toEqual([
      'Reportes',
      'Contabilidad',
      'Importar contabilidad',
      'Módulos',
      'Tableros BI',
    ]);
    // Every admin reaches the document manager of its scope.
    expect(labels(adminMenuFor('PROJECT_ADMIN').main)).toEqual([
      'Grupos de sociedades',
      'Sociedad',
      'Usuarios',
      'Documentos',
      'Artículos del asistente',
      'Tickets de soporte',
    ]);
    // The tickets entry follows the roles its API admits: not GROUP_ADMIN.
    expect(adminMenuFor('SUPER_ADMIN').main.at(-1)?.to).toBe('/support/tickets');
    expect(labels(adminMenuFor('GROUP_ADMIN').main)).toEqual(['Sociedad', 'Usuarios', 'Documentos']);
    // Portal §2: reports and accounting admin open to project and group admins too.
    expect(labels(adminMenuFor('GROUP_ADMIN').modules)).toEqual(['Reportes', 'Contabilidad', 'Importar contabilidad']);
    expect(adminMenuFor('USER_SOCIETY')).toEqual({ main: [], modules: [] });
  });

  it('builds the messaging link from the contact phone', () => {
    expect(messagingLink('+56 2 2345 6789')).toBe('https://wa.me/56223456789');
    expect(messagingLink(null)).toBeUndefined();
    expect(messagingLink('')).toBeUndefined();
  });
});
