import { describe, expect, it } from 'vitest';
import { createIndustry, listIndustries } from '../../../../shared/contracts/societies';
import { mayCall, roleScope } from './role-scope';

describe('role scope of the admin screens (admin-area §6)', () => {
  it('derives what each role picks from the route rules', () => {
    expect(roleScope('SUPER_ADMIN')).toEqual({ projects: true, groups: true, byProject: false, byGroup: false });
    expect(roleScope('PROJECT_ADMIN')).toEqual({ projects: false, groups: true, byProject: true, byGroup: false });
    expect(roleScope('GROUP_ADMIN')).toEqual({ projects: false, groups: false, byProject: false, byGroup: true });
    expect(roleScope('USER_SOCIETY')).toEqual({ projects: false, groups: false, byProject: false, byGroup: false });
    expect(roleScope(undefined).projects).toBe(false);
  });

  it('reads who may call an endpoint from its contract', () => {
    expect(mayCall(createIndustry, 'SUPER_ADMIN')).toBe(true);
    expect(mayCall(createIndustry, 'PROJECT_ADMIN')).toBe(false);
    expect(mayCall(listIndustries, 'GROUP_ADMIN')).toBe(true);
    expect(mayCall(listIndustries, undefined)).toBe(false);
  });
});
