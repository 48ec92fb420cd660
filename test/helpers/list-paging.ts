import { expect, inject } from 'vitest';
import { dynamoCallsOf } from './in-process';

/** A caller as a handler sees it (the user's record and the role it acts in), for calling list readers directly. */
export async function callerOf(uuid: string, role: string) {
  const { getUser } = await import('../../functions/lib/data/users');
  return { user: await getUser(uuid), role } as never;
}

/** The demo SUPER_ADMIN as a caller. */
export const superCaller = () => callerOf(inject('portal').demo.users['superadmin@demo.cl'] as string, 'SUPER_ADMIN');

/**
 * A page read from the sorted list index, and the same page read from the directory (LIST_INDEXES=off, the readers
 * before the index), each with its DynamoDB calls: the directory is the yardstick the index must equal.
 */
export async function bothWays<T>(page: () => Promise<T>) {
  const indexed = await dynamoCallsOf(page);
  process.env.LIST_INDEXES = 'off';
  try {
    return { indexed, directory: await dynamoCallsOf(page) };
  } finally {
    delete process.env.LIST_INDEXES;
  }
}

type Read<R> = { operations: string[]; result: R };
/** A page read both ways, as `bothWays` answers it. */
export type BothWays<R> = { indexed: Read<R>; directory: Read<R> };

/**
 * A list reader (`pageGroups`, `pageUsers`...) read both ways as a caller (the demo SUPER_ADMIN unless one is given),
 * its page reduced to the count and a row per result (`row`: what of a result to compare).
 */
export function readerBothWays<Q, T, R>(
  reader: () => Promise<(caller: never, query: Q) => Promise<{ count: number; results: T[] }>>,
  row: (result: T) => R,
) {
  return async (query: Q, caller?: unknown): Promise<BothWays<{ count: number; rows: R[] }>> => {
    const pageOf = await reader();
    const who = caller ?? (await superCaller());
    return bothWays(async () => {
      const out = await pageOf(who as never, query);
      return { count: out.count, rows: out.results.map(row) };
    });
  };
}

/**
 * A scope other files write to while this one reads (every row of the table): its whole list read both ways in each
 * ordering and compared on the rows `ours` picks. Nobody else writes those rows, so their order and presence cannot
 * change between the two reads, whatever the neighbours add or remove; a whole-list comparison could only wait for a
 * quiet moment that a loaded run may never give. Answers each ordering's rows of ours, as the index ordered them.
 */
export async function expectOwnRowsAlike<Q extends Paging, T>(
  read: (query: Q, caller?: unknown) => Promise<BothWays<{ count: number; rows: T[] }>>,
  scope: Omit<Q, keyof Paging>,
  {
    label,
    ours,
    orderings = [undefined],
  }: { label: unknown; ours: (row: T) => boolean; orderings?: readonly Q['ordering'][] },
): Promise<T[][]> {
  const answers: T[][] = [];
  for (const ordering of orderings) {
    const query = { ...scope, ...(ordering !== undefined && { ordering }), offset: 0, limit: 100_000 } as Q;
    const { indexed, directory } = await read(query);
    const mine = (rows: T[]) => rows.filter(ours);
    expect({ label, ordering, rows: mine(indexed.result.rows) }).toEqual({
      label,
      ordering,
      rows: mine(directory.result.rows),
    });
    expect(indexed.operations).toContain('Query');
    expect(directory.operations).not.toContain('Query');
    answers.push(mine(indexed.result.rows));
  }
  return answers;
}

/** Offsets from 0 up to `last`, `step` apart. */
export const offsetsUpTo = (last: number, step: number) =>
  Array.from({ length: Math.floor(last / step) + 1 }, (_, i) => i * step);

type Paging = { offset: number; limit: number; ordering?: unknown };

/**
 * Every page of a scope read both ways as `caller`, in each of `orderings` (the reader's default when none is given)
 * at each of `offsets`: the index answers what the directory answers, the index by a Query and the directory without
 * one. `label` names the scope in a failure. Answers the index's pages in the order read.
 */
export async function expectPagesAlike<Q extends Paging, R extends object>(
  read: (query: Q, caller?: unknown) => Promise<BothWays<R>>,
  scope: Omit<Q, keyof Paging>,
  {
    label,
    caller,
    orderings = [undefined],
    offsets = [0],
    limit,
  }: {
    label: unknown;
    caller?: unknown;
    orderings?: readonly Q['ordering'][];
    offsets?: readonly number[];
    limit: number;
  },
): Promise<R[]> {
  const pages: R[] = [];
  for (const ordering of orderings) {
    for (const offset of offsets) {
      const query = { ...scope, ...(ordering !== undefined && { ordering }), offset, limit } as Q;
      const { indexed, directory } = await read(query, caller);
      expect({ label, ordering, offset, ...indexed.result }).toEqual({ label, ordering, offset, ...directory.result });
      expect(indexed.operations).toContain('Query');
      expect(directory.operations).not.toContain('Query');
      pages.push(indexed.result);
    }
  }
  return pages;
}

/**
 * A prefix search: the API's answer is 200 with exactly the `wanted` uuids and their count, and the same search read
 * both ways (in `ordering`, when given) answers alike.
 */
export async function expectPrefixSearch<Q extends Paging & { search?: string; match?: string }, R extends object>(
  {
    search,
    answer,
    wanted,
  }: {
    search: string;
    answer: { status: number; body: { count: number; results: ReadonlyArray<{ uuid: string }> } };
    wanted: readonly string[];
  },
  read: (query: Q, caller?: unknown) => Promise<BothWays<R>>,
  scope: Omit<Q, keyof Paging | 'search' | 'match'>,
  ordering?: Q['ordering'],
) {
  expect(answer.status).toBe(200);
  expect({ search, found: new Set(answer.body.results.map((row) => row.uuid)) }).toEqual({
    search,
    found: new Set(wanted),
  });
  expect(answer.body.count).toBe(wanted.length);
  await expectPagesAlike(read, { ...scope, search, match: 'prefix' } as Omit<Q, keyof Paging>, {
    label: search,
    orderings: [ordering],
    limit: 100,
  });
}

/**
 * A project of the paging files' own with two groups, 'Grupo A' and 'Grupo B', made in process by `caller` (a
 * SUPER_ADMIN), so the partitions a file pages through hold its rows alone.
 */
export async function projectWithTwoGroups(caller: never, label: string) {
  const { createProject } = await import('../../functions/projects/projects');
  const { createGroup } = await import('../../functions/groups/groups');
  const project = await createProject(
    caller,
    {
      project_name: `${label} ${crypto.randomUUID().slice(0, 8)}`,
      client_name: label,
      associated_service_description: label,
      service_description: label,
    },
    [],
  );
  const [a, b] = await Promise.all(
    ['A', 'B'].map((n) =>
      createGroup(caller, { group_name: `Grupo ${n}`, group_description: label, project: project.uuid }),
    ),
  );
  return { project: project.uuid, groupA: (a as { uuid: string }).uuid, groupB: (b as { uuid: string }).uuid };
}
