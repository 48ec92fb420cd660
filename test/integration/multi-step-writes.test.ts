import { randomUUID } from 'node:crypto';
import { AdminGetUserCommand, CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';
import { afterEach, beforeAll, describe, expect, inject, test } from 'vitest';
import type { Contract } from '../../shared/contracts/define';
import * as documents from '../../shared/contracts/documents';
import * as external from '../../shared/contracts/external';
import * as folders from '../../shared/contracts/folders';
import * as groups from '../../shared/contracts/groups';
import * as messages from '../../shared/contracts/messages';
import * as registration from '../../shared/contracts/registration';
import * as users from '../../shared/contracts/users';
import { call, signIn } from '../helpers/api';
import { PNG } from '../helpers/assignment-world';
import { createTestUser, itemExists, tableAccess, testUserRecord } from '../helpers/db';
import { type InProcessRequest, invokeInProcess } from '../helpers/in-process';
import { mailedInvitationToken } from '../helpers/mail';
import { objectExists } from '../helpers/storage';
import { buildDocumentsWorld } from './documents-fixture';

/**
 * Multi-step writes, stopped after each step (docs/decisions/multi-step-writes.md). Each test runs a handler in this
 * process against the local services with a fault injected on one call (the light clients' onSend hook throws for
 * it, as a crash or a lost connection would stop the function there), then checks that the table, the buckets and the
 * user pool hold the old state, or the new one plus garbage named by a clean-up marker; then runs the sweeper and
 * checks the garbage is gone and the live data untouched. S3 and Cognito are read back with the AWS SDK, an
 * implementation independent of the functions' light clients.
 *
 * The in-process handlers run two hours in the past (the server's clock, functions/lib/clock.ts), so the markers they
 * write are already due when the sweeper runs at the real time; markers of the test files running beside this one
 * fall due only in the future, and the sweeper leaves them alone.
 */
const HOURS_AGO = -2 * 3600_000;

let w: Awaited<ReturnType<typeof buildDocumentsWorld>>;
let folder: string;
const PDF = new TextEncoder().encode('%PDF-1.4\n% pasos\n%%EOF\n');

type Service = 'dynamo' | 's3' | 'cognito';
const stops: Array<() => void> = [];

/** Makes the `skip + 1`-th call of `operation` fail, as if the function stopped right before it. */
async function faultOn(service: Service, operation: string, skip = 0): Promise<{ hits: () => number }> {
  const client = {
    dynamo: (await import('../../functions/lib/aws/dynamo')).dynamo,
    s3: (await import('../../functions/lib/aws/s3')).s3,
    cognito: (await import('../../functions/lib/aws/cognito')).cognito,
  }[service];
  let seen = 0;
  let hits = 0;
  stops.push(
    client.onSend((sent) => {
      if (sent !== operation) return;
      seen += 1;
      if (seen === skip + 1) {
        hits += 1;
        throw Object.assign(new Error(`injected fault before ${service}:${operation}`), { name: 'InjectedFault' });
      }
    }),
  );
  return { hits: () => hits };
}

afterEach(() => {
  for (const stop of stops.splice(0)) stop();
});

/** A handler run in this process, two hours ago, with its contract's permissions (the local IAM emulation). */
async function invokeEarlier(contract: Contract, request: InProcessRequest) {
  const [{ setClockOffset }, { installIamEmulation, runAs }] = await Promise.all([
    import('../../functions/lib/clock'),
    import('../../local/iam-emulation'),
  ]);
  await installIamEmulation();
  setClockOffset(HOURS_AGO);
  try {
    return await runAs(contract, () => invokeInProcess(contract, request));
  } finally {
    setClockOffset(0);
  }
}

/** The sweeper at the real time, with its own role's permissions (infra/permissions.ts SWEEPER_PERMISSIONS). */
async function sweep(budget?: import('../../functions/maintenance/sweep-garbage').SweepBudget) {
  const [{ sweepGarbage, SWEEP_BUDGET }, { installIamEmulation, runAsJob }, { SWEEPER_PERMISSIONS }] =
    await Promise.all([
      import('../../functions/maintenance/sweep-garbage'),
      import('../../local/iam-emulation'),
      import('../../infra/permissions'),
    ]);
  await installIamEmulation();
  const outcome = await runAsJob('sweepGarbage', SWEEPER_PERMISSIONS, () =>
    sweepGarbage(budget ?? SWEEP_BUDGET, Date.now()),
  );
  expect(outcome.left, 'markers the sweeper could not finish').toBe(0);
  return outcome;
}

let cognitoClient: CognitoIdentityProviderClient | undefined;
async function identityExists(username: string): Promise<boolean> {
  await tableAccess();
  cognitoClient ??= new CognitoIdentityProviderClient({});
  try {
    await cognitoClient.send(
      new AdminGetUserCommand({ UserPoolId: inject('portal').env.USER_POOL_ID, Username: username }),
    );
    return true;
  } catch (error) {
    if ((error as Error).name === 'UserNotFoundException') return false;
    throw error;
  }
}

/** The clean-up markers whose id starts with `id` (the marker partitions of a test table are small: a Query each). */
async function markers(id: string): Promise<Array<Record<string, unknown>>> {
  const { dynamo, lib, tableName } = await tableAccess();
  const { CLEANUP_SHARDS } = await import('../../functions/lib/data/cleanups');
  const found: Array<Record<string, unknown>> = [];
  for (let shard = 0; shard < CLEANUP_SHARDS; shard += 1) {
    let start: Record<string, unknown> | undefined;
    do {
      const out = await dynamo.send(
        new lib.QueryCommand({
          TableName: tableName,
          KeyConditionExpression: 'pk = :pk',
          ExpressionAttributeValues: { ':pk': `CLEANUP#${shard}` },
          ExclusiveStartKey: start,
        }),
      );
      found.push(...(out.Items ?? []).filter((item) => String(item.id).startsWith(id)));
      start = out.LastEvaluatedKey;
    } while (start);
  }
  return found;
}

const documentKey = (uuid: string) => ({ pk: `DOCUMENT#${uuid}`, sk: 'DOCUMENT' });
const uploadKey = (uuid: string) => ({ pk: `UPLOAD#${uuid}`, sk: 'UPLOAD' });

/** Starts a direct upload (two hours ago) and puts its file in the bucket; returns the upload's uuid and keys. */
async function startUpload(name: string) {
  const start = await invokeEarlier(documents.createDocumentUpload, {
    token: w.tokens.paP,
    body: { society: w.S, folder, file_name: name, file_size: PDF.length, content_type: 'application/pdf' },
  });
  expect(start.status, JSON.stringify(start.body)).toBe(201);
  const fields = start.body.fields as Record<string, string>;
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.set(k, v);
  form.set('file', new Blob([PDF], { type: 'application/pdf' }), name);
  const posted = await fetch(start.body.url as string, { method: 'POST', body: form });
  expect(posted.status).toBeLessThan(300);
  const upload = start.body.upload as string;
  return { upload, source: fields.key as string, target: `documents/${w.S}/${upload}` };
}

const confirm = (upload: string) =>
  invokeEarlier(documents.confirmDocumentUpload, { token: w.tokens.paP, params: { uuid: upload } });

beforeAll(async () => {
  w = await buildDocumentsWorld();
  const created = await call(folders.createFolderTemplate, {
    token: w.tokens.paP,
    body: { project: w.P, folder_name: 'Pasos' },
  });
  expect(created.status).toBe(201);
  folder = created.body.uuid;
}, 180_000);

describe('direct upload confirm', () => {
  test('a confirm whose transaction fails keeps the upload: sent again, it succeeds', async () => {
    const { upload, source, target } = await startUpload('Transacción fallida.pdf');
    const fault = await faultOn('dynamo', 'TransactWriteItems');
    const failed = await confirm(upload);
    expect(fault.hits()).toBe(1);
    expect(failed.status).toBe(500);
    // Old state: no document, the upload and its pending item still there; the copy is garbage its marker names.
    expect(await itemExists(documentKey(upload))).toBe(false);
    expect(await itemExists(uploadKey(upload))).toBe(true);
    expect(await objectExists(source)).toBe(true);
    expect(await markers(`UPLOAD#${upload}`)).toHaveLength(1);
    for (const stop of stops.splice(0)) stop();

    const again = await confirm(upload);
    expect(again.status, JSON.stringify(again.body)).toBe(201);
    expect(again.body.uuid).toBe(upload);
    expect(await itemExists(documentKey(upload))).toBe(true);
    expect(await objectExists(target)).toBe(true);
    expect(await objectExists(source)).toBe(false);
    expect(await markers(`UPLOAD#${upload}`)).toEqual([]);
    // The sweeper leaves the live document's object alone.
    await sweep();
    expect(await objectExists(target)).toBe(true);
  });

  test('a confirm sent again after its answer was lost answers the same document, once', async () => {
    const { upload } = await startUpload('Respuesta perdida.pdf');
    const first = await confirm(upload);
    expect(first.status).toBe(201);
    // The answer never reached the browser, which sends the same confirm again.
    const again = await confirm(upload);
    expect(again.status, JSON.stringify(again.body)).toBe(201);
    expect(again.body).toEqual(first.body);
    const listed = await call(folders.listFolders, { token: w.tokens.paP, query: { society: w.S, folder } });
    const named = listed.body.results.filter((r: { name: string }) => r.name === 'Respuesta perdida.pdf');
    expect(named).toHaveLength(1);
    // Another admin, even with the upload's id, is told nothing.
    const other = await invokeEarlier(documents.confirmDocumentUpload, {
      token: w.tokens.sa,
      params: { uuid: upload },
    });
    expect(other.status).toBe(404);
  });

  test('stopped after the copy and never confirmed again: the sweeper removes the copy and the upload', async () => {
    const { upload, source, target } = await startUpload('Abandonada.pdf');
    await faultOn('dynamo', 'TransactWriteItems');
    expect((await confirm(upload)).status).toBe(500);
    expect(await objectExists(target)).toBe(true);
    expect(await objectExists(source)).toBe(true);
    await sweep();
    expect(await objectExists(target)).toBe(false);
    expect(await objectExists(source)).toBe(false);
    expect(await markers(`UPLOAD#${upload}`)).toEqual([]);
    expect(await itemExists(documentKey(upload))).toBe(false);
    // Sent again (still within its time, on the handler's clock), nothing goes live: a clear 400, no document.
    const late = await confirm(upload);
    expect(late.status).toBe(400);
    expect(late.body).toMatchObject({ errors: { file: ['UPLOAD_MISSING'] } });
    expect(await itemExists(documentKey(upload))).toBe(false);
  });
});

describe('small upload (multipart)', () => {
  const form = (name: string) => {
    const data = new FormData();
    data.set('society', w.S);
    data.set('folder', folder);
    data.set('file', new Blob([PDF], { type: 'application/pdf' }), name);
    return data;
  };

  test('stopped after the object is stored: the marker names it, the sweeper removes it', async () => {
    const { dynamo } = await import('../../functions/lib/aws/dynamo');
    let marker: string | undefined;
    stops.push(
      dynamo.onSend((operation, input) => {
        const item = (input as { Item?: { id?: string } }).Item;
        if (operation === 'PutItem' && item?.id?.startsWith('DOCUMENT#')) marker = item.id;
      }),
    );
    // The item's transaction fails, and so does the request's own clean-up of the object.
    await faultOn('dynamo', 'TransactWriteItems');
    await faultOn('s3', 'DeleteObject');
    const answer = await invokeEarlier(documents.uploadDocument, { token: w.tokens.paP, form: form('Suelto.pdf') });
    expect(answer.status).toBe(500);
    const uuid = (marker as string).split('#')[1] as string;
    expect(await itemExists(documentKey(uuid))).toBe(false);
    expect(await objectExists(`documents/${w.S}/${uuid}`)).toBe(true);
    await sweep();
    expect(await objectExists(`documents/${w.S}/${uuid}`)).toBe(false);
    expect(await markers(`DOCUMENT#${uuid}`)).toEqual([]);
  });

  test('a refused upload (name taken) removes its own object and marker at once', async () => {
    const first = await invokeEarlier(documents.uploadDocument, { token: w.tokens.paP, form: form('Repetido.pdf') });
    expect(first.status).toBe(201);
    const { dynamo } = await import('../../functions/lib/aws/dynamo');
    let marker: string | undefined;
    stops.push(
      dynamo.onSend((operation, input) => {
        const item = (input as { Item?: { id?: string } }).Item;
        if (operation === 'PutItem' && item?.id?.startsWith('DOCUMENT#')) marker = item.id;
      }),
    );
    const twin = await invokeEarlier(documents.uploadDocument, { token: w.tokens.paP, form: form('Repetido.pdf') });
    expect(twin.status).toBe(400);
    const uuid = (marker as string).split('#')[1] as string;
    expect(await objectExists(`documents/${w.S}/${uuid}`)).toBe(false);
    expect(await markers(`DOCUMENT#${uuid}`)).toEqual([]);
    expect(await objectExists(`documents/${w.S}/${first.body.uuid}`)).toBe(true);
  });
});

describe('document delete', () => {
  test('an object delete that fails answers 200; the document is gone and the sweeper removes its object', async () => {
    const { upload, target } = await startUpload('Para borrar.pdf');
    expect((await confirm(upload)).status).toBe(201);
    await faultOn('s3', 'DeleteObject');
    const deleted = await invokeEarlier(documents.deleteDocument, { token: w.tokens.paP, params: { uuid: upload } });
    expect(deleted.status, JSON.stringify(deleted.body)).toBe(200);
    expect(deleted.body).toEqual({ detail: 'Documento eliminado' });
    expect(await itemExists(documentKey(upload))).toBe(false);
    expect(await objectExists(target)).toBe(true);
    expect(await markers(`DOCUMENT#${upload}#DELETE`)).toHaveLength(1);
    await sweep();
    expect(await objectExists(target)).toBe(false);
    expect(await markers(`DOCUMENT#${upload}`)).toEqual([]);
  });

  test('stopped after its transaction: the same, the object goes with the sweep', async () => {
    const { upload, target } = await startUpload('Borrado a medias.pdf');
    expect((await confirm(upload)).status).toBe(201);
    // The object is deleted, then the function stops before it removes the marker.
    await faultOn('dynamo', 'DeleteItem');
    const deleted = await invokeEarlier(documents.deleteDocument, { token: w.tokens.paP, params: { uuid: upload } });
    expect(deleted.status).toBe(200);
    expect(await objectExists(target)).toBe(false);
    expect(await markers(`DOCUMENT#${upload}#DELETE`)).toHaveLength(1);
    // Finishing work already done is no error (S3 answers 204 for a key already gone).
    await sweep();
    expect(await markers(`DOCUMENT#${upload}`)).toEqual([]);
  });
});

describe('user delete', () => {
  test('a Cognito delete that fails answers 200; the record is gone and the sweeper removes the identity', async () => {
    const person = await createTestUser('USER_SOCIETY', [w.P], 'pasos');
    expect(await identityExists(person.uuid)).toBe(true);
    await faultOn('cognito', 'AdminDeleteUser');
    const deleted = await invokeEarlier(users.deleteUser, { token: w.tokens.sa, params: { uuid: person.uuid } });
    expect(deleted.status, JSON.stringify(deleted.body)).toBe(200);
    const { keys } = await tableAccess();
    expect(await itemExists(keys.user(person.uuid))).toBe(false);
    expect(await identityExists(person.uuid)).toBe(true);
    expect(await markers(`USER#${person.uuid}#DELETE`)).toHaveLength(1);
    await sweep();
    expect(await identityExists(person.uuid)).toBe(false);
    expect(await markers(`USER#${person.uuid}`)).toEqual([]);
  });
});

describe('avatar (an image stored before its transaction, replacing another after it)', () => {
  test('a stop on either side of the transaction leaves only garbage a marker names', async () => {
    const person = await createTestUser('USER_SOCIETY', [w.P], 'avatar');
    const token = (await signIn(person.email)).access;
    const { dynamo, lib, tableName, keys } = await tableAccess();
    const stored = async () =>
      (await dynamo.send(new lib.GetCommand({ TableName: tableName, Key: keys.user(person.uuid) }))).Item
        ?.image as string;
    const avatar = () => {
      const form = new FormData();
      form.set('image', new Blob([new Uint8Array(PNG)], { type: 'image/png' }), 'yo.png');
      return form;
    };
    expect((await invokeEarlier(users.patchUserProfile, { token, form: avatar() })).status).toBe(200);
    const first = await stored();
    expect(await objectExists(first, 'ASSETS_BUCKET')).toBe(true);

    // Saved, then the old avatar's delete fails: the new one is live, the old one is the marker's.
    await faultOn('s3', 'DeleteObject');
    expect((await invokeEarlier(users.patchUserProfile, { token, form: avatar() })).status).toBe(200);
    for (const stop of stops.splice(0)) stop();
    const second = await stored();
    expect(second).not.toBe(first);
    expect(await objectExists(first, 'ASSETS_BUCKET')).toBe(true);
    await sweep();
    expect(await objectExists(first, 'ASSETS_BUCKET')).toBe(false);
    expect(await objectExists(second, 'ASSETS_BUCKET')).toBe(true);

    // Stored, then the transaction fails and so does the request's own delete: the record keeps the live avatar.
    const { s3 } = await import('../../functions/lib/aws/s3');
    let third: string | undefined;
    stops.push(
      s3.onSend((operation, input) => {
        if (operation === 'PutObject') third = (input as { Key: string }).Key;
      }),
    );
    await faultOn('dynamo', 'TransactWriteItems');
    await faultOn('s3', 'DeleteObject');
    expect((await invokeEarlier(users.patchUserProfile, { token, form: avatar() })).status).toBe(500);
    expect(await stored()).toBe(second);
    expect(await objectExists(third as string, 'ASSETS_BUCKET')).toBe(true);
    await sweep();
    expect(await objectExists(third as string, 'ASSETS_BUCKET')).toBe(false);
    expect(await objectExists(second, 'ASSETS_BUCKET')).toBe(true);
    expect(await markers(`USER#${person.uuid}`)).toEqual([]);
  });
});

describe('registration from an invitation', () => {
  test('stopped after the identity is made: the sweeper removes the identity no record uses', async () => {
    const email = `pasos-${randomUUID().slice(0, 8)}@prueba.cl`;
    const invited = await call(registration.generateInvitation, {
      token: w.tokens.paP,
      body: { user_role: 'USER_SOCIETY', email, society: [w.S] },
    });
    expect(invited.status).toBe(201);
    const token = await mailedInvitationToken(email);
    const { cognito } = await import('../../functions/lib/aws/cognito');
    let identity: string | undefined;
    stops.push(
      cognito.onSend((operation, input) => {
        if (operation === 'AdminCreateUser') identity = (input as { Username: string }).Username;
      }),
    );
    // The record's transaction fails, and so does the request's own removal of the identity.
    await faultOn('dynamo', 'TransactWriteItems');
    await faultOn('cognito', 'AdminDeleteUser');
    const body = {
      token,
      first_name: 'Paso',
      last_name: 'Intermedio',
      password: 'Portal.Demo1',
      password_confirmation: 'Portal.Demo1',
    };
    expect((await invokeEarlier(registration.registerInvitation, { body })).status).toBe(500);
    expect(await identityExists(identity as string)).toBe(true);
    const { keys } = await tableAccess();
    expect(await itemExists(keys.user(identity as string))).toBe(false);
    await sweep();
    expect(await identityExists(identity as string)).toBe(false);
    for (const stop of stops.splice(0)) stop();
    // The link was not consumed: the person registers, with an identity and a record that agree.
    const registered = await invokeEarlier(registration.registerInvitation, { body });
    expect(registered.status, JSON.stringify(registered.body)).toBe(201);
  });
});

describe('ledger replace', () => {
  type Slices = Parameters<typeof import('../../functions/lib/data/accounting-ledger').replaceSlices>[1];
  const slices = (amount: number): Slices =>
    new Map([
      [
        'TRBT#2024-01',
        {
          aggregate: { accounts: { '1.1.01': [amount, 0] }, flows: {}, cash_change: amount, cash_opening: 0 },
          lines: new Map([
            [
              '1.1.01',
              [{ fecha: '2024-01-05', tipo_comp: 'I', nro_comp: 1, linea: 1, debe: amount, haber: 0, glosa: 'Caja' }],
            ],
          ]),
        },
      ],
    ]) as unknown as Slices;

  /** The slice versions stored for a society: aggregate sort keys and line partitions, read with the SDK. */
  async function storedVersions(society: string) {
    const { dynamo, lib, tableName } = await tableAccess();
    const out = await dynamo.send(
      new lib.QueryCommand({
        TableName: tableName,
        KeyConditionExpression: 'pk = :pk AND begins_with(sk, :agg)',
        ExpressionAttributeValues: { ':pk': `ACCOUNTING#${society}`, ':agg': 'AGG#' },
      }),
    );
    const versions = (out.Items ?? []).map((item) => String(item.sk).split('#').pop() as string);
    const lines = await Promise.all(
      versions.map(async (version) => {
        const page = await dynamo.send(
          new lib.QueryCommand({
            TableName: tableName,
            KeyConditionExpression: 'pk = :pk',
            ExpressionAttributeValues: { ':pk': `LEDGER#${society}#TRBT#2024-01#${version}` },
          }),
        );
        return page.Count ?? 0;
      }),
    );
    return { versions: versions.sort(), lines };
  }

  async function importEarlier(society: string, amount: number) {
    await tableAccess();
    const [{ replaceSlices, getLedgerPointer }, { setClockOffset }] = await Promise.all([
      import('../../functions/lib/data/accounting-ledger'),
      import('../../functions/lib/clock'),
    ]);
    setClockOffset(HOURS_AGO);
    try {
      await replaceSlices(society, slices(amount));
    } finally {
      setClockOffset(0);
    }
    return getLedgerPointer(society);
  }

  test('stopped before the pointer flips: readers keep the old version; the sweeper removes the new one', async () => {
    const society = randomUUID();
    const first = await importEarlier(society, 100);
    const second = await importEarlier(society, 200);
    const live = second.slices['TRBT#2024-01']?.version as string;
    const retired = second.retired['TRBT#2024-01'] as string;
    expect((await storedVersions(society)).versions).toEqual([live, retired].sort());
    expect(first.slices['TRBT#2024-01']?.version).toBe(retired);

    await faultOn('dynamo', 'TransactWriteItems');
    await expect(importEarlier(society, 300)).rejects.toThrow(/injected fault/);
    const stored = await storedVersions(society);
    expect(stored.versions, 'old versions plus the abandoned one').toHaveLength(3);
    const { getLedgerPointer } = await import('../../functions/lib/data/accounting-ledger');
    expect((await getLedgerPointer(society)).rev).toBe(second.rev);

    await sweep();
    expect((await storedVersions(society)).versions).toEqual([live, retired].sort());
    expect((await storedVersions(society)).lines).toEqual([1, 1]);
    expect(await markers(`LEDGER#${society}`)).toEqual([]);
  });

  test('stopped after the flip, before the versions it retired for good are deleted: the sweeper deletes them', async () => {
    const society = randomUUID();
    await importEarlier(society, 100);
    await importEarlier(society, 200);
    // The third import flips, then stops at its first item delete (the first version's lines).
    await faultOn('dynamo', 'DeleteItem');
    await expect(importEarlier(society, 300)).rejects.toThrow(/injected fault/);
    const { getLedgerPointer } = await import('../../functions/lib/data/accounting-ledger');
    const pointer = await getLedgerPointer(society);
    const live = pointer.slices['TRBT#2024-01']?.version as string;
    const retired = pointer.retired['TRBT#2024-01'] as string;
    expect((await storedVersions(society)).versions).toHaveLength(3);
    await sweep();
    expect((await storedVersions(society)).versions).toEqual([live, retired].sort());
    expect(await markers(`LEDGER#${society}`)).toEqual([]);
  });
});

describe('group delete in rounds', () => {
  test('stopped after a round: the group keeps the members not yet detached, consistently; deleting again finishes', async () => {
    const { dynamo, lib, tableName, keys, users: data } = await tableAccess();
    const group = (
      await call(groups.createGroup, {
        token: w.tokens.sa,
        body: {
          group_name: `Rondas ${randomUUID().slice(0, 8)}`,
          group_description: 'Pasos',
          project: w.P,
          admin: [],
          user: [],
        },
      })
    ).body.uuid as string;
    const members = Array.from({ length: 40 }, () => randomUUID());
    await Promise.all(
      members.map((uuid) =>
        data.putNewUser(
          testUserRecord({ uuid, email: `ronda-${uuid.slice(0, 12)}@prueba.cl`, user_role: 'USER_GROUP' }),
          [
            { field: 'project_uuids', uuid: w.P, project_uuid: w.P },
            { field: 'group_uuids', uuid: group, project_uuid: w.P },
          ],
        ),
      ),
    );
    await dynamo.send(
      new lib.UpdateCommand({
        TableName: tableName,
        Key: keys.group(group),
        UpdateExpression: 'SET #user = :members',
        ExpressionAttributeNames: { '#user': 'user' },
        ExpressionAttributeValues: { ':members': members },
      }),
    );
    // Round one lands (as many members as one transaction's 100 writes hold: each also rewrites its users' index
    // rows, detach.ts), the function stops before round two.
    await faultOn('dynamo', 'TransactWriteItems', 1);
    const stopped = await invokeEarlier(groups.deleteGroup, { token: w.tokens.sa, params: { uuid: group } });
    expect(stopped.status).toBe(500);
    const stored = (await dynamo.send(new lib.GetCommand({ TableName: tableName, Key: keys.group(group) }))).Item;
    const left = stored?.user as string[];
    expect(left.length).toBeGreaterThan(0);
    expect(left.length).toBeLessThan(members.length);
    const records = await Promise.all(
      members.map(
        async (uuid) => (await dynamo.send(new lib.GetCommand({ TableName: tableName, Key: keys.user(uuid) }))).Item,
      ),
    );
    // Every member is either still in the group on both sides, or detached on both sides.
    for (const [index, uuid] of members.entries()) {
      expect(((records[index]?.group_uuids as string[] | undefined) ?? []).includes(group), uuid).toBe(
        left.includes(uuid),
      );
    }
    for (const stop of stops.splice(0)) stop();
    const finished = await invokeEarlier(groups.deleteGroup, { token: w.tokens.sa, params: { uuid: group } });
    expect(finished.status).toBe(200);
    expect(await itemExists(keys.group(group))).toBe(false);
  });
});

describe('the sweeper', () => {
  /** A due marker of three objects under a prefix of its own, with the objects stored. */
  async function garbage(count: number) {
    const { putCleanup } = await import('../../functions/lib/data/cleanups');
    const { putDocumentObject } = await import('../../functions/lib/storage/documents');
    await tableAccess();
    const ids: string[] = [];
    for (let n = 0; n < count; n += 1) {
      const id = `TEST#${randomUUID()}`;
      const key = `documents/${w.S}/${id.slice(5)}`;
      await putDocumentObject(key, Buffer.from('basura'), 'text/plain');
      await putCleanup({ id, due: Date.now() + HOURS_AGO, objects: [{ bucket: 'documents', key }] });
      ids.push(id);
    }
    return ids;
  }

  test('is bounded: one page of one marker per run at most, the rest left for the next runs', async () => {
    const ids = await garbage(3);
    const outcome = await sweep({ pages: 1, pageSize: 1, items: 100 });
    expect(outcome.pages).toBe(1);
    expect(outcome.finished).toBeLessThanOrEqual(1);
    expect(outcome.more).toBe(true);
    const left = (await Promise.all(ids.map((id) => markers(id)))).filter((found) => found.length > 0);
    expect(left.length).toBeGreaterThanOrEqual(2);
    // Within an item budget too: one deletion, then it stops.
    const byItems = await sweep({ pages: 10, pageSize: 10, items: 1 });
    expect(byItems.deleted).toBeLessThanOrEqual(1);
    // Enough runs finish everything.
    for (let run = 0; run < 10 && (await sweep()).more; run += 1);
    for (const id of ids) expect(await markers(id)).toEqual([]);
    for (const id of ids) expect(await objectExists(`documents/${w.S}/${id.slice(5)}`)).toBe(false);
  });

  test('is idempotent: a second run, and a marker put back after its work was done, change nothing else', async () => {
    const [id] = (await garbage(1)) as [string];
    const key = `documents/${w.S}/${id.slice(5)}`;
    const first = await sweep();
    expect(first.finished).toBeGreaterThanOrEqual(1);
    expect(await objectExists(key)).toBe(false);
    await sweep();
    expect(await markers(id)).toEqual([]);
    // A run that stopped after the deletes, before removing the marker: the next run finishes it without error.
    const { putCleanup } = await import('../../functions/lib/data/cleanups');
    const ghost = randomUUID();
    await putCleanup({
      id,
      due: Date.now() + HOURS_AGO,
      objects: [{ bucket: 'documents', key }],
      identities: [ghost],
    });
    await sweep();
    expect(await markers(id)).toEqual([]);
  });

  test('leaves live data and markers not yet due alone', async () => {
    const { upload, target } = await startUpload('Viva.pdf');
    expect((await confirm(upload)).status).toBe(201);
    const { putCleanup } = await import('../../functions/lib/data/cleanups');
    const { putDocumentObject } = await import('../../functions/lib/storage/documents');
    // Garbage of a write still in progress: its marker is due in 15 minutes.
    const id = `TEST#${randomUUID()}`;
    const key = `documents/${w.S}/${id.slice(5)}`;
    await putDocumentObject(key, Buffer.from('en curso'), 'text/plain');
    await putCleanup({ id, due: Date.now() + 15 * 60_000, objects: [{ bucket: 'documents', key }] });
    await sweep();
    expect(await objectExists(target)).toBe(true);
    expect(await itemExists(documentKey(upload))).toBe(true);
    expect(await objectExists(key)).toBe(true);
    expect(await markers(id)).toHaveLength(1);
    // A ledger marker naming the versions the pointer reads keeps them.
    const { replaceSlices, getLedgerPointer } = await import('../../functions/lib/data/accounting-ledger');
    const society = randomUUID();
    await replaceSlices(
      society,
      new Map([
        ['TRBT#2024-02', { aggregate: { accounts: {}, flows: {}, cash_change: 0, cash_opening: 0 }, lines: new Map() }],
      ]) as never,
    );
    const version = (await getLedgerPointer(society)).slices['TRBT#2024-02']?.version as string;
    await putCleanup({
      id: `TEST#${randomUUID()}`,
      due: Date.now() + HOURS_AGO,
      ledger: { society, versions: [{ slice: 'TRBT#2024-02', version }] },
    });
    await sweep();
    expect(await itemExists({ pk: `ACCOUNTING#${society}`, sk: `AGG#TRBT#2024-02#${version}` })).toBe(true);
  });
});

describe('ticket attachments', () => {
  /** An attachment upload started two hours ago by the project admin, its file sent to the presigned form. */
  async function attachmentUpload(name: string) {
    const start = await invokeEarlier(external.createTicketAttachmentUpload, {
      token: w.tokens.paP,
      body: { file_name: name, file_size: PDF.length, content_type: 'application/pdf' },
    });
    expect(start.status, JSON.stringify(start.body)).toBe(201);
    const body = start.body as { upload: string; url: string; fields: Record<string, string> };
    const form = new FormData();
    for (const [k, v] of Object.entries(body.fields)) form.set(k, v);
    form.set('file', new Blob([PDF], { type: 'application/pdf' }), name);
    expect((await fetch(body.url, { method: 'POST', body: form })).status).toBeLessThan(300);
    return { upload: body.upload, key: body.fields.key as string };
  }
  const fileKey = (upload: string) => ({ pk: `TICKETFILE#${upload}`, sk: 'FILE' });

  test('a message whose write stops is not stored and leaves its file pending; the sweeper removes a file no message names, never an attached one', async () => {
    const ticket = await invokeEarlier(external.postSupportTicket, {
      token: w.tokens.paP,
      body: { subject: `Pasos ${randomUUID().slice(0, 8)}`, description: 'Un ticket con adjuntos.' },
    });
    expect(ticket.status).toBe(201);
    const uuid = (ticket.body as { uuid: string }).uuid;
    const kept = await attachmentUpload('guardado.pdf');
    const lost = await attachmentUpload('perdido.pdf');

    const fault = await faultOn('dynamo', 'TransactWriteItems');
    const failed = await invokeEarlier(external.postSupportTicketMessage, {
      token: w.tokens.paP,
      params: { uuid },
      body: { description: 'Con un adjunto que se pierde.', attachments: [lost.upload] },
    });
    expect(fault.hits()).toBe(1);
    expect(failed.status).toBe(500);
    for (const stop of stops.splice(0)) stop();
    // Old state: no message, the file still pending with its marker.
    const read = await invokeEarlier(external.getSupportTicket, {
      token: w.tokens.paP,
      params: { uuid },
    });
    expect((read.body as { messages: unknown[] }).messages).toHaveLength(1);
    expect(await itemExists(fileKey(lost.upload))).toBe(true);
    expect(await markers(`UPLOAD#${lost.upload}#TICKET`)).toHaveLength(1);

    const sent = await invokeEarlier(external.postSupportTicketMessage, {
      token: w.tokens.paP,
      params: { uuid },
      body: { description: 'Con el adjunto que queda.', attachments: [kept.upload] },
    });
    expect(sent.status, JSON.stringify(sent.body)).toBe(201);
    expect(await markers(`UPLOAD#${kept.upload}#TICKET`)).toEqual([]);

    await sweep();
    expect(await objectExists(lost.key)).toBe(false);
    expect(await markers(`UPLOAD#${lost.upload}#TICKET`)).toEqual([]);
    expect(await objectExists(kept.key)).toBe(true);
    // Named after the sweep, the swept file is refused as missing (its object is gone).
    const late = await invokeEarlier(external.postSupportTicketMessage, {
      token: w.tokens.paP,
      params: { uuid },
      body: { description: 'Con el adjunto barrido.', attachments: [lost.upload] },
    });
    expect(late.status).toBe(400);
  });
});

describe('message attachments', () => {
  /** A message attachment upload started two hours ago by a client user of S, its file sent to the presigned form. */
  async function messageUpload(name: string) {
    const start = await invokeEarlier(messages.createMessageAttachmentUpload, {
      token: w.tokens.userNoDocs,
      params: { uuid: w.S },
      body: { file_name: name, file_size: PDF.length, content_type: 'application/pdf' },
    });
    expect(start.status, JSON.stringify(start.body)).toBe(201);
    const body = start.body as { upload: string; url: string; fields: Record<string, string> };
    const form = new FormData();
    for (const [k, v] of Object.entries(body.fields)) form.set(k, v);
    form.set('file', new Blob([PDF], { type: 'application/pdf' }), name);
    expect((await fetch(body.url, { method: 'POST', body: form })).status).toBeLessThan(300);
    return { upload: body.upload, key: body.fields.key as string };
  }
  const messagesOf = async (thread: string) =>
    (
      (await invokeEarlier(messages.getThread, { token: w.tokens.userNoDocs, params: { uuid: thread } })).body as {
        messages: Array<{ attachments: Array<{ uuid: string }> }>;
      }
    ).messages;

  test('a message that stops after its document leaves the document and no message: sent again, it lands with it; an upload never sent is swept', async () => {
    const opened = await invokeEarlier(messages.createThread, {
      token: w.tokens.userNoDocs,
      params: { uuid: w.S },
      body: { subject: `Pasos ${randomUUID().slice(0, 8)}`, body: 'Un hilo con adjuntos.' },
    });
    expect(opened.status).toBe(201);
    const thread = (opened.body as { uuid: string }).uuid;
    const sent = await messageUpload('enviado.pdf');
    const abandoned = await messageUpload('abandonado.pdf');

    // The document's transaction goes; the message's (the next one) does not.
    const fault = await faultOn('dynamo', 'TransactWriteItems', 1);
    const request = {
      token: w.tokens.userNoDocs,
      params: { uuid: thread },
      body: { body: 'Adjunto.', attachments: [sent.upload] },
    };
    const failed = await invokeEarlier(messages.postThreadMessage, request);
    expect(fault.hits()).toBe(1);
    expect(failed.status).toBe(500);
    for (const stop of stops.splice(0)) stop();
    // The document the sender uploaded, in the society, and no message carrying it.
    expect(await itemExists({ pk: `DOCUMENT#${sent.upload}`, sk: 'DOCUMENT' })).toBe(true);
    expect(await itemExists({ pk: `MSGFILE#${sent.upload}`, sk: 'MSGFILE' })).toBe(false);
    expect(await messagesOf(thread)).toHaveLength(1);

    // Sent again: the message lands with that document, once.
    const again = await invokeEarlier(messages.postThreadMessage, request);
    expect(again.status, JSON.stringify(again.body)).toBe(201);
    expect((again.body as { attachments: Array<{ uuid: string }> }).attachments.map((a) => a.uuid)).toEqual([
      sent.upload,
    ]);
    const after = await messagesOf(thread);
    expect(after).toHaveLength(2);
    expect(after[0]?.attachments.map((a) => a.uuid)).toEqual([sent.upload]);
    expect(await markers(`UPLOAD#${sent.upload}`)).toEqual([]);

    // The upload no message named is garbage its marker names: the sweeper removes it, and leaves the document's file.
    expect(await markers(`UPLOAD#${abandoned.upload}`)).toHaveLength(1);
    await sweep();
    expect(await objectExists(abandoned.key)).toBe(false);
    expect(await markers(`UPLOAD#${abandoned.upload}`)).toEqual([]);
    expect(await objectExists(`documents/${w.S}/${sent.upload}`)).toBe(true);
  });
});
