import { describe, expect, test } from 'vitest';
import { canOpenAdminPath } from './roles';

describe('admin route access (admin-area §2)', () => {
  test.each([
    ['SUPER_ADMIN', '/admin/projects', true],
    ['PROJECT_ADMIN', '/admin/projects', false],
    ['PROJECT_ADMIN', '/admin/projects/create', false],
    ['PROJECT_ADMIN', '/admin/group', true],
    ['PROJECT_ADMIN', '/admin/group/edit/abc', true],
    ['GROUP_ADMIN', '/admin/group', false],
    ['GROUP_ADMIN', '/admin/society/create', true],
    ['GROUP_ADMIN', '/admin/users/invite', true],
    ['GROUP_ADMIN', '/admin/reports/create', false],
    ['GROUP_ADMIN', '/admin/accounting', true],
    ['PROJECT_ADMIN', '/admin/documents/root', true],
    ['USER_GROUP', '/admin/society', false],
    ['USER_SOCIETY', '/admin/users', false],
    ['ADMIN', '/admin/projects', true],
    [undefined, '/admin/society', false],
    ['SUPER_ADMIN', '/admin/groupies', true],
    ['PROJECT_ADMIN', '/admin/groupies', false],
  ] as const)('%s on %s → %s', (role, path, allowed) => {
    expect(canOpenAdminPath(role, path)).toBe(allowed);
  });
});
