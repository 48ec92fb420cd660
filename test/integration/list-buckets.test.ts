import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, test, vi } from 'vitest';
import * as groups from '../../shared/contracts/groups';
import { tableAccess } from '../helpers/db';
import { dynamoCallsOf } from '../helpers/in-process';
import { expectPagesAlike, offsetsUpTo, readerBothWays } from '../helpers/list-paging';

/**
 * Pages at any offset from bucket counts (functions/lib/data/order-buckets.ts, docs/decisions/list-paging.md): an
 * order's rows are cut into buckets whose rows the writers count in their own transactions, so a deep page is one read
 * of the counts and one Query from its bucket's fence. Buckets here are cut small (SMALL), so a project of a few dozen
 * groups has many of them, as one of 50,000 has at the real sizes.
 */
const SMALL = { rows: 4, split: 8 };
const system = { user: { uuid: 'bucket-test', email: 'buckets@prueba.cl' }, role: 'SUPER_ADMIN' } as never;
const fixture = { project: '', groups: [] as string[] };

const data = async () => ({
  ...(await import('../../functions/lib/data/sorted-index')),
  ...(await import('../../functions/lib/data/order-buckets')),
  ...(await import('../../functions/lib/data/groups')),
  ...(await import('../../functions/groups/groups')),
});

/** `n` more groups in the project, six at a time (concurrent writers of a partition share its count items). */
async function addGroups(n: number) {
  const { createGroup } = await data();
  for (let start = 0; start < n; start += 6) {
    const made = await Promise.all(
      Array.from({ length: Math.min(6, n - start) }, (_, k) =>
        createGroup(system, {
          group_name: `Grupo cubeta ${randomUUID().slice(0, 8)}`,
          group_description: 'b',
          project: fixture.project,
          enable: (start + k) % 3 !== 0,
        } as never),
      ),
    );
    fixture.groups.push(...made.map((g) => (g as { uuid: string }).uuid));
  }
}

const directory = async () => (await data()).groupsOfProject(fixture.project);

/** Where the layouts and bucket counts disagree with the rows (none when exact). */
async function mismatches() {
  const { readIndexItems, indexPk, bucketMismatches, isIndexRow } = await data();
  const items = await readIndexItems(await directory());
  const rows = items.map((item) => String(item.sk)).filter(isIndexRow);
  return bucketMismatches(indexPk(await directory()), rows, items);
}

/** Every order of the project's groups rebalanced into buckets of SMALL. */
async function rebalanceAll() {
  const { rebalanceOrder, indexPk, GROUP_ORDERS } = await data();
  for (const order of Object.values(GROUP_ORDERS)) {
    for (let round = 0; round < 3 && (await rebalanceOrder(indexPk(await directory()), order, SMALL)); round += 1);
  }
}

const groupsBothWays = readerBothWays(
  async () => (await import('../../functions/groups/group-lists')).pageGroups,
  (group) => group.uuid,
);

beforeAll(async () => {
  await tableAccess();
  const { createProject } = await import('../../functions/projects/projects');
  const project = await createProject(
    system,
    {
      project_name: `Cubetas ${randomUUID().slice(0, 8)}`,
      client_name: 'Cubetas',
      associated_service_description: 'b',
      service_description: 'b',
    },
    [],
  );
  fixture.project = project.uuid;
  await addGroups(30);
}, 180_000);

describe('bucket counts', () => {
  test('a page at any offset, found from the bucket counts, is the slice of the whole order', async () => {
    const { readOrderPage, readCount, readBuckets, indexPk, GROUP_ORDERS } = await data();
    expect(await mismatches()).toEqual([]);
    await rebalanceAll();
    expect(await mismatches()).toEqual([]);
    const dir = await directory();
    const count = await readCount(dir);
    expect(count).toBe(fixture.groups.length);
    for (const order of Object.values(GROUP_ORDERS)) {
      const buckets = await readBuckets(indexPk(dir), order);
      expect(buckets?.length).toBeGreaterThanOrEqual(count / SMALL.rows);
      expect(buckets?.reduce((sum, b) => sum + b.rows, 0)).toBe(count);
      for (const descending of [true, false]) {
        const whole = (await readOrderPage(dir, order, { descending, offset: 0, limit: 1000 })).map((e) => e.id);
        for (let offset = 0; offset <= count + 1; offset += 1) {
          const page = await readOrderPage(dir, order, { descending, offset, limit: 5, count, direct: 0 });
          expect({ order, descending, offset, ids: page.map((e) => e.id) }).toEqual({
            order,
            descending,
            offset,
            ids: whole.slice(offset, offset + 5),
          });
        }
      }
    }
  });

  test('a middle page costs the same calls at 30 and at 120 groups, and its Query asks for at most a bucket and the page', async () => {
    const { readOrderPage, readCount } = await data();
    const middlePage = async () => {
      const dir = await directory();
      const count = await readCount(dir);
      const offset = Math.floor(count / 2);
      const { operations, inputs } = await dynamoCallsOf(() =>
        readOrderPage(dir, 'E', { descending: true, offset, limit: 5, count, direct: 0 }),
      );
      // The rows each Query may read: its Limit (a COUNT Query skipping rows asks for as many as it skips).
      const asked = inputs.filter((input) => 'KeyConditionExpression' in input).map((input) => Number(input.Limit));
      return { count, operations, asked };
    };
    await rebalanceAll();
    const small = await middlePage();
    await addGroups(90);
    // The writers kept every bucket count exact through 90 creates, six at a time.
    expect(await mismatches()).toEqual([]);
    await rebalanceAll();
    const large = await middlePage();
    expect([small.count, large.count]).toEqual([30, 120]);
    expect(small.operations).toEqual(['BatchGetItem', 'Query']);
    expect(large.operations).toEqual(small.operations);
    for (const { asked } of [small, large]) expect(asked[0]).toBeLessThanOrEqual(SMALL.rows + 5);
  });

  test('concurrent creates, renames, deletes and rebalances keep every bucket count exact', async () => {
    const { createGroup, patchGroup, deleteGroup, requireGroup, rebalanceOrder, indexPk, GROUP_ORDERS } = await data();
    await rebalanceAll();
    const pk = indexPk(await directory());
    const [renamed, deleted] = [fixture.groups.slice(0, 6), fixture.groups.slice(6, 10)];
    const current = await Promise.all(renamed.map((uuid) => requireGroup(system, uuid)));
    const outcomes = await Promise.allSettled([
      ...Array.from({ length: 6 }, (_, k) =>
        createGroup(system, {
          group_name: `Aaa concurrente ${k} ${randomUUID().slice(0, 6)}`,
          group_description: 'b',
          project: fixture.project,
          enable: k % 2 === 0,
        } as never),
      ),
      ...current.map((g, k) =>
        patchGroup(system, g.uuid, {
          group_name: `Zzz renombrado ${k}`,
          enable: k % 2 === 1,
          version: g.version,
        } as never),
      ),
      ...deleted.map((uuid) => deleteGroup(system, uuid)),
      ...Object.values(GROUP_ORDERS).map((order) => rebalanceOrder(pk, order, { rows: 3, split: 5 })),
    ]);
    // A writer that lost every retry to the others is refused whole (409) and changed nothing; the rest landed.
    const refused = outcomes.filter((o) => o.status === 'rejected');
    for (const r of refused) expect((r as PromiseRejectedResult).reason).toMatchObject({ status: 409 });
    expect(refused.length).toBeLessThan(4);
    expect(await mismatches()).toEqual([]);
    const count = (await groupsBothWays({ project: fixture.project, offset: 0, limit: 1 })).directory.result.count;
    await expectPagesAlike(
      groupsBothWays,
      { project: fixture.project },
      { label: 'after the race', orderings: groups.GROUP_ORDERINGS, offsets: offsetsUpTo(count, 7), limit: 7 },
    );
  });

  test('a writer that found a layout a rebalance has since replaced fails its condition, finds its buckets again and lands', async () => {
    // Two containers: the rebalance's modules and the writer's, each loaded afresh with layouts of its own.
    vi.resetModules();
    const other = await import('../../functions/lib/data/order-buckets');
    vi.resetModules();
    const { patchGroup, requireGroup, indexPk } = await data();
    const uuid = fixture.groups.at(-1) as string;
    const group = await requireGroup(system, uuid);
    // A first write reads the layouts (the writer's container keeps them); the other container then replaces one.
    const first = (await patchGroup(system, uuid, {
      group_name: `Bbb ${randomUUID().slice(0, 6)}`,
      version: group.version,
    } as never)) as { version: number };
    expect(await other.rebalanceOrder(indexPk(await directory()), 'N', { rows: 2, split: 3 })).toBe(true);
    const { operations, inputs } = await dynamoCallsOf(() =>
      patchGroup(system, uuid, { group_name: `Ccc ${randomUUID().slice(0, 6)}`, version: first.version } as never),
    );
    // The group's own transactions (a sampled rebalance afterwards would be another): refused once, then sent again.
    const own = inputs.filter(
      (input, i) => operations[i] === 'TransactWriteItems' && JSON.stringify(input).includes(`GROUP#${uuid}`),
    );
    expect(own).toHaveLength(2);
    expect(await mismatches()).toEqual([]);
  });
});
