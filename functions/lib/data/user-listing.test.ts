import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mergeEntryWrites } from './directory';
import { userListingWrites } from './user-listing';
import type { UserRecord } from './user-record';

/**
 * What the users' sorted index adds to a user's transactions (docs/decisions/list-paging.md), against DynamoDB's 100
 * writes: the index rows come from the record alone (every user's and each project's lists), so joining a group or a
 * society rewrites one row per index partition (the default order's, for its hints), and an edit rewrites 5 rows,
 * deletes 1 and steps one bucket count item per index partition.
 */
beforeEach(() => {
  vi.stubEnv('TABLE_NAME', 'portal');
});
afterEach(() => {
  vi.unstubAllEnvs();
});

const user = (projects: number, role: UserRecord['user_role'], updated: string) =>
  ({
    uuid: '0b7c1e9e-1111-4222-8333-444455556666',
    email: 'ana@prueba.cl',
    first_name: 'Ana',
    last_name: 'Soto',
    enable: true,
    user_role: role,
    project_uuids: Array.from({ length: projects }, (_, i) => `p${i}`),
    group_uuids: [],
    society_uuids: [],
    created: '2026-01-01T00:00:00.000Z',
    updated,
    version: 1,
  }) as unknown as UserRecord;

const memberships = (projects: number, groups: number, societies: number) => [
  ...Array.from({ length: projects }, (_, i) => ({ field: 'project_uuids' as const, uuid: `p${i}` })),
  ...Array.from({ length: groups }, (_, i) => ({ field: 'group_uuids' as const, uuid: `g${i}` })),
  ...Array.from({ length: societies }, (_, i) => ({
    field: 'society_uuids' as const,
    uuid: `s${i}`,
    group_uuid: `g${i % Math.max(groups, 1)}`,
  })),
];

/** The listing writes of an edit (updated moves) as sent, and how many of them are the index's. */
function editWrites(projects: number, groups: number, societies: number, role: UserRecord['user_role']) {
  const writes = userListingWrites(
    user(projects, role, '2026-01-01T00:00:00.000Z'),
    user(projects, role, '2026-02-01T00:00:00.000Z'),
    memberships(projects, groups, societies),
  );
  const all = mergeEntryWrites(writes).length;
  return { all, index: all - mergeEntryWrites(writes.filter((w) => w.entry)).length };
}

describe('the users index in a user’s transaction', () => {
  it('costs an edit 7 writes for every user’s list and 14 per project of a role a PROJECT_ADMIN manages (7 otherwise)', () => {
    // Per index partition: 5 rows put, 1 deleted, and the bucket count item its id hashes to (order-buckets.ts).
    expect(editWrites(1, 0, 0, 'USER_SOCIETY')).toEqual({ all: 23, index: 21 });
    expect(editWrites(1, 1, 20, 'USER_SOCIETY')).toEqual({ all: 63, index: 21 });
    expect(editWrites(3, 3, 20, 'USER_SOCIETY')).toEqual({ all: 95, index: 49 });
    expect(editWrites(1, 0, 0, 'PROJECT_ADMIN')).toEqual({ all: 16, index: 14 });
    // The worst that fits with the user's own write and the audit: a managed role in 6 projects (98 + 2 = 100).
    expect(editWrites(6, 0, 0, 'USER_SOCIETY').all).toBe(98);
    expect(editWrites(7, 0, 0, 'USER_SOCIETY').all).toBeGreaterThan(98);
  });

  it('rewrites only the default order’s row of each index partition when a user joins or leaves a group or a society', () => {
    const before = user(1, 'USER_SOCIETY', '2026-01-01T00:00:00.000Z');
    const after = { ...before, society_uuids: ['s0'] };
    const writes = userListingWrites(before, after, memberships(1, 1, 1)).filter((w) => !w.entry);
    // Every user's, the project's and the managed ones of the project: their `U` rows, with the new hints.
    expect(writes.map((w) => [w.write.Put?.Item?.pk, String(w.write.Put?.Item?.sk).slice(0, 2)])).toEqual([
      ['LIST#USERS', 'U#'],
      ['LIST#PROJECT#p0#USERS', 'U#'],
      ['LIST#PROJECT#p0#USERS#MANAGED', 'U#'],
    ]);
    expect(JSON.parse(String(writes[0]?.write.Put?.Item?.v)).s).toEqual(['s0']);
  });

  it('rewrites a PROJECT_ADMIN’s `E` row at a join too: the project admins’ picker reads its projects there', () => {
    const before = user(0, 'PROJECT_ADMIN', '2026-01-01T00:00:00.000Z');
    const after = { ...before, project_uuids: ['p0'] };
    const rows = (role: UserRecord['user_role']) =>
      userListingWrites({ ...before, user_role: role }, { ...after, user_role: role }, memberships(1, 0, 0))
        .filter((w) => w.write.Put?.Item?.pk === 'LIST#USERS')
        .map((w) => String(w.write.Put?.Item?.sk).slice(0, 2));
    expect(rows('PROJECT_ADMIN')).toEqual(['U#', 'E#']);
    expect(
      JSON.parse(
        String(
          userListingWrites(before, after, memberships(1, 0, 0)).find((w) =>
            String(w.write.Put?.Item?.sk).startsWith('E#'),
          )?.write.Put?.Item?.v,
        ),
      ).p,
    ).toEqual(['p0']);
    // Other roles' `E` rows keep older hints, as every lazy row (their pickers read the project's own partition).
    expect(rows('USER_SOCIETY')).toEqual(['U#']);
  });
});
