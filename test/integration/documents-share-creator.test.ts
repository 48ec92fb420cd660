import { afterEach, beforeAll, expect, inject, test } from 'vitest';
import * as documents from '../../shared/contracts/documents';
import * as folders from '../../shared/contracts/folders';
import * as groups from '../../shared/contracts/groups';
import * as users from '../../shared/contracts/users';
import type { Role } from '../../shared/roles';
import { call, signIn } from '../helpers/api';
import { createTestUser, tableAccess } from '../helpers/db';
import { dynamoCallsOf, invokeInProcess } from '../helpers/in-process';
import { buildDocumentsWorld, uploadSmall } from './documents-fixture';

/**
 * A share link is as alive as its maker's access: a society user mints a public link, then the
 * firm disables that user, takes the society away, closes its document access or deletes it; whoever holds the link
 * must get nothing from then on, and each refusal is logged with the link (time, address, outcome). The document's
 * links list says why each unexpired link no longer opens; admins mint links of up to 30 days, client users of 7.
 */
let w: Awaited<ReturnType<typeof buildDocumentsWorld>>;
let doc: string;
let docS2: string;
const PDF = new TextEncoder().encode('%PDF-1.4\n% creador\n%%EOF\n');

/** A society user of S with document access, signed in: the attacker who keeps a link after leaving. */
async function societyUser() {
  const u = await createTestUser('USER_SOCIETY', [w.P]);
  const joined = await call(users.patchUser, {
    token: w.tokens.paP,
    params: { uuid: u.uuid },
    body: { society: [w.S], user_documentation: true },
  });
  expect(joined.status).toBe(200);
  return { ...u, token: (await signIn(u.email)).access };
}

async function mint(token: string, uuid = doc, days = 7) {
  const minted = await call(documents.createShareToken, { token, params: { uuid }, query: { days } });
  expect(minted.status).toBe(200);
  return minted.body;
}

const patch = async (uuid: string, body: Record<string, unknown>) =>
  expect((await call(users.patchUser, { token: w.tokens.paP, params: { uuid }, body })).status).toBe(200);

/** The document's links as the project's admin sees them: reason by link uuid. */
async function reasons(uuid = doc) {
  const listed = await call(documents.listShareLinks, { token: w.tokens.paP, params: { uuid } });
  expect(listed.status).toBe(200);
  return new Map(listed.body.map((l) => [l.uuid, l]));
}

const openLink = (token: string) =>
  call(documents.downloadSharedDocument, { query: { token, format: 'json' }, ip: '203.0.113.7' });

async function logOutcomes(token: string) {
  const { dynamo, lib, tableName } = await tableAccess();
  const { hashToken } = await import('../../functions/documents/share-links');
  const logs = await dynamo.send(
    new lib.QueryCommand({
      TableName: tableName,
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :log)',
      ExpressionAttributeValues: { ':pk': `SHARE#${hashToken(token)}`, ':log': 'LOG#' },
    }),
  );
  return (logs.Items ?? []).map((i) => ({ outcome: i.outcome, ip: i.ip, at: typeof i.sk === 'string' }));
}

beforeAll(async () => {
  w = await buildDocumentsWorld();
  const folder = await call(folders.createFolderTemplate, {
    token: w.tokens.paP,
    body: { project: w.P, folder_name: 'Compartidos por clientes' },
  });
  const uploaded = await uploadSmall(w.tokens.paP, { society: w.S, folder: folder.body.uuid }, 'Balance.pdf', PDF);
  expect(uploaded.status).toBe(201);
  doc = uploaded.body.uuid as string;
  const inS2 = await uploadSmall(w.tokens.paP, { society: w.S2, folder: folder.body.uuid }, 'Grupo dos.pdf', PDF);
  expect(inS2.status).toBe(201);
  docS2 = inS2.body.uuid as string;
}, 180_000);

afterEach(async () => {
  const { setClockOffset } = await import('../../functions/lib/clock');
  setClockOffset(0);
});

test('finding 4: a society user disabled, taken out of the society, closed to documents or deleted keeps no link', async () => {
  const [disabled, removed, closed, deleted] = await Promise.all([
    societyUser(),
    societyUser(),
    societyUser(),
    societyUser(),
  ]);
  const links = {
    disabled: await mint(disabled.token),
    removed: await mint(removed.token),
    closed: await mint(closed.token),
    deleted: await mint(deleted.token),
  };
  for (const link of Object.values(links)) expect((await openLink(link.token)).status).toBe(200);

  const edits = [
    { uuid: disabled.uuid, body: { enable: false } },
    { uuid: removed.uuid, body: { society: [] } },
    { uuid: closed.uuid, body: { user_documentation: false } },
  ];
  for (const { uuid, body } of edits) {
    expect((await call(users.patchUser, { token: w.tokens.paP, params: { uuid }, body })).status).toBe(200);
  }
  expect((await call(users.deleteUser, { token: w.tokens.paP, params: { uuid: deleted.uuid } })).status).toBe(200);

  for (const link of Object.values(links)) {
    const answer = await openLink(link.token);
    expect(answer.status).toBe(404);
    expect(answer.body.code).toBe('LINK_EXPIRED');
    // The redirect form too: no Location to the file.
    const redirect = await fetch(`${inject('portal').apiUrl}/api/v1/documents/share/download/?token=${link.token}`, {
      redirect: 'manual',
    });
    expect(redirect.status).toBe(404);
    expect(redirect.headers.get('location')).toBeNull();
  }
  // Every attempt is logged with the link: the allowed first use, then the refusals with the reason and the address.
  expect(await logOutcomes(links.disabled.token)).toEqual(
    expect.arrayContaining([
      { outcome: 'ALLOWED', ip: '203.0.113.7', at: true },
      { outcome: 'CREATOR_DISABLED', ip: '203.0.113.7', at: true },
    ]),
  );
  expect((await logOutcomes(links.removed.token)).map((l) => l.outcome)).toContain('CREATOR_LOST_ACCESS');
  expect((await logOutcomes(links.closed.token)).map((l) => l.outcome)).toContain('CREATOR_LOST_ACCESS');
  expect((await logOutcomes(links.deleted.token)).map((l) => l.outcome)).toContain('CREATOR_DELETED');
});

test('finding 4: a society user cannot mint a 30-day public link', async () => {
  const u = await societyUser();
  const month = await call(documents.createShareToken, { token: u.token, params: { uuid: doc }, query: { days: 30 } });
  expect(month.status).toBe(403);
  expect(month.body.code).toBe('ACTION_NOT_ALLOWED');
});

test('the list shows each unexpired link with why it no longer opens; taking access back and giving it back', async () => {
  const [disabled, removed, closed, deleted, handRevoked] = await Promise.all([
    societyUser(),
    societyUser(),
    societyUser(),
    societyUser(),
    societyUser(),
  ]);
  const links = {
    disabled: await mint(disabled.token),
    removed: await mint(removed.token),
    closed: await mint(closed.token),
    deleted: await mint(deleted.token),
    handRevoked: await mint(handRevoked.token),
    admin: await mint(w.tokens.paP, doc, 30),
  };
  const before = await reasons();
  for (const link of Object.values(links)) expect(before.get(link.uuid)?.end_reason).toBeNull();
  expect(before.get(links.removed.uuid)?.created_by).toMatchObject({ uuid: removed.uuid });

  await patch(disabled.uuid, { enable: false });
  await patch(removed.uuid, { society: [] });
  await patch(closed.uuid, { user_documentation: false });
  expect((await call(users.deleteUser, { token: w.tokens.paP, params: { uuid: deleted.uuid } })).status).toBe(200);
  const revoked = await call(documents.revokeShareLink, {
    token: handRevoked.token,
    params: { uuid: links.handRevoked.uuid },
  });
  expect(revoked.status).toBe(200);

  const after = await reasons();
  expect(Object.fromEntries(Object.entries(links).map(([name, l]) => [name, after.get(l.uuid)?.end_reason]))).toEqual({
    disabled: 'creator_disabled',
    removed: 'creator_lost_access',
    closed: 'creator_lost_access',
    deleted: 'creator_deleted',
    handRevoked: 'revoked',
    admin: null,
  });
  expect(after.get(links.deleted.uuid)?.created_by).toBeNull();
  expect((await openLink(links.admin.token)).status).toBe(200);

  // Disabling ends the links for good: enabled again, the user's old link stays dead; a new one opens.
  await patch(disabled.uuid, { enable: true });
  expect((await reasons()).get(links.disabled.uuid)?.end_reason).toBe('creator_disabled');
  expect((await openLink(links.disabled.token)).status).toBe(404);
  const again = await mint((await signIn(disabled.email)).access);
  expect((await openLink(again.token)).status).toBe(200);

  // Access is computed on each use: given back, the link opens again until it expires (as alive as the maker's access).
  await patch(removed.uuid, { society: [w.S] });
  expect((await reasons()).get(links.removed.uuid)?.end_reason).toBeNull();
  expect((await openLink(links.removed.token)).status).toBe(200);
});

test("a disabled group ends its admin's links while it stays disabled", async () => {
  const gaToken = w.tokens.gaG2;
  const link = await mint(gaToken, docS2, 30);
  expect((await openLink(link.token)).status).toBe(200);
  const toggle = (enable: boolean) =>
    call(groups.patchGroup, { token: w.tokens.paP, params: { uuid: w.G2 }, body: { enable } });
  expect((await toggle(false)).status).toBe(200);
  try {
    expect((await openLink(link.token)).status).toBe(404);
    expect((await reasons(docS2)).get(link.uuid)?.end_reason).toBe('creator_lost_access');
  } finally {
    expect((await toggle(true)).status).toBe(200);
  }
  expect((await openLink(link.token)).status).toBe(200);
});

test('a deleted document: its links are refused and the refusal logged as such', async () => {
  const folder = await call(folders.createFolderTemplate, {
    token: w.tokens.paP,
    body: { project: w.P, folder_name: 'Para borrar' },
  });
  const uploaded = await uploadSmall(w.tokens.paP, { society: w.S, folder: folder.body.uuid }, 'Borrar.pdf', PDF);
  const link = await mint(w.tokens.paP, uploaded.body.uuid as string);
  const removed = await call(documents.deleteDocument, {
    token: w.tokens.paP,
    params: { uuid: uploaded.body.uuid as string },
  });
  expect(removed.status).toBe(200);
  expect((await openLink(link.token)).status).toBe(404);
  expect((await logOutcomes(link.token)).map((l) => l.outcome)).toEqual(['DOCUMENT_GONE']);
});

test('who mints what: admins 1, 7 or 30 days; client users 1 or 7, 30 refused with nothing written', async () => {
  const groupUser = await createTestUser('USER_GROUP', [w.P]);
  await patch(groupUser.uuid, { group: [w.G], user_documentation: true });
  const client = await societyUser();
  const allowed: Array<[Role, string, number[]]> = [
    ['SUPER_ADMIN', w.tokens.sa, [1, 7, 30]],
    ['PROJECT_ADMIN', w.tokens.paP, [1, 7, 30]],
    ['GROUP_ADMIN', w.tokens.gaG, [1, 7, 30]],
    ['USER_GROUP', (await signIn(groupUser.email)).access, [1, 7]],
    ['USER_SOCIETY', client.token, [1, 7]],
  ];
  for (const [role, token, days] of allowed) {
    for (const d of days) {
      const minted = await call(documents.createShareToken, { token, params: { uuid: doc }, query: { days: d } });
      expect({ role, d, status: minted.status }).toEqual({ role, d, status: 200 });
      expect(Math.round((Date.parse(minted.body.expires_at) - Date.parse(minted.body.created)) / 86_400_000)).toBe(d);
    }
    // The default stays 7 days for everyone.
    const byDefault = await call(documents.createShareToken, { token, params: { uuid: doc } });
    expect(Math.round((Date.parse(byDefault.body.expires_at) - Date.parse(byDefault.body.created)) / 86_400_000)).toBe(
      7,
    );
  }
  for (const [, token] of allowed.slice(3)) {
    const listedBefore = (await reasons()).size;
    const month = await call(documents.createShareToken, { token, params: { uuid: doc }, query: { days: 30 } });
    expect(month.status).toBe(403);
    expect(month.body.code).toBe('ACTION_NOT_ALLOWED');
    expect((await reasons()).size).toBe(listedBefore);
  }
  // A document the client user cannot see answers 404 first, whatever the expiry asked.
  const other = await call(documents.createShareToken, {
    token: client.token,
    params: { uuid: docS2 },
    query: { days: 30 },
  });
  expect(other.status).toBe(404);
});

test('a client user lists and revokes only its own links; an admin any link of its scope', async () => {
  const [alice, bob] = await Promise.all([societyUser(), societyUser()]);
  const aliceLink = await mint(alice.token);
  const bobLink = await mint(bob.token);
  const adminLink = await mint(w.tokens.paP);
  const aliceSees = await call(documents.listShareLinks, { token: alice.token, params: { uuid: doc } });
  expect(aliceSees.body.map((l) => l.uuid)).toEqual([aliceLink.uuid]);
  for (const uuid of [bobLink.uuid, adminLink.uuid]) {
    expect((await call(documents.revokeShareLink, { token: alice.token, params: { uuid } })).status).toBe(404);
  }
  expect((await openLink(bobLink.token)).status).toBe(200);
  const byAdmin = await call(documents.revokeShareLink, { token: w.tokens.gaG, params: { uuid: bobLink.uuid } });
  expect(byAdmin.status).toBe(200);
  expect((await openLink(bobLink.token)).status).toBe(404);
  const byOtherAdmin = await call(documents.revokeShareLink, {
    token: w.tokens.gaG2,
    params: { uuid: aliceLink.uuid },
  });
  expect(byOtherAdmin.status).toBe(404);
});

test('expired links leave the list and the directory at the next mint (clock moved forward)', async () => {
  const u = await societyUser();
  const day = await mint(u.token, doc, 1);
  const { setClockOffset } = await import('../../functions/lib/clock');
  const { expiredShareLinkIds } = await import('../../functions/lib/data/share-links');
  const { epochSeconds } = await import('../../functions/lib/data/table');
  setClockOffset(2 * 86_400_000);
  expect(await expiredShareLinkIds(doc, epochSeconds())).toContain(day.uuid);
  const { documentShareLinks, mintShareLink } = await import('../../functions/documents/share-links');
  const { getUser } = await import('../../functions/lib/data/users');
  const record = await getUser(u.uuid);
  if (!record) throw new Error('The user was not stored');
  const caller = { user: record, role: 'USER_SOCIETY' as const };
  expect((await documentShareLinks(caller, doc)).map((l) => l.uuid)).not.toContain(day.uuid);
  await mintShareLink(caller, doc, 7);
  expect(await expiredShareLinkIds(doc, epochSeconds())).not.toContain(day.uuid);
  expect((await documentShareLinks(caller, doc)).length).toBe(1);
});

test('the public download reads a bounded number of items, however many links the document has', async () => {
  const u = await societyUser();
  const link = await mint(u.token);
  const first = await dynamoCallsOf(() =>
    invokeInProcess(documents.downloadSharedDocument, { query: { token: link.token, format: 'json' } }),
  );
  expect(first.result.status).toBe(200);
  for (let i = 0; i < 5; i++) await mint(u.token);
  const later = await dynamoCallsOf(() =>
    invokeInProcess(documents.downloadSharedDocument, { query: { token: link.token, format: 'json' } }),
  );
  expect(later.result.status).toBe(200);
  // Some reads run side by side: compared as multisets.
  expect([...later.operations].sort()).toEqual([...first.operations].sort());
  // The link, its maker, the maker's memberships (a society user's groups in a second read), the document, the count
  // and the log.
  expect(later.operations.length).toBeLessThanOrEqual(7);
  expect(later.operations.filter((o) => o.startsWith('Scan') || o.startsWith('Query'))).toEqual([]);
});
