import { describe, expect, it } from 'vitest';
import type { Caller } from './auth/caller';
import type { UserRecord } from './data/user-record';
import { assignablePartitions, type MembershipRef, userSides } from './scope';

/**
 * A person firms A and B share, as each admin of A reaches it. Firm A: project A, groups A1 and A2; firm B:
 * project B, group B1. The person is of project A (society A1a in A1) and of project B (society B1a in B1).
 */
const caller = (role: Caller['role'], lists: Partial<UserRecord>): Caller =>
  ({ role, user: { project_uuids: [], group_uuids: [], society_uuids: [], ...lists } }) as unknown as Caller;

const person: MembershipRef[] = [
  { field: 'project_uuids', uuid: 'A', project_uuid: 'A' },
  { field: 'project_uuids', uuid: 'B', project_uuid: 'B' },
  { field: 'society_uuids', uuid: 'A1a', project_uuid: 'A', group_uuid: 'A1' },
  { field: 'society_uuids', uuid: 'B1a', project_uuid: 'B', group_uuid: 'B1' },
];
const uuids = (list: MembershipRef[]) => list.map((m) => m.uuid);

describe('userSides', () => {
  it('a PROJECT_ADMIN of A sees and decides firm A’s side only, not the account', () => {
    const sides = userSides(caller('PROJECT_ADMIN', { project_uuids: ['A'] }), person);
    expect(uuids(sides.visible)).toEqual(['A', 'A1a']);
    expect(sides.projects).toEqual(['A']);
    expect(sides.firmsWhole).toBe(true);
    expect(sides.whole).toBe(false);
  });

  it('a GROUP_ADMIN of A1 sees project A through its society there', () => {
    const sides = userSides(caller('GROUP_ADMIN', { project_uuids: ['A'], group_uuids: ['A1'] }), person);
    expect(uuids(sides.visible)).toEqual(['A', 'A1a']);
    expect(sides.projects).toEqual(['A']);
    expect(sides.firmsWhole).toBe(true);
    expect(sides.whole).toBe(false);
  });

  it('a GROUP_ADMIN of A1 does not decide for firm A when the person is also of the sibling group A2', () => {
    const sibling: MembershipRef = { field: 'society_uuids', uuid: 'A2a', project_uuid: 'A', group_uuid: 'A2' };
    const sides = userSides(caller('GROUP_ADMIN', { group_uuids: ['A1'] }), [...person, sibling]);
    expect(uuids(sides.visible)).toEqual(['A', 'A1a']);
    expect(sides.firmsWhole).toBe(false);
  });

  it('a GROUP_ADMIN sees no project where it sees none of the person’s groups or societies', () => {
    const sides = userSides(caller('GROUP_ADMIN', { group_uuids: ['B1'] }), person.slice(0, 3));
    expect(uuids(sides.visible)).toEqual([]);
    expect(sides.projects).toEqual([]);
  });

  it('a person wholly inside one firm is the PROJECT_ADMIN’s whole account; the SUPER_ADMIN’s always', () => {
    const ofA = person.filter((m) => m.project_uuid === 'A');
    expect(userSides(caller('PROJECT_ADMIN', { project_uuids: ['A'] }), ofA).whole).toBe(true);
    const sides = userSides(caller('SUPER_ADMIN', {}), person);
    expect(sides.whole).toBe(true);
    expect(sides.projects).toEqual(['A', 'B']);
  });
});

describe('assignablePartitions', () => {
  it('SUPER_ADMIN assigns from every user, a PROJECT_ADMIN from its projects (the one named), a GROUP_ADMIN from its groups', () => {
    expect(assignablePartitions(caller('SUPER_ADMIN', {}), 'A')).toBe('all');
    const projectAdmin = caller('PROJECT_ADMIN', { project_uuids: ['A', 'B'] });
    expect(assignablePartitions(projectAdmin, undefined)).toEqual({ projects: ['A', 'B'], groups: [] });
    expect(assignablePartitions(projectAdmin, 'B')).toEqual({ projects: ['B'], groups: [] });
    expect(assignablePartitions(projectAdmin, 'C')).toEqual({ projects: [], groups: [] });
    const groupAdmin = caller('GROUP_ADMIN', { project_uuids: ['A'], group_uuids: ['A1'] });
    expect(assignablePartitions(groupAdmin, 'A')).toEqual({ projects: [], groups: ['A1'] });
    expect(assignablePartitions(caller('USER_SOCIETY', { society_uuids: ['A1a'] }), 'A')).toEqual({
      projects: [],
      groups: [],
    });
  });
});
