import { afterEach, beforeAll, expect, test } from 'vitest';
import * as documents from '../../shared/contracts/documents';
import * as folders from '../../shared/contracts/folders';
import { call } from '../helpers/api';
import { tableAccess } from '../helpers/db';
import { buildDocumentsWorld, getManual, uploadSmall } from './documents-fixture';

/**
 * Share links (portal §2 "Sharing"): mint with an expiry of 1, 7 or 30 days, use through share/download
 * (redirect to the attachment), list a document's unexpired links with use count and last use, revoke; expired (clock
 * moved forward in this process, functions/lib/clock.ts), revoked and malformed links are refused alike.
 */
let w: Awaited<ReturnType<typeof buildDocumentsWorld>>;
let doc: string;
const PDF = new TextEncoder().encode('%PDF-1.4\n% compartido\n%%EOF\n');

beforeAll(async () => {
  w = await buildDocumentsWorld();
  const folder = await call(folders.createFolderTemplate, {
    token: w.tokens.paP,
    body: { project: w.P, folder_name: 'Compartidos' },
  });
  const uploaded = await uploadSmall(
    w.tokens.paP,
    { society: w.S, folder: folder.body.uuid },
    'Informe ñandú.pdf',
    PDF,
  );
  expect(uploaded.status).toBe(201);
  doc = uploaded.body.uuid as string;
}, 180_000);

afterEach(async () => {
  const { setClockOffset } = await import('../../functions/lib/clock');
  setClockOffset(0);
});

test('a user mints a link; anyone with it downloads the attachment; uses are counted', async () => {
  const minted = await call(documents.createShareToken, { token: w.tokens.user, params: { uuid: doc } });
  expect(minted.status).toBe(200);
  expect(minted.body.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
  const days = (Date.parse(minted.body.expires_at) - Date.parse(minted.body.created)) / 86_400_000;
  expect(Math.round(days)).toBe(7);

  const redirect = await getManual(`api/v1/documents/share/download/?token=${minted.body.token}`);
  expect(redirect.status).toBe(302);
  expect(redirect.headers.get('referrer-policy')).toBe('no-referrer');
  const file = await fetch(redirect.headers.get('location') as string);
  expect(new Uint8Array(await file.arrayBuffer())).toEqual(PDF);
  expect(file.headers.get('content-disposition')).toContain(
    'attachment; filename="Informe nandu.pdf"; filename*=UTF-8\'\'Informe%20%C3%B1and%C3%BA.pdf',
  );

  // The share page's description counts no use and carries no file link.
  const info = await call(documents.downloadSharedDocument, { query: { token: minted.body.token, format: 'info' } });
  expect(info.status).toBe(200);
  expect(info.body).toMatchObject({ link: '', document_name: 'Informe ñandú', size: PDF.length });
  expect(Date.parse(info.body.expires_at as string)).toBe(Date.parse(minted.body.expires_at));

  const asJson = await call(documents.downloadSharedDocument, { query: { token: minted.body.token, format: 'json' } });
  expect(asJson.status).toBe(200);
  expect(asJson.body.document_name).toBe('Informe ñandú');

  const links = await call(documents.listShareLinks, { token: w.tokens.user, params: { uuid: doc } });
  const mine = links.body.find((l) => l.uuid === minted.body.uuid);
  expect(mine?.use_count).toBe(2);
  expect(mine?.last_used_at).not.toBeNull();
  // The token is shown once: the list never carries it.
  expect(JSON.stringify(links.body)).not.toContain(minted.body.token);
  // The stored item holds its hash, not the token.
  const { dynamo, lib, tableName } = await tableAccess();
  const { hashToken } = await import('../../functions/documents/share-links');
  const stored = await dynamo.send(
    new lib.GetCommand({ TableName: tableName, Key: { pk: `SHARE#${hashToken(minted.body.token)}`, sk: 'SHARE' } }),
  );
  expect(stored.Item?.document_uuid).toBe(doc);
  expect(JSON.stringify(stored.Item)).not.toContain(minted.body.token);
});

test('expiry of 1 and 30 days; other values are refused', async () => {
  for (const d of [1, 30]) {
    const minted = await call(documents.createShareToken, {
      token: w.tokens.paP,
      params: { uuid: doc },
      query: { days: d },
    });
    expect(minted.status).toBe(200);
    const days = (Date.parse(minted.body.expires_at) - Date.parse(minted.body.created)) / 86_400_000;
    expect(Math.round(days)).toBe(d);
  }
  const bad = await call(documents.createShareToken, {
    token: w.tokens.paP,
    params: { uuid: doc },
    query: { days: 3 },
  });
  expect(bad.status).toBe(400);
});

test('a revoked link is refused and listed as revoked; a malformed or unknown token is refused', async () => {
  const minted = await call(documents.createShareToken, { token: w.tokens.user, params: { uuid: doc } });
  expect(
    (await call(documents.revokeShareLink, { token: w.tokens.paQ, params: { uuid: minted.body.uuid } })).status,
  ).toBe(404);
  const revoked = await call(documents.revokeShareLink, { token: w.tokens.user, params: { uuid: minted.body.uuid } });
  expect(revoked.status).toBe(200);
  const refused = await call(documents.downloadSharedDocument, { query: { token: minted.body.token } });
  expect(refused.status).toBe(404);
  expect(refused.body.code).toBe('LINK_EXPIRED');
  // It stays listed until it expires, as revoked (the list says why a link no longer opens).
  const links = await call(documents.listShareLinks, { token: w.tokens.user, params: { uuid: doc } });
  expect(links.body.find((l) => l.uuid === minted.body.uuid)?.end_reason).toBe('revoked');
  for (const token of ['corto', 'x'.repeat(43), `${minted.body.token}x`]) {
    const answer = await call(documents.downloadSharedDocument, { query: { token } });
    expect(answer.status).toBe(404);
    expect(answer.body.code).toBe('LINK_EXPIRED');
  }
  // Refused uses are logged with the link.
  const { dynamo, lib, tableName } = await tableAccess();
  const { hashToken } = await import('../../functions/documents/share-links');
  const logs = await dynamo.send(
    new lib.QueryCommand({
      TableName: tableName,
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :log)',
      ExpressionAttributeValues: { ':pk': `SHARE#${hashToken(minted.body.token)}`, ':log': 'LOG#' },
    }),
  );
  expect(logs.Items?.map((i) => i.outcome)).toEqual(['REVOKED']);
});

test('an expired link is refused on read, before DynamoDB deletes it (clock moved forward)', async () => {
  const minted = await call(documents.createShareToken, {
    token: w.tokens.user,
    params: { uuid: doc },
    query: { days: 1 },
  });
  await tableAccess(); // the functions' environment, for calling the module in this process
  const { spendShareLink } = await import('../../functions/documents/share-links');
  const { setClockOffset } = await import('../../functions/lib/clock');
  await expect(spendShareLink(minted.body.token, '10.0.0.1')).resolves.toMatchObject({
    document_name: 'Informe ñandú',
  });
  setClockOffset(86_400_000 + 1000);
  await expect(spendShareLink(minted.body.token, '10.0.0.1')).rejects.toMatchObject({
    status: 404,
    code: 'LINK_EXPIRED',
  });
  setClockOffset(0);
  await expect(spendShareLink(minted.body.token, '10.0.0.1')).resolves.toBeTruthy();
});

test('a user without documentation, another project and a sibling group cannot mint or list', async () => {
  for (const token of [w.tokens.userNoDocs, w.tokens.paQ, w.tokens.gaG2, w.tokens.userQ]) {
    expect((await call(documents.createShareToken, { token, params: { uuid: doc } })).status).toBe(404);
    expect((await call(documents.listShareLinks, { token, params: { uuid: doc } })).status).toBe(404);
  }
});
