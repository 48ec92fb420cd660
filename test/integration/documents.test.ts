import { beforeAll, describe, expect, test } from 'vitest';
import * as documents from '../../shared/contracts/documents';
import * as folders from '../../shared/contracts/folders';
import * as societies from '../../shared/contracts/societies';
import { call } from '../helpers/api';
import { buildDocumentsWorld, getManual, uploadSmall } from './documents-fixture';

/**
 * End to end through the local gateway, DynamoDB Local and s3rver: templates, folder levels, both upload
 * ways, list, download (with its name), rename, delete, sizes, notifications, the template-delete guard and the
 * society group-change conflict.
 */
let w: Awaited<ReturnType<typeof buildDocumentsWorld>>;
let folder: string;
let subfolder: string;
const PDF = new TextEncoder().encode('%PDF-1.4\n% documento de prueba\n%%EOF\n');
const NAME = 'Declaración Año 2024.pdf';

beforeAll(async () => {
  w = await buildDocumentsWorld();
  const created = await call(folders.createFolderTemplate, {
    token: w.tokens.paP,
    body: { project: w.P, folder_name: 'Contabilidad' },
  });
  expect(created.status).toBe(201);
  folder = created.body.uuid;
  const child = await call(folders.createFolderTemplate, {
    token: w.tokens.paP,
    body: { project: w.P, folder_name: 'Balances', main_folder: folder },
  });
  expect(child.status).toBe(201);
  subfolder = child.body.uuid;
}, 180_000);

describe('template folders', () => {
  test('list a level with its path; a sibling with the same name is refused', async () => {
    const top = await call(folders.listFolderTemplates, { token: w.tokens.paP, query: { project: w.P } });
    expect(top.status).toBe(200);
    expect(top.body.folder_template_list.map((t) => t.folder_name)).toEqual(['Contabilidad']);
    const inside = await call(folders.listFolderTemplates, {
      token: w.tokens.paP,
      query: { project: w.P, folder },
    });
    expect(inside.body.folder_template_list.map((t) => t.uuid)).toEqual([subfolder]);
    expect(inside.body.root_directory.map((t) => t.folder_name)).toEqual(['Contabilidad']);
    const twin = await call(folders.createFolderTemplate, {
      token: w.tokens.paP,
      body: { project: w.P, folder_name: 'contabilidad' },
    });
    expect(twin.status).toBe(400);
    expect(twin.body.errors).toEqual({ folder_name: ['SAME_DATA'] });
    const slash = await call(folders.createFolderTemplate, {
      token: w.tokens.paP,
      body: { project: w.P, folder_name: 'a/b' },
    });
    expect(slash.status).toBe(400);
  });

  test('rename, and another project cannot touch them', async () => {
    const temp = await call(folders.createFolderTemplate, {
      token: w.tokens.paP,
      body: { project: w.P, folder_name: 'Temporal' },
    });
    const renamed = await call(folders.patchFolderTemplate, {
      token: w.tokens.paP,
      params: { uuid: temp.body.uuid },
      body: { folder_name: 'Temporal 2' },
    });
    expect(renamed.status).toBe(200);
    expect(renamed.body.folder_name).toBe('Temporal 2');
    for (const token of [w.tokens.paQ, w.tokens.gaG]) {
      const patch = await call(folders.patchFolderTemplate, {
        token,
        params: { uuid: temp.body.uuid },
        body: { folder_name: 'Intruso' },
      });
      expect(patch.status).toBe(404);
      expect((await call(folders.deleteFolderTemplate, { token, params: { uuid: temp.body.uuid } })).status).toBe(404);
    }
    const gone = await call(folders.deleteFolderTemplate, { token: w.tokens.paP, params: { uuid: temp.body.uuid } });
    expect(gone.status).toBe(200);
  });
});

describe('folder levels', () => {
  test('project › group › society › folders and the tax panel', async () => {
    const root = await call(folders.listFolders, { token: w.tokens.paP });
    expect(root.body.results.map((r) => r.uuid)).toEqual([w.P]);
    const project = await call(folders.listFolders, { token: w.tokens.paP, query: { project: w.P } });
    expect(project.body.results.map((r) => r.uuid).sort()).toEqual([w.G, w.G2].sort());
    // A GROUP_ADMIN sees only its group in the project.
    const asGroupAdmin = await call(folders.listFolders, { token: w.tokens.gaG, query: { project: w.P } });
    expect(asGroupAdmin.body.results.map((r) => r.uuid)).toEqual([w.G]);
    const group = await call(folders.listFolders, { token: w.tokens.paP, query: { group: w.G } });
    expect(group.body.results.map((r) => r.uuid)).toEqual([w.S]);
    const society = await call(folders.listFolders, { token: w.tokens.paP, query: { society: w.S } });
    expect(society.body.results.map((r) => [r.name, r.type])).toEqual([
      ['Contabilidad', 'folder'],
      ['Formularios tributarios', 'taxAdmin'],
    ]);
    expect(society.body.root_directory.map((c) => c.depth)).toEqual([1, 2, 3]);
    expect(society.body.can_upload).toBe(false);
  });

  test('tax forms F22, F29, F50 and their years from 2017 to now, ascending', async () => {
    const forms = await call(folders.listTaxFolders, { token: w.tokens.paP, query: { society: w.S } });
    expect(forms.body.results.map((r) => [r.name, r.type])).toEqual([
      ['F22', 'taxFormAdmin'],
      ['F29', 'taxFormAdmin'],
      ['F50', 'taxFormAdmin'],
    ]);
    const years = await call(folders.listTaxFolders, { token: w.tokens.paP, query: { society: w.S, form: 'F29' } });
    const current = new Date().getUTCFullYear();
    expect(years.body.results.map((r) => r.name)).toEqual(
      Array.from({ length: current - 2016 }, (_, i) => String(2017 + i)),
    );
    expect(years.body.results.every((r) => r.type === 'taxFormYearAdmin')).toBe(true);
  });
});

describe('documents: both uploads → list → download → rename → delete', () => {
  let small: string;
  let direct: string;

  test('multipart upload of a small file', async () => {
    const answer = await uploadSmall(w.tokens.paP, { society: w.S, folder }, NAME, PDF);
    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    expect(answer.body.document_name).toBe('Declaración Año 2024');
    expect(answer.body.document_size).toBe(PDF.length);
    small = answer.body.uuid as string;
    // The same name again in that folder, an empty file, an unknown folder: clear 400s.
    expect((await uploadSmall(w.tokens.paP, { society: w.S, folder }, NAME, PDF)).status).toBe(400);
    const empty = await uploadSmall(w.tokens.paP, { society: w.S, folder }, 'vacio.pdf', new Uint8Array());
    expect(empty.status).toBe(400);
    const unknown = await uploadSmall(w.tokens.paP, { society: w.S, folder: crypto.randomUUID() }, 'x.pdf', PDF);
    expect(unknown.status).toBe(400);
    expect(unknown.body.errors).toEqual({ folder: ['FORMAT_ERROR'] });
  });

  test('direct upload: presigned POST, then confirm (the document exists only after)', async () => {
    const content = new Uint8Array(300_000).map((_, i) => i % 251);
    const start = await call(documents.createDocumentUpload, {
      token: w.tokens.paP,
      body: {
        society: w.S,
        folder: subfolder,
        file_name: 'Balance general.pdf',
        file_size: content.length,
        content_type: 'application/pdf',
      },
    });
    expect(start.status, JSON.stringify(start.body)).toBe(201);
    // Before the object exists, confirming is refused and writes nothing.
    const early = await call(documents.confirmDocumentUpload, {
      token: w.tokens.paP,
      params: { uuid: start.body.upload },
    });
    expect(early.status).toBe(400);
    expect(early.body.errors).toEqual({ file: ['UPLOAD_MISSING'] });
    const form = new FormData();
    for (const [k, v] of Object.entries(start.body.fields)) form.set(k, v);
    form.set('file', new Blob([content], { type: 'application/pdf' }), 'Balance general.pdf');
    const posted = await fetch(start.body.url, { method: 'POST', body: form });
    expect(posted.status).toBeLessThan(300);
    // Only the admin who started it may confirm it.
    const other = await call(documents.confirmDocumentUpload, {
      token: w.tokens.sa,
      params: { uuid: start.body.upload },
    });
    expect(other.status).toBe(404);
    const confirmed = await call(documents.confirmDocumentUpload, {
      token: w.tokens.paP,
      params: { uuid: start.body.upload },
    });
    expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(201);
    expect(confirmed.body.document_size).toBe(content.length);
    direct = confirmed.body.uuid;
    // Sent again (its answer lost on the way), the confirm answers the same document: nothing is made twice.
    const again = await call(documents.confirmDocumentUpload, {
      token: w.tokens.paP,
      params: { uuid: start.body.upload },
    });
    expect(again.status).toBe(201);
    expect(again.body).toEqual(confirmed.body);
  });

  test('bad direct uploads: over 100 MB, a path in the name', async () => {
    const big = await call(documents.createDocumentUpload, {
      token: w.tokens.paP,
      body: { society: w.S, folder, file_name: 'grande.pdf', file_size: 100 * 1024 * 1024 + 1 },
    });
    expect(big.status).toBe(400);
    const path = await call(documents.createDocumentUpload, {
      token: w.tokens.paP,
      body: { society: w.S, folder, file_name: '../otro/x.pdf', file_size: 10 },
    });
    expect(path.status).toBe(400);
    expect(path.body.errors).toEqual({ file_name: ['FORMAT_ERROR'] });
  });

  test('lists show real sizes, folder sizes include subfolders', async () => {
    const inFolder = await call(folders.listFolders, { token: w.tokens.paP, query: { society: w.S, folder } });
    expect(inFolder.body.can_upload).toBe(true);
    expect(inFolder.body.results.map((r) => [r.name, r.type])).toEqual([
      ['Balances', 'folder'],
      [NAME, 'file'],
    ]);
    expect(inFolder.body.results[0]?.size).toBe(300_000);
    // With the project and group the screens send (one read), the same answer; a wrong project is a 404.
    const named = await call(folders.listFolders, {
      token: w.tokens.paP,
      query: { project: w.P, group: w.G, society: w.S, folder },
    });
    expect(named.body).toEqual(inFolder.body);
    const wrong = await call(folders.listFolders, {
      token: w.tokens.paP,
      query: { project: w.Q, society: w.S, folder },
    });
    expect(wrong.status).toBe(404);
    const top = await call(folders.listFolders, { token: w.tokens.paP, query: { society: w.S } });
    expect(top.body.results.find((r) => r.uuid === folder)?.size).toBe(300_000 + PDF.length);
    const searched = await call(folders.listFolders, {
      token: w.tokens.paP,
      query: { society: w.S, folder, search: 'declaracion ano' },
    });
    expect(searched.body.results.map((r) => r.uuid)).toEqual([small]);
  });

  test('project and group rows show their sizes too (kept in the upload transaction)', async () => {
    const total = 300_000 + PDF.length;
    const sizesAt = async (query: Record<string, string>) => {
      const answer = await call(folders.listFolders, { token: w.tokens.paP, query });
      expect(answer.status).toBe(200);
      return new Map(answer.body.results.map((r) => [r.uuid, r.size]));
    };
    expect((await sizesAt({})).get(w.P)).toBe(total);
    const groupsOfP = await sizesAt({ project: w.P });
    expect(groupsOfP.get(w.G)).toBe(total);
    expect(groupsOfP.get(w.G2)).toBe(0);
    expect((await sizesAt({ project: w.P, group: w.G })).get(w.S)).toBe(total);
    // Another project's admin sees its own project at 0, never P's figures.
    const q = await call(folders.listFolders, { token: w.tokens.paQ, query: {} });
    expect(q.body.results.map((r) => [r.uuid, r.size])).toEqual([[w.Q, 0]]);
  });

  test('download: a one-minute presigned GET with the name intact; ?token= works on this route', async () => {
    const redirect = await getManual(`api/v1/documents/download/${small}/?type=attachment`, w.tokens.paP);
    expect(redirect.status).toBe(302);
    const location = redirect.headers.get('location') as string;
    expect(new URL(location).searchParams.get('X-Amz-Expires')).toBe('60');
    const file = await fetch(location);
    expect(file.status).toBe(200);
    expect(new Uint8Array(await file.arrayBuffer())).toEqual(PDF);
    const disposition = file.headers.get('content-disposition') ?? '';
    expect(disposition).toContain('attachment;');
    expect(disposition).toContain("filename*=UTF-8''Declaraci%C3%B3n%20A%C3%B1o%202024.pdf");
    const inline = await call(documents.downloadDocument, {
      token: w.tokens.paP,
      params: { uuid: small },
      query: { type: 'inline', format: 'json' },
    });
    expect((await fetch(inline.body.link)).headers.get('content-disposition')).toMatch(/^inline;/);
    const byQuery = await getManual(`api/v1/documents/download/${small}/?type=inline&token=${w.tokens.paP}`);
    expect(byQuery.status).toBe(302);
    // Only this route takes the token in the query.
    const elsewhere = await getManual(`api/v1/folders/list?token=${w.tokens.paP}`);
    expect(elsewhere.status).toBe(401);
  });

  test('rename keeps the extension; an existing name is refused', async () => {
    const renamed = await call(documents.patchDocument, {
      token: w.tokens.paP,
      params: { uuid: small },
      body: { document_name: 'Declaración renta' },
    });
    expect(renamed.status).toBe(200);
    expect(renamed.body.file_name).toBe('Declaración renta.pdf');
    const second = await uploadSmall(w.tokens.paP, { society: w.S, folder }, 'Otro.pdf', PDF);
    const clash = await call(documents.patchDocument, {
      token: w.tokens.paP,
      params: { uuid: second.body.uuid as string },
      body: { document_name: 'declaración RENTA' },
    });
    expect(clash.status).toBe(400);
    expect(clash.body.errors).toEqual({ document_name: ['SAME_DATA'] });
    expect(
      (await call(documents.deleteDocument, { token: w.tokens.paP, params: { uuid: second.body.uuid as string } }))
        .status,
    ).toBe(200);
  });

  test('the user of the society sees, downloads and is notified; without documentation: 404', async () => {
    const root = await call(folders.listUserFolders, { token: w.tokens.user });
    expect(root.body.results.map((r) => [r.uuid, r.type])).toEqual([[w.S, 'userFolder']]);
    const inFolder = await call(folders.listUserFolders, { token: w.tokens.user, query: { society: w.S, folder } });
    expect(inFolder.body.results.map((r) => r.type)).toEqual(['folderList', 'file_user']);
    const link = await call(documents.downloadDocument, {
      token: w.tokens.user,
      params: { uuid: small },
      query: { format: 'json' },
    });
    expect(link.status).toBe(200);
    const notes = await call(documents.listNotifications, { token: w.tokens.user });
    expect(notes.status).toBe(200);
    const names = notes.body.results.map((n) => [n.title, n.document_name, n.folder.uuid]);
    expect(names).toContainEqual(['Archivo añadido', 'Declaración renta', folder]);
    expect(names).toContainEqual(['Archivo añadido', 'Balance general', subfolder]);
    // Newest first.
    const times = notes.body.results.map((n) => n.created);
    expect([...times].sort().reverse()).toEqual(times);
    expect(notes.body.unread).toBe(notes.body.count);
    await call(documents.markNotificationsRead, { token: w.tokens.user, body: { notification: direct } });
    expect((await call(documents.listNotifications, { token: w.tokens.user })).body.unread).toBe(notes.body.count - 1);
    await call(documents.markNotificationsRead, { token: w.tokens.user, body: {} });
    expect((await call(documents.listNotifications, { token: w.tokens.user })).body.unread).toBe(0);

    expect((await call(folders.listUserFolders, { token: w.tokens.userNoDocs })).status).toBe(404);
    const refused = await call(documents.downloadDocument, {
      token: w.tokens.userNoDocs,
      params: { uuid: small },
      query: { format: 'json' },
    });
    expect(refused.status).toBe(404);
    expect((await call(documents.listNotifications, { token: w.tokens.userNoDocs })).body.count).toBe(0);
  });

  test('other tenants get 404 for the document, its folder and its society', async () => {
    for (const token of [w.tokens.paQ, w.tokens.gaG2, w.tokens.userQ]) {
      const uuid = { uuid: small };
      expect((await call(documents.downloadDocument, { token, params: uuid, query: { format: 'json' } })).status).toBe(
        404,
      );
      expect((await call(documents.createShareToken, { token, params: uuid })).status).toBe(404);
      expect((await call(documents.listShareLinks, { token, params: uuid })).status).toBe(404);
      expect((await call(folders.listUserFolders, { token, query: { society: w.S, folder } })).status).toBe(404);
      expect((await call(folders.listUserTaxFolders, { token, query: { society: w.S } })).status).toBe(404);
    }
    for (const token of [w.tokens.paQ, w.tokens.gaG2]) {
      const uuid = { uuid: small };
      expect((await call(documents.patchDocument, { token, params: uuid, body: { document_name: 'x' } })).status).toBe(
        404,
      );
      expect((await call(documents.deleteDocument, { token, params: uuid })).status).toBe(404);
      expect((await call(folders.listFolders, { token, query: { society: w.S, folder } })).status).toBe(404);
      expect((await call(folders.listTaxFolders, { token, query: { society: w.S } })).status).toBe(404);
      expect((await uploadSmall(token, { society: w.S, folder }, 'intruso.pdf', PDF)).status).toBe(404);
    }
    // A user cannot manage even its own society's documents.
    expect((await call(documents.deleteDocument, { token: w.tokens.user, params: { uuid: small } })).status).toBe(403);
    // The document is untouched.
    expect(
      (
        await call(documents.downloadDocument, {
          token: w.tokens.paP,
          params: { uuid: small },
          query: { format: 'json' },
        })
      ).status,
    ).toBe(200);
  });

  test('template delete guard and the group-change conflict while files exist', async () => {
    const guarded = await call(folders.deleteFolderTemplate, { token: w.tokens.paP, params: { uuid: folder } });
    expect(guarded.status).toBe(400);
    expect(guarded.body.code).toBe('TEMPLATE_HAS_FILES');
    const move = await call(societies.patchSociety, {
      token: w.tokens.paP,
      params: { uuid: w.S },
      body: { group: w.G2 },
    });
    expect(move.status).toBe(409);
    expect(move.body.code).toBe('GROUP_CHANGE_CONFLICT');
    const still = await call(societies.getSociety, { token: w.tokens.paP, params: { uuid: w.S } });
    expect(still.body.group.uuid).toBe(w.G);
  });

  test('delete removes item and object; sizes fall; then the template and the move are allowed', async () => {
    const link = (
      await call(documents.downloadDocument, {
        token: w.tokens.paP,
        params: { uuid: small },
        query: { format: 'json' },
      })
    ).body.link;
    for (const uuid of [small, direct]) {
      expect((await call(documents.deleteDocument, { token: w.tokens.paP, params: { uuid } })).status).toBe(200);
      expect(
        (await call(documents.downloadDocument, { token: w.tokens.paP, params: { uuid }, query: { format: 'json' } }))
          .status,
      ).toBe(404);
    }
    expect((await fetch(link)).status).toBe(404);
    const top = await call(folders.listFolders, { token: w.tokens.paP, query: { society: w.S } });
    expect(top.body.results.find((r) => r.uuid === folder)?.size).toBe(0);
    // The project's and the group's rows fall with it.
    const groupRows = await call(folders.listFolders, { token: w.tokens.paP, query: { project: w.P } });
    expect(groupRows.body.results.find((r) => r.uuid === w.G)?.size).toBe(0);
    const societyRows = await call(folders.listFolders, { token: w.tokens.paP, query: { project: w.P, group: w.G } });
    expect(societyRows.body.results.find((r) => r.uuid === w.S)?.size).toBe(0);
    expect((await call(folders.deleteFolderTemplate, { token: w.tokens.paP, params: { uuid: folder } })).status).toBe(
      200,
    );
    const move = await call(societies.patchSociety, {
      token: w.tokens.paP,
      params: { uuid: w.S },
      body: { group: w.G2 },
    });
    expect(move.status, JSON.stringify(move.body)).toBe(200);
  });

  test('a society holding documents is not deleted (409 SOCIETY_HAS_DOCUMENTS); once empty it is', async () => {
    const own = await call(folders.createFolderTemplate, {
      token: w.tokens.paP,
      body: { project: w.P, folder_name: 'Cierre anual' },
    });
    expect(own.status).toBe(201);
    const upload = await uploadSmall(w.tokens.paP, { society: w.S2, folder: own.body.uuid }, 'Balance.pdf', PDF);
    expect(upload.status, JSON.stringify(upload.body)).toBe(201);
    const refused = await call(societies.deleteSociety, { token: w.tokens.paP, params: { uuid: w.S2 } });
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe('SOCIETY_HAS_DOCUMENTS');
    expect((await call(societies.getSociety, { token: w.tokens.paP, params: { uuid: w.S2 } })).status).toBe(200);
    const removed = await call(documents.deleteDocument, {
      token: w.tokens.paP,
      params: { uuid: String(upload.body.uuid) },
    });
    expect(removed.status).toBe(200);
    expect((await call(societies.deleteSociety, { token: w.tokens.paP, params: { uuid: w.S2 } })).status).toBe(200);
  });
});
