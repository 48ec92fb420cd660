import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, inject, test } from 'vitest';
import * as users from '../../shared/contracts/users';
import { call, signIn } from '../helpers/api';
import { createTestUser, tableAccess, testUserRecord } from '../helpers/db';
import { countDynamoCalls, invokeInProcess } from '../helpers/in-process';
import { newSociety } from '../helpers/societies';

/**
 * A users page reads every name it shows with its rows (3 calls) because each entry of a user names all of
 * its memberships. Entries written before every join rewrote them may miss one, and the page reads it in a 4th call
 * until the one-off backfill (functions/lib/data/user-entries-backfill.ts) rewrites them from the user's record.
 */
let superAdmin: string;
let backfill: typeof import('../../functions/lib/data/user-entries-backfill');
let directory: typeof import('../../functions/lib/data/directory');
let table: typeof import('../../functions/lib/data/table');

beforeAll(async () => {
  superAdmin = (await signIn('superadmin@demo.cl')).access;
  await tableAccess(); // the environment the functions' modules read
  backfill = await import('../../functions/lib/data/user-entries-backfill');
  directory = await import('../../functions/lib/data/directory');
  table = await import('../../functions/lib/data/table');
});

/**
 * A user of the demo's second project who joined a society after it, whose entry in the project's users directory is
 * then written back as before the hints were kept whole: without the society (straight through the SDK's client).
 * The second project, because list-calls.test.ts counts the first project's users pages meanwhile, and an entry left
 * old there until the backfill runs would cost its pages a 4th call.
 */
async function userWithOldEntry() {
  const { demo } = inject('portal');
  const person = await createTestUser('USER_SOCIETY', [demo.projects.pacifico]);
  const society = await newSociety(superAdmin, demo.groups.costa, { user: [person.uuid] });
  const { dynamo, lib, tableName } = await tableAccess();
  const key = directory.entryShardKey(table.directories.usersOfProject(demo.projects.pacifico), person.uuid);
  const shard = (await dynamo.send(new lib.GetCommand({ TableName: tableName, Key: key }))).Item;
  const entry = JSON.parse(shard?.[person.uuid] as string) as { s: string[] };
  expect(entry.s).toEqual([society.uuid]);
  await dynamo.send(
    new lib.UpdateCommand({
      TableName: tableName,
      Key: key,
      UpdateExpression: 'SET #id = :entry',
      ExpressionAttributeNames: { '#id': person.uuid },
      ExpressionAttributeValues: { ':entry': JSON.stringify({ ...entry, s: [] }) },
    }),
  );
  return { person, society };
}

/** The second project's users page finding the user, its DynamoDB calls counted. */
async function usersPage(email: string) {
  const project = inject('portal').demo.projects.pacifico;
  const { calls, result } = await countDynamoCalls(() =>
    invokeInProcess(users.listUsers, { token: superAdmin, query: { project, search: email, limit: '5', offset: '0' } }),
  );
  expect(result.status).toBe(200);
  return { calls, body: result.body };
}

/** The scan, narrowed to the users of one test (other tests write users of their own meanwhile). */
async function scanOf(...uuids: string[]) {
  const scan = await backfill.scanUserEntries();
  return { ...scan, users: scan.users.filter((u) => uuids.includes(u.uuid)) };
}

describe('the user entries backfill', () => {
  test('a users page listing a user whose entry misses a hint takes 4 calls; after the backfill 3, same rows; a second run changes nothing', async () => {
    const { person, society } = await userWithOldEntry();
    const before = await usersPage(person.email);
    expect(before.calls).toBe(4);
    const rows = before.body.results as Array<{ uuid: string; society: unknown[] }>;
    expect(rows.map((r) => ({ uuid: r.uuid, society: r.society }))).toEqual([
      {
        uuid: person.uuid,
        society: [{ uuid: society.uuid, society_business_name: society.society_business_name }],
      },
    ]);

    expect(await backfill.backfillUserEntries(await scanOf(person.uuid))).toEqual({
      checked: 1,
      rewritten: 1,
      changed: 0,
      tooLarge: [],
    });
    const after = await usersPage(person.email);
    expect(after.calls).toBe(3);
    expect(after.body).toEqual(before.body);

    expect(await backfill.backfillUserEntries(await scanOf(person.uuid))).toEqual({
      checked: 1,
      rewritten: 0,
      changed: 0,
      tooLarge: [],
    });
    expect(await usersPage(person.email)).toEqual(after);
  });

  test('a user edited between the scan and the write is left to the edit, which wrote its entries', async () => {
    const { person } = await userWithOldEntry();
    const scanned = await scanOf(person.uuid);
    expect(scanned.users.map((u) => u.uuid)).toEqual([person.uuid]);
    const { users: data } = await tableAccess();
    const current = await data.getUser(person.uuid);
    const patched = await call(users.patchUser, {
      token: superAdmin,
      params: { uuid: person.uuid },
      body: { first_name: 'Editada', version: current?.version },
    });
    expect(patched.status).toBe(200);

    expect(await backfill.backfillUserEntries(scanned)).toEqual({
      checked: 1,
      rewritten: 0,
      changed: 1,
      tooLarge: [],
    });
    const page = await usersPage(person.email);
    expect(page.calls).toBe(3);
    expect((page.body.results as Array<{ first_name: string }>).map((r) => r.first_name)).toEqual(['Editada']);
  });

  test("a user whose rewrite takes more than a transaction's 100 writes is skipped and named", async () => {
    const uuid = randomUUID();
    const crowded = testUserRecord({
      uuid,
      email: `crowded-${uuid.slice(0, 8)}@prueba.cl`,
      user_role: 'USER_GROUP',
      project_uuids: Array.from({ length: 100 }, () => randomUUID()),
    });
    expect(await backfill.backfillUserEntries({ users: [crowded], shards: new Map() })).toEqual({
      checked: 1,
      rewritten: 0,
      changed: 0,
      tooLarge: [uuid],
    });
  });
});
