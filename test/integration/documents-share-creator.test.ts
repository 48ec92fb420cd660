import { beforeAll, expect, test } from 'vitest';
import * as documents from '../../shared/contracts/documents';
import * as folders from '../../shared/contracts/folders';
import * as users from '../../shared/contracts/users';
import { call, signIn } from '../helpers/api';
import { createTestUser, tableAccess } from '../helpers/db';
import { buildDocumentsWorld, uploadSmall } from './documents-fixture';

/**
 * A share link is as alive as its maker's access (issue 21, finding 4): a society user mints a public link, then the
 * firm disables that user, takes the society away, closes its document access or deletes it; whoever holds the link
 * must get nothing from then on, and each refusal is logged with the link (time, address, outcome).
 */
let w: Awaited<ReturnType<typeof buildDocumentsWorld>>;
let doc: string;
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

async function mint(token: string) {
  const minted = await call(documents.createShareToken, { token, params: { uuid: doc }, query: { days: 7 } });
  expect(minted.status).toBe(200);
  return minted.body;
}

const useLink = (token: string) =>
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
}, 180_000);

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
  for (const link of Object.values(links)) expect((await useLink(link.token)).status).toBe(200);

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
    const answer = await useLink(link.token);
    expect(answer.status).toBe(404);
    expect(answer.body.code).toBe('LINK_EXPIRED');
    // The redirect form too: no Location to the file.
    const { apiUrl } = await import('vitest').then((v) => v.inject('portal'));
    const redirect = await fetch(`${apiUrl}/api/v1/documents/share/download/?token=${link.token}`, {
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
