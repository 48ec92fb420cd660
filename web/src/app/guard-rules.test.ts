import { describe, expect, it } from 'vitest';
import { ROLES } from '../../../shared/roles';
import { GUEST_ONLY_PATHS, guardRedirect, routeKind } from './guard-rules';

const visitor = { signedIn: false, role: undefined };
const as = (role: string) => ({ signedIn: true, role });

describe('route access (portal §2, admin §2)', () => {
  it('classifies the spec paths', () => {
    for (const path of [
      '/',
      '/login',
      '/admin',
      '/admin/',
      '/forgottenPassword',
      '/password_reset/abc',
      '/SuccessEmail',
    ]) {
      expect(routeKind(path), path).toBe('guest');
    }
    expect(routeKind('/successEmail')).toBe('guest');
    expect(routeKind('/register/tok')).toBe('guest');
    expect(routeKind('/share/tok')).toBe('public');
    expect(routeKind('/health-check')).toBe('public');
    expect(routeKind('/requests/reminders/unsubscribe/tok')).toBe('public');
    expect(routeKind('/messages/notices/unsubscribe/tok')).toBe('public');
    expect(routeKind('/messages/thread/x')).toBe('protected');
    expect(routeKind('/requests/x')).toBe('protected');
    expect(routeKind('/home')).toBe('protected');
    expect(routeKind('/reportView/x')).toBe('protected');
    expect(routeKind('/admin/projects')).toBe('admin');
    expect(GUEST_ONLY_PATHS).toHaveLength(10);
  });

  it('sends a signed-in user from guest pages to /home, and lets a visitor in', () => {
    for (const role of ROLES) expect(guardRedirect('guest', as(role), '/')).toBe('/home');
    expect(guardRedirect('guest', visitor, '/')).toBeNull();
  });

  it('sends a visitor from protected and admin pages to /', () => {
    expect(guardRedirect('protected', visitor, '/home')).toBe('/');
    expect(guardRedirect('admin', visitor, '/admin/projects')).toBe('/');
    expect(guardRedirect('protected', as('USER_SOCIETY'), '/home')).toBeNull();
  });

  it('public pages are open to everyone', () => {
    expect(guardRedirect('public', visitor, '/share/x')).toBeNull();
    expect(guardRedirect('public', as('SUPER_ADMIN'), '/share/x')).toBeNull();
  });

  it('waits for the role before deciding an admin page', () => {
    expect(guardRedirect('admin', { signedIn: true, role: undefined }, '/admin/users')).toBe('wait');
  });

  it.each([
    ['SUPER_ADMIN', '/admin/projects', null],
    ['SUPER_ADMIN', '/admin/documents/root', null],
    ['ADMIN', '/admin/projects', null],
    ['PROJECT_ADMIN', '/admin/projects', '/home'],
    ['PROJECT_ADMIN', '/admin/group/create', null],
    ['PROJECT_ADMIN', '/admin/reports/create', null],
    ['GROUP_ADMIN', '/admin/projects', '/home'],
    ['GROUP_ADMIN', '/admin/group', '/home'],
    ['GROUP_ADMIN', '/admin/society', null],
    ['GROUP_ADMIN', '/admin/users/invite', null],
    ['GROUP_ADMIN', '/admin/reports', null],
    ['GROUP_ADMIN', '/admin/reports/create', '/home'],
    ['GROUP_ADMIN', '/admin/accounting/edit/x', null],
    ['GROUP_ADMIN', '/admin/documents/root', null],
    ['USER_GROUP', '/admin/society', '/home'],
    ['USER_SOCIETY', '/admin/users', '/home'],
  ])('%s on %s → %s', (role, path, target) => {
    expect(guardRedirect('admin', as(role), path)).toBe(target);
  });
});
