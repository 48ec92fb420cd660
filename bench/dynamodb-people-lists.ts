import { randomUUID } from 'node:crypto';
import type { TxWrite } from '../functions/lib/data/tx-write';
import { PAGE, withListBench } from './list-bench';

export const title =
  'groups, users and invitations lists and a people picker of projects holding 5,000 and 50,000 of them: DynamoDB calls, bytes and latency per request';

const SIZES = (process.env.BENCH_ROWS ?? '5000,50000').split(',').map(Number);

/**
 * For each size, adds a project holding that many groups, users and pending invitations (items by BatchWrite; their
 * directory entries, sorted index rows and counters are what the entities' own listing writers produce, written in
 * bulk), then times the groups, users and invitations list endpoints over HTTP as a SUPER_ADMIN, counting DynamoDB
 * calls and the bytes DynamoDB answered (the caller's own Get included), beside a bare 15-row Query in the same run:
 * the ratio column is each request's median time over the bare Query's.
 */
export async function run(): Promise<void> {
  await withListBench(async ({ system, newProject, putAll, putEntries, addCounters, measuring, get }) => {
    const { groupItem, groupListingWrites } = await import('../functions/lib/data/groups');
    const { userItem } = await import('../functions/lib/data/users');
    const { userListingWrites } = await import('../functions/lib/data/user-listing');
    const { newInvitationWrites } = await import('../functions/lib/data/invitations');
    const { relayoutPartition } = await import('../functions/lib/data/order-buckets');

    /** The writers' listing writes in bulk: index rows put, directory entries merged per shard, counters summed. */
    const loadListing = async (writes: TxWrite[]) => {
      await putAll(writes.flatMap((w) => (w.write.Put?.Item ? [w.write.Put.Item as Record<string, unknown>] : [])));
      await putEntries(writes);
      await addCounters(writes.flatMap(({ count }) => (count ? [{ key: count.key, n: count.by }] : [])));
      // Bucket counts (order-buckets.ts) made from the rows loaded, as the backfill makes them.
      for (const pk of new Set(writes.flatMap(({ bucket }) => (bucket ? [bucket.key.pk] : [])))) {
        await relayoutPartition(pk);
      }
    };

    for (const size of SIZES) {
      const project = await newProject(`Bench personas ${size}`);
      const p = project.uuid;
      const now = Date.now();
      const started = performance.now();
      const groups = Array.from({ length: size }, (_, i) => ({
        uuid: randomUUID(),
        group_name: `Grupo Bench ${String(i).padStart(5, '0')}`,
        group_description: 'bench',
        project_uuid: p,
        admin: [],
        user: [],
        primary_color: '#123456',
        enable: i % 5 !== 0,
        created: new Date(now).toISOString(),
        updated: new Date(now + i).toISOString(),
        version: 1,
        society_quantity: 0,
      }));
      const roles = ['GROUP_ADMIN', 'USER_GROUP', 'USER_SOCIETY'] as const;
      const users = Array.from({ length: size }, (_, i) => ({
        uuid: randomUUID(),
        email: `bench-${String(i).padStart(5, '0')}-${randomUUID().slice(0, 4)}@example.cl`,
        first_name: `Nombre${String(i % 997).padStart(3, '0')}`,
        last_name: `Apellido Bench ${String(i).padStart(5, '0')}`,
        enable: i % 7 !== 0,
        user_role: roles[i % roles.length] as (typeof roles)[number],
        image: null,
        phone_number: null,
        position: null,
        documentation_projects: [],
        rut_user: null,
        user_description: null,
        user_magnus: null,
        project_uuids: [p],
        group_uuids: [],
        society_uuids: [],
        created: new Date(now).toISOString(),
        updated: new Date(now + i).toISOString(),
        version: 1,
      }));
      // Items: the data layer's own; the gsi1 attributes only give the bare Query baseline a partition to page.
      await putAll([
        ...groups.map((g) => ({ ...groupItem(g), gsi1pk: `BENCH#${p}`, gsi1sk: g.uuid })),
        ...users.map((u) => userItem(u as never)),
      ]);
      const invitations = Array.from({ length: size }, (_, i) => ({
        uuid: randomUUID(),
        email: `invitada-bench-${String(i).padStart(5, '0')}@example.cl`,
        user_role: roles[i % roles.length] as (typeof roles)[number],
        status: 'PENDING' as const,
        created: new Date(now + i).toISOString(),
        sent: null,
        token_hash: randomUUID(),
        project_uuid: p,
        targets: [{ field: 'project_uuids' as const, uuid: p, project_uuid: p }],
        invited_by: 'bench',
      }));
      // Exactly what an invitation's transaction writes (its item, marker, entries, index rows and counter steps).
      const invitationWrites: TxWrite[] = [];
      for (let i = 0; i < invitations.length; i += 50) {
        const chunk = await Promise.all(invitations.slice(i, i + 50).map((r) => newInvitationWrites(r)));
        invitationWrites.push(...chunk.flat());
      }
      await loadListing([
        ...groups.flatMap((g) => groupListingWrites(undefined, g)),
        ...users.flatMap((u) => userListingWrites(undefined, u as never, [{ field: 'project_uuids', uuid: p }])),
        ...invitationWrites,
      ]);
      console.log(
        `Loaded ${size} groups, ${size} users and ${size} invitations in ${((performance.now() - started) / 1000).toFixed(1)} s\n`,
      );
      const last = size - PAGE;
      const middle = Math.floor(size / 2);
      const probe = String(Math.floor(size * 0.85)).padStart(5, '0');

      const measure = await measuring(size, { label: `bare Query of ${PAGE} groups (DynamoDB only)`, partition: p });
      const { pageGroups } = await import('../functions/groups/group-lists');
      const { pageUsers } = await import('../functions/users/user-lists');
      await measure(`the project's groups page 1 in process (no HTTP)`, () =>
        pageGroups(system, { project: p, offset: 0, limit: PAGE }),
      );
      await measure(`the project's users page 1 in process (no HTTP)`, () =>
        pageUsers(system, { project: p, offset: 0, limit: PAGE }),
      );
      const groupsOf = `api/v1/groups/group/?project=${p}&limit=${PAGE}`;
      await measure(`GET groups, page 1 (Ultima edicion)`, get(groupsOf));
      await measure(`GET groups by name, page 1`, get(`${groupsOf}&ordering=group_name`));
      await measure(
        `GET groups by name, last page (offset ${last})`,
        get(`${groupsOf}&ordering=group_name&offset=${last}`),
      );
      await measure(
        `GET groups by state, middle page (offset ${middle})`,
        get(`${groupsOf}&ordering=enabled&offset=${middle}`),
      );
      await measure(
        `GET groups, name prefix "grupo bench ${probe}"`,
        get(`${groupsOf}&match=prefix&search=grupo%20bench%20${probe}`),
      );
      await measure(
        `GET groups, substring "bench ${probe}" (reads the directory)`,
        get(`api/v1/groups/search/?project=${p}&limit=${PAGE}&search=bench%20${probe}`),
      );
      const usersOf = `api/v1/users/user/?project=${p}&limit=${PAGE}`;
      await measure(`GET users, page 1 (Ultima edicion)`, get(usersOf));
      await measure(`GET users by last name, page 1`, get(`${usersOf}&ordering=last_name`));
      await measure(
        `GET users by e-mail, last page (offset ${last})`,
        get(`${usersOf}&ordering=-email&offset=${last}`),
      );
      await measure(
        `GET users by state, middle page (offset ${middle})`,
        get(`${usersOf}&ordering=is_active&offset=${middle}`),
      );
      await measure(
        `GET users, last name prefix "apellido bench ${probe}"`,
        get(`${usersOf}&match=prefix&search=apellido%20bench%20${probe}`),
      );
      await measure(
        `GET users, substring "bench ${probe}" (reads the directory)`,
        get(`api/v1/users/search/?project=${p}&limit=${PAGE}&search=bench%20${probe}`),
      );
      await measure(`GET users by role (reads the directory)`, get(`${usersOf}&user_role=USER_GROUP`));
      await measure(`GET users, every user (page 1)`, get(`api/v1/users/user/?limit=${PAGE}`));
      // A people picker: the enabled USER_GROUP users of the project by name, one range of the users' `E` order.
      const pickerOf = `api/v1/groups/user-available/?project=${p}&limit=${PAGE}`;
      const candidates = users.filter((u) => u.enable && u.user_role === 'USER_GROUP');
      await measure(`GET group users picker, page 1`, get(pickerOf));
      const deep = Math.floor(candidates.length / 2);
      await measure(`GET group users picker, middle page (offset ${deep})`, get(`${pickerOf}&offset=${deep}`));
      const namePrefix = `nombre${String(Math.floor(997 * 0.85)).padStart(3, '0')}`;
      await measure(
        `GET group users picker, name prefix "${namePrefix}"`,
        get(`${pickerOf}&match=prefix&search=${namePrefix}`),
      );
      const selected = candidates.slice(0, 3).map((u) => u.uuid);
      await measure(`GET group users picker, 3 selected by uuids=`, get(`${pickerOf}&uuids=${selected.join(',')}`));
      await measure(
        `GET group users picker, substring "bench ${probe}" (reads the directory)`,
        get(`${pickerOf}&search=bench%20${probe}`),
      );
      const pickerCount = ((await get(pickerOf)()) as { count: number }).count;
      console.log(`\ngroup users picker count ${pickerCount} (expected ${candidates.length})\n`);
      const invitationsOf = `api/v1/register/invitations/?limit=${PAGE}`;
      await measure(`GET invitations, page 1 (newest first)`, get(invitationsOf));
      await measure(`GET invitations, last page (offset ${last})`, get(`${invitationsOf}&offset=${last}`));
      await measure(`GET invitations, middle page (offset ${middle})`, get(`${invitationsOf}&offset=${middle}`));
      await measure(
        `GET invitations, e-mail prefix "invitada-bench-${probe}"`,
        get(`${invitationsOf}&match=prefix&search=invitada-bench-${probe}`),
      );
      await measure(
        `GET invitations, substring "bench-${probe}" (reads the directory)`,
        get(`api/v1/register/invitations-search/?limit=${PAGE}&search=bench-${probe}`),
      );
      const counts = await Promise.all([get(groupsOf)(), get(usersOf)()]);
      console.log(
        `\ncounts reported for the project: groups ${(counts[0] as { count: number }).count}, users ${(counts[1] as { count: number }).count} (expected ${size} each)\n`,
      );
    }
  });
}
