import { beforeEach, describe, expect, test, vi } from 'vitest';
import { chooseSelection, returnsHomeOnSelectionChange, SELECTION_KIND_OF_ROLE, selectionItems } from './selection';
import type { UserInfo } from './session';

const storage = new Map<string, string>();
beforeEach(() => {
  storage.clear();
  vi.stubGlobal('localStorage', {
    getItem: (key: string) => storage.get(key) ?? null,
    setItem: (key: string, value: string) => storage.set(key, value),
    removeItem: (key: string) => storage.delete(key),
  });
});

const profile = {
  user: { uuid: 'u', first_name: 'Sara', last_name: 'Sociedad', email: 's@demo.cl' },
  profile: { user_role: 'USER_SOCIETY' },
  projects: [{ uuid: 'p1', project_name: 'Andes' }],
  groups: [{ uuid: 'g1', group_name: 'Norte' }],
  societies: [
    { uuid: 's1', society_business_name: 'Minera' },
    { uuid: 's2', society_business_name: 'Comercial' },
  ],
} as unknown as UserInfo;

describe('the home selection', () => {
  test('per role: projects, groups or societies, none for SUPER_ADMIN', () => {
    expect(SELECTION_KIND_OF_ROLE).toEqual({
      SUPER_ADMIN: null,
      PROJECT_ADMIN: 'project',
      GROUP_ADMIN: 'group',
      USER_GROUP: 'group',
      USER_SOCIETY: 'society',
    });
    expect(selectionItems('society', profile)).toEqual([
      { uuid: 's1', name: 'Minera' },
      { uuid: 's2', name: 'Comercial' },
    ]);
    expect(selectionItems('project', profile)).toEqual([{ uuid: 'p1', name: 'Andes' }]);
  });

  test('a choice is kept in local storage under the kind', () => {
    chooseSelection('society', 's2');
    expect(storage.get('society')).toBe('s2');
  });

  test('changing it on a report or accounting page returns home; elsewhere it stays', () => {
    expect(returnsHomeOnSelectionChange('/reportView/abc')).toBe(true);
    expect(returnsHomeOnSelectionChange('/accounting/balance/abc')).toBe(true);
    expect(returnsHomeOnSelectionChange('/home')).toBe(false);
    expect(returnsHomeOnSelectionChange('/documents_user/root')).toBe(false);
  });
});
