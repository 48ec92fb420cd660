import { beforeAll, describe, expect, test } from 'vitest';
import * as documents from '../../shared/contracts/documents';
import * as folders from '../../shared/contracts/folders';
import { call } from '../helpers/api';
import { tableAccess } from '../helpers/db';
import { objectExists } from '../helpers/storage';
import { buildDocumentsWorld, getManual, uploadSmall } from './documents-fixture';

/**
 * An upload whose name the folder already holds: 400 SAME_DATA as the spec says when the caller says nothing;
 * `on_conflict: 'replace'` gives the holder the new content, `'keep_both'` saves 'nombre (2).pdf'. Decided by one
 * transaction each (the name marker, the holder's version), so uploads at once never both take one name.
 */
let w: Awaited<ReturnType<typeof buildDocumentsWorld>>;
let folder: string;
const bytes = (text: string) => new TextEncoder().encode(`%PDF-1.4\n% ${text}\n%%EOF\n`);

beforeAll(async () => {
  w = await buildDocumentsWorld();
  const created = await call(folders.createFolderTemplate, {
    token: w.tokens.paP,
    body: { project: w.P, folder_name: 'Conflictos' },
  });
  expect(created.status).toBe(201);
  folder = created.body.uuid;
}, 180_000);

/** The stored record, read back with the functions' own data layer. */
async function record(uuid: string) {
  await tableAccess();
  const { getDocument } = await import('../../functions/lib/data/documents');
  return getDocument(uuid);
}

/** Whether the documents bucket holds a key (read with the AWS SDK, not the functions' client). */
/** The bytes a document's download gives (its presigned URL followed). */
async function content(uuid: string): Promise<string> {
  const answer = await getManual(`api/v1/documents/download/${uuid}/?type=attachment`, w.tokens.paP);
  const location = answer.headers.get('location');
  expect(location, `download of ${uuid}: ${answer.status}`).toBeTruthy();
  return (await fetch(location as string)).text();
}

/** A direct upload's start and file, stopping before its confirm. */
async function startDirect(name: string, data: Uint8Array<ArrayBuffer>, onConflict?: 'replace' | 'keep_both') {
  const start = await call(documents.createDocumentUpload, {
    token: w.tokens.paP,
    body: {
      society: w.S,
      folder,
      file_name: name,
      file_size: data.length,
      content_type: 'application/pdf',
      ...(onConflict && { on_conflict: onConflict }),
    },
  });
  expect(start.status, JSON.stringify(start.body)).toBe(201);
  const form = new FormData();
  for (const [k, v] of Object.entries(start.body.fields)) form.set(k, v);
  form.set('file', new Blob([data], { type: 'application/pdf' }), name);
  expect((await fetch(start.body.url, { method: 'POST', body: form })).status).toBeLessThan(300);
  return start.body.upload;
}
const confirm = (upload: string, body: { on_conflict?: 'replace' | 'keep_both' } = {}) =>
  call(documents.confirmDocumentUpload, { token: w.tokens.paP, params: { uuid: upload }, body });

const small = (name: string, data: Uint8Array<ArrayBuffer>, onConflict?: string) =>
  uploadSmall(w.tokens.paP, { society: w.S, folder, ...(onConflict && { on_conflict: onConflict }) }, name, data);

describe('a name the folder already holds', () => {
  test('without on_conflict: 400 SAME_DATA, both ways, as the spec says; a bad value is a 400 too', async () => {
    expect((await small('Sin opción.pdf', bytes('uno'))).status).toBe(201);
    const again = await small('sin opcion.PDF', bytes('dos'));
    expect(again).toMatchObject({ status: 400, body: { errors: { file: ['SAME_DATA'] } } });
    const direct = await confirm(await startDirect('Sin opción.pdf', bytes('tres')));
    expect(direct).toMatchObject({ status: 400, body: { errors: { file: ['SAME_DATA'] } } });
    const wrong = await small('Sin opción.pdf', bytes('cuatro'), 'overwrite');
    expect(wrong.status).toBe(400);
    expect(wrong.body.errors).toHaveProperty('on_conflict');
  });

  test("'keep_both' saves the next free number, by either way of uploading", async () => {
    const first = await small('Informe.pdf', bytes('uno'), 'keep_both');
    expect(first.body.file_name).toBe('Informe.pdf');
    const second = await small('Informe.pdf', bytes('dos'), 'keep_both');
    expect(second).toMatchObject({ status: 201, body: { file_name: 'Informe (2).pdf', document_name: 'Informe (2)' } });
    const third = await confirm(await startDirect('Informe.pdf', bytes('tres'), 'keep_both'));
    expect(third).toMatchObject({ status: 201, body: { file_name: 'Informe (3).pdf' } });
    expect(await content(second.body.uuid as string)).toContain('dos');
    expect(await content(first.body.uuid as string)).toContain('uno');
  });

  test("'replace' gives the holder the new content; the old object goes; a confirm sent again answers the same", async () => {
    const holder = await small('Balance.pdf', bytes('contenido antiguo'));
    expect(holder.status).toBe(201);
    const uuid = holder.body.uuid as string;
    const before = await record(uuid);

    const replaced = await small('balance.pdf', bytes('contenido nuevo, más largo'), 'replace');
    expect(replaced).toMatchObject({ status: 201, body: { uuid, file_name: 'Balance.pdf' } });
    const after = await record(uuid);
    expect(after?.version).toBe((before?.version ?? 0) + 1);
    expect(after?.size).toBe(bytes('contenido nuevo, más largo').length);
    expect(after?.key).not.toBe(before?.key);
    expect(await content(uuid)).toContain('contenido nuevo');
    expect(await objectExists(after?.key as string)).toBe(true);
    expect(await objectExists(before?.key as string)).toBe(false);

    // A large file: the confirm says SAME_DATA; sent again with 'replace' it replaces, with no second upload.
    const upload = await startDirect('Balance.pdf', bytes('tercera versión'));
    expect((await confirm(upload)).status).toBe(400);
    const viaConfirm = await confirm(upload, { on_conflict: 'replace' });
    expect(viaConfirm).toMatchObject({ status: 201, body: { uuid } });
    expect(await content(uuid)).toContain('tercera versión');
    expect(await confirm(upload)).toMatchObject({ status: 201, body: { uuid } });
    expect((await record(uuid))?.version).toBe((before?.version ?? 0) + 2);
  });

  test("'replace' of a document deleted meanwhile answers a clear error and stores nothing", async () => {
    const holder = await small('Borrador.pdf', bytes('uno'));
    const upload = await startDirect('Borrador.pdf', bytes('dos'));
    expect((await confirm(upload)).status).toBe(400);
    const removed = await call(documents.deleteDocument, {
      token: w.tokens.paP,
      params: { uuid: holder.body.uuid as string },
    });
    expect(removed.status).toBe(200);
    const late = await confirm(upload, { on_conflict: 'replace' });
    expect(late).toMatchObject({ status: 400, body: { errors: { file: ['REPLACED_DOCUMENT_GONE'] } } });
    expect(await record(upload)).toBeUndefined();
    const small2 = await small('Nunca existió.pdf', bytes('tres'), 'replace');
    expect(small2).toMatchObject({ status: 400, body: { errors: { file: ['REPLACED_DOCUMENT_GONE'] } } });
  });

  test('uploads at once: one name is taken once; keep-both ones all land under distinct names; replaces never both win on one version', async () => {
    const plain = await Promise.all([1, 2, 3].map((i) => small('Carrera.pdf', bytes(`carrera ${i}`))));
    expect(plain.filter((r) => r.status === 201)).toHaveLength(1);
    for (const r of plain.filter((r) => r.status !== 201)) {
      expect(r).toMatchObject({ status: 400, body: { errors: { file: ['SAME_DATA'] } } });
    }

    const both = await Promise.all([1, 2, 3].map((i) => small('Paralelo.pdf', bytes(`paralelo ${i}`), 'keep_both')));
    expect(both.map((r) => r.status)).toEqual([201, 201, 201]);
    expect(new Set(both.map((r) => r.body.file_name)).size).toBe(3);
    expect(both.map((r) => r.body.file_name).sort()).toEqual(['Paralelo (2).pdf', 'Paralelo (3).pdf', 'Paralelo.pdf']);

    const holder = await small('Reemplazo.pdf', bytes('base'));
    const uuid = holder.body.uuid as string;
    const start = (await record(uuid))?.version ?? 0;
    const replaces = await Promise.all([1, 2, 3].map((i) => small('Reemplazo.pdf', bytes(`versión ${i}`), 'replace')));
    const won = replaces.filter((r) => r.status === 201);
    expect(won.length).toBeGreaterThanOrEqual(1);
    for (const r of replaces.filter((r) => r.status !== 201)) {
      expect(r).toMatchObject({ status: 409, body: { code: 'DATA_CONFLICT' } });
    }
    // Each win moved the version once; the content is one of the uploads'.
    expect((await record(uuid))?.version).toBe(start + won.length);
    expect(await content(uuid)).toMatch(/versión [123]/);
  });
});
