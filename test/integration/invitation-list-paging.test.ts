import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, test } from 'vitest';
import * as registration from '../../shared/contracts/registration';
import type { Role } from '../../shared/roles';
import { call, signIn } from '../helpers/api';
import { createTestUser, tableAccess } from '../helpers/db';
import { callerOf, expectOwnRowsAlike, expectPagesAlike, offsetsUpTo, readerBothWays } from '../helpers/list-paging';

/**
 * The pending invitations list reads sorted index items and counters (docs/decisions/list-paging.md): every
 * invitation's, and each project's that a PROJECT_ADMIN may have made. The directory is the yardstick: each page and
 * count the index answers must be the one the directory answers (LIST_INDEXES=off reads it), through invitations made
 * and removed; and the backfill rebuilds a partition's index from its directory.
 */
const INVITATIONS = 26;
const ROLES: Role[] = ['GROUP_ADMIN', 'USER_GROUP', 'PROJECT_ADMIN', 'USER_SOCIETY'];
const fixture = { project: '', admin: '', adminEmail: '', invitations: [] as Array<{ uuid: string; email: string }> };
const system = { user: { uuid: 'invitation-paging-test', email: 'paging@prueba.cl' }, role: 'SUPER_ADMIN' } as never;
type InvitationRecord = import('../../functions/lib/data/invitations').InvitationRecord;

function invitation(i: number, project: string): InvitationRecord {
  const uuid = randomUUID();
  return {
    uuid,
    email: `invitada-${String(i % 9).padStart(2, '0')}-${uuid.slice(0, 6)}@prueba.cl`,
    user_role: ROLES[i % ROLES.length] as Role,
    status: 'PENDING',
    // Some made at the same instant: ties by id.
    created: new Date(Date.UTC(2026, 1, 1, 0, 0, i % 11)).toISOString(),
    sent: null,
    token_hash: `hash-${uuid}`,
    project_uuid: project,
    targets: [{ field: 'project_uuids', uuid: project, project_uuid: project }],
    invited_by: 'invitation-paging-test',
  };
}

async function make(record: InvitationRecord) {
  const { newInvitationWrites } = await import('../../functions/lib/data/invitations');
  const { transactWrite } = await import('../../functions/lib/data/transact');
  await transactWrite(await newInvitationWrites(record));
}

beforeAll(async () => {
  await tableAccess();
  const { createProject, patchProject } = await import('../../functions/projects/projects');
  const project = await createProject(
    system,
    {
      project_name: `Invitaciones ${randomUUID().slice(0, 8)}`,
      client_name: 'I',
      associated_service_description: 'i',
      service_description: 'i',
    },
    [],
  );
  fixture.project = project.uuid;
  const admin = await createTestUser('PROJECT_ADMIN', [], 'invitaciones');
  await patchProject(system, project.uuid, { admin: [admin.uuid] } as never, []);
  fixture.admin = admin.uuid;
  fixture.adminEmail = admin.email;
  for (let start = 0; start < INVITATIONS; start += 6) {
    const made = Array.from({ length: Math.min(6, INVITATIONS - start) }, (_, k) =>
      invitation(start + k, project.uuid),
    );
    await Promise.all(made.map(make));
    fixture.invitations.push(...made.map((r) => ({ uuid: r.uuid, email: r.email })));
  }
}, 180_000);

const invitationsBothWays = readerBothWays(
  async () => (await import('../../functions/registration/invitation-views')).pageInvitations,
  (invitation) => invitation.uuid,
);

async function compare(label: string, caller: unknown, step = 5) {
  const pages = await expectPagesAlike(
    invitationsBothWays,
    {},
    { label, caller, offsets: offsetsUpTo(INVITATIONS + 1, step), limit: step },
  );
  await expectPagesAlike(invitationsBothWays, {}, { label, caller, limit: 1000 });
  return pages.at(-1)?.count ?? -1;
}

const managed = () => fixture.invitations.filter((_, i) => ROLES[i % ROLES.length] !== 'PROJECT_ADMIN').length;

describe('the sorted index answers what the directory answers', () => {
  test('every page of every invitation (SUPER_ADMIN) and of a PROJECT_ADMIN’s project, with counts', async () => {
    // Every invitation of the table: the files running beside this one add and remove theirs meanwhile.
    const ours = new Set(fixture.invitations.map((i) => i.uuid));
    const [rows] = await expectOwnRowsAlike(
      invitationsBothWays,
      {},
      { label: 'every invitation', ours: (row) => ours.has(row) },
    );
    expect(rows).toHaveLength(INVITATIONS);
    // A PROJECT_ADMIN lists the invitations it could have made: not those of PROJECT_ADMINs.
    expect(await compare('managed', await callerOf(fixture.admin, 'PROJECT_ADMIN'))).toBe(managed());
  });

  test('a prefix of the e-mail finds exactly the invitations whose e-mail starts with it, newest first', async () => {
    const admin = await callerOf(fixture.admin, 'PROJECT_ADMIN');
    for (const search of ['INVITADA-0', 'invitada-03', fixture.invitations[4]?.email as string, 'prueba']) {
      const needle = search.toLowerCase();
      for (const caller of [undefined, admin]) {
        const { indexed, directory } = await invitationsBothWays(
          { search, match: 'prefix', offset: 0, limit: 100 },
          caller,
        );
        expect({ search, ...indexed.result }).toEqual({ search, ...directory.result });
        const ours = fixture.invitations.filter((r) => r.email.startsWith(needle)).map((r) => r.uuid);
        expect(indexed.result.rows.filter((u) => fixture.invitations.some((r) => r.uuid === u)).length).toBe(
          caller
            ? fixture.invitations.filter((r, i) => r.email.startsWith(needle) && ROLES[i % 4] !== 'PROJECT_ADMIN')
                .length
            : ours.length,
        );
      }
    }
    const token = (await signIn(fixture.adminEmail)).access;
    const answer = await call(registration.listInvitations, {
      token,
      query: { search: 'invitada-0', match: 'prefix', limit: 100 },
    });
    expect(answer.status).toBe(200);
    expect(answer.body.count).toBe(managed());
  });
});

describe('writers keep rows and counts in the invitation’s transaction', () => {
  test('made and removed, every page and count stays exact; another firm’s PROJECT_ADMIN sees none', async () => {
    const { removeInvitationWrites } = await import('../../functions/lib/data/invitations');
    const { transactWrite } = await import('../../functions/lib/data/transact');
    const admin = await callerOf(fixture.admin, 'PROJECT_ADMIN');
    const extra = invitation(3, fixture.project);
    // Of every invitation of the table, this file's and the extra one (others come and go meanwhile).
    const mine = new Set([...fixture.invitations.map((i) => i.uuid), extra.uuid]);
    const all = async (label: string) =>
      (await expectOwnRowsAlike(invitationsBothWays, {}, { label, ours: (row) => mine.has(row) }))[0]?.length ?? -1;
    const before = { all: await all('before'), managed: await compare('before, managed', admin) };
    expect(before.all).toBe(INVITATIONS);
    await make(extra);
    expect({ all: await all('made'), managed: await compare('made, managed', admin) }).toEqual({
      all: before.all + 1,
      managed: before.managed + 1,
    });
    await transactWrite(removeInvitationWrites(extra));
    expect({ all: await all('removed'), managed: await compare('removed, managed', admin) }).toEqual(before);

    const other = (await signIn('proyecto@demo.cl')).access;
    const seen = await call(registration.listInvitations, { token: other, query: { limit: 1000 } });
    expect(seen.status).toBe(200);
    const ours = new Set(fixture.invitations.map((r) => r.uuid));
    expect(seen.body.results.filter((r) => ours.has(r.uuid))).toEqual([]);
    // Positive control: this project's own admin sees them.
    const own = await call(registration.listInvitations, {
      token: (await signIn(fixture.adminEmail)).access,
      query: { limit: 1000 },
    });
    expect(own.body.results.filter((r) => ours.has(r.uuid))).toHaveLength(managed());
  });
});

describe('backfill', () => {
  test('rebuilds the managed partition from the project’s directory; a second run writes nothing', async () => {
    const { dynamo, lib, tableName } = await tableAccess();
    const { readIndexItems, COUNTER_SHARDS } = await import('../../functions/lib/data/sorted-index');
    const { BUCKET_SHARDS } = await import('../../functions/lib/data/order-buckets');
    const { backfillPartition, INDEXED_LISTS } = await import('../../functions/lib/data/list-index-backfill');
    const { invitationIndexSources } = await import('../../functions/lib/data/invitations');
    const admin = await callerOf(fixture.admin, 'PROJECT_ADMIN');
    const before = await invitationsBothWays({ offset: 0, limit: 100 }, admin);
    const ours = (await invitationIndexSources()).filter(
      (p) => 'directory' in p && p.directory.partition.includes(fixture.project),
    );
    expect(ours).toHaveLength(1);
    const [partition] = ours as [Exclude<(typeof ours)[number], { partition: string }>];
    for (const item of await readIndexItems(partition.directory)) {
      await dynamo.send(new lib.DeleteCommand({ TableName: tableName, Key: { pk: item.pk, sk: item.sk } }));
    }
    expect((await invitationsBothWays({ offset: 0, limit: 100 }, admin)).indexed.result.count).toBe(0);
    const { indexedOf } = INDEXED_LISTS.invitations;
    expect(await backfillPartition(partition, indexedOf)).toEqual({
      entries: managed(),
      // Two rows per invitation, every counter item, a layout per order (C, M) and every bucket count item.
      put: managed() * 2 + COUNTER_SHARDS + 2 + BUCKET_SHARDS,
      deleted: 0,
    });
    expect((await invitationsBothWays({ offset: 0, limit: 100 }, admin)).indexed.result).toEqual(
      before.directory.result,
    );
    expect(await backfillPartition(partition, indexedOf)).toEqual({ entries: managed(), put: 0, deleted: 0 });
  });
});
