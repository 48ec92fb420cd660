import { beforeAll, describe, expect, test } from 'vitest';
import * as documents from '../../shared/contracts/documents';
import * as folders from '../../shared/contracts/folders';
import { call } from '../helpers/api';
import { tableAccess } from '../helpers/db';
import { buildDocumentsWorld, getManual, uploadDirect, uploadSmall } from './documents-fixture';

/**
 * Documents that must not run, as an attacker inside a firm would try it: an admin uploads an HTML page or an SVG with script
 * (declaring whatever type the browser says), a colleague or a client opens it with 'Ver'. The file must never come
 * back as something a browser runs: only PDF, images other than SVG and plain text are served inline, with their own
 * type; everything else is an attachment as application/octet-stream, whatever was declared or stored.
 */
let w: Awaited<ReturnType<typeof buildDocumentsWorld>>;
let folder: string;
const encode = (text: string) => new TextEncoder().encode(text);
const HTML = encode(
  '<!doctype html><html><body><script>if (window.opener) window.opener.location = "https://login.example/"</script>' +
    '<p>Factura</p></body></html>',
);
const SVG = encode(
  '<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" width="10" height="10">' +
    '<script>window.opener && (window.opener.location = "https://login.example/")</script><rect width="10"/></svg>',
);
const PDF = encode('%PDF-1.4\n% factura\n%%EOF\n');
const PNG = new Uint8Array([
  ...[0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a],
  ...[0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52, 0, 0, 0, 1, 0, 0, 0, 1, 8, 6, 0, 0, 0, 0x1f, 0x15, 0xc4, 0x89],
]);
const TEXT = encode('Notas de la reunión: balance 2024, año tributario 2025.\n');

beforeAll(async () => {
  w = await buildDocumentsWorld();
  const created = await call(folders.createFolderTemplate, {
    token: w.tokens.paP,
    body: { project: w.P, folder_name: 'Adjuntos' },
  });
  expect(created.status).toBe(201);
  folder = created.body.uuid;
}, 180_000);

/** What 'Ver' (inline) or 'Descargar' (attachment) gives the browser: the link's answer headers and bytes. */
async function opened(uuid: string, type: 'inline' | 'attachment' = 'inline', token = w.tokens.user) {
  const answer = await call(documents.downloadDocument, { token, params: { uuid }, query: { type, format: 'json' } });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  const file = await fetch(answer.body.link);
  expect(file.status).toBe(200);
  return {
    type: file.headers.get('content-type'),
    disposition: file.headers.get('content-disposition') ?? '',
    bytes: new Uint8Array(await file.arrayBuffer()),
  };
}

const place = () => ({ society: w.S, folder });

describe('a hostile upload is never served as something that runs', () => {
  test("an .html page uploaded through the form and opened with 'Ver' comes back as an attachment, not text/html", async () => {
    const uploaded = await uploadSmall(w.tokens.paP, place(), 'factura.html', HTML, 'text/html');
    expect(uploaded.status, JSON.stringify(uploaded.body)).toBe(201);
    expect(uploaded.body.content_type).toBe('application/octet-stream');
    const seen = await opened(uploaded.body.uuid as string);
    expect(seen.type).toBe('application/octet-stream');
    expect(seen.disposition).toMatch(/^attachment;/);
    expect(seen.bytes).toEqual(HTML);
  });

  test("an SVG with script uploaded straight to the bucket and opened with 'Ver' is an attachment", async () => {
    const confirmed = await uploadDirect(w.tokens.paP, place(), 'logo.svg', SVG, 'image/svg+xml');
    expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(201);
    expect(confirmed.body.content_type).toBe('application/octet-stream');
    const seen = await opened(confirmed.body.uuid);
    expect(seen.type).toBe('application/octet-stream');
    expect(seen.disposition).toMatch(/^attachment;/);
  });

  test('an HTML page named .pdf and declared application/pdf is not served as a PDF, nor as HTML', async () => {
    const direct = await uploadDirect(w.tokens.paP, place(), 'boleta.pdf', HTML, 'application/pdf');
    expect(direct.status).toBe(201);
    const small = await uploadSmall(w.tokens.paP, place(), 'boleta 2.pdf', HTML, 'application/pdf');
    expect(small.status).toBe(201);
    for (const uuid of [direct.body.uuid, small.body.uuid as string]) {
      const seen = await opened(uuid);
      expect(seen.type).toBe('application/octet-stream');
      expect(seen.disposition).toMatch(/^attachment;/);
    }
  });

  test('an HTML page declared text/plain and named .txt opens only as plain text', async () => {
    const uploaded = await uploadDirect(w.tokens.paP, place(), 'nota.txt', HTML, 'text/plain');
    expect(uploaded.status).toBe(201);
    const seen = await opened(uploaded.body.uuid);
    // Plain text is on the allow-list; with nosniff no browser renders it as HTML (and S3 cannot add nosniff, so
    // text that looks like markup is not trusted inline at all).
    expect(seen.type).toBe('application/octet-stream');
    expect(seen.disposition).toMatch(/^attachment;/);
  });

  test('a share link of an HTML document gives an attachment as application/octet-stream', async () => {
    const uploaded = await uploadSmall(w.tokens.paP, place(), 'compartida.html', HTML, 'text/html');
    expect(uploaded.status).toBe(201);
    const minted = await call(documents.createShareToken, {
      token: w.tokens.paP,
      params: { uuid: uploaded.body.uuid as string },
    });
    expect(minted.status).toBe(200);
    const redirect = await getManual(`api/v1/documents/share/download/?token=${minted.body.token}`);
    expect(redirect.status).toBe(302);
    const file = await fetch(redirect.headers.get('location') as string);
    expect(file.headers.get('content-type')).toBe('application/octet-stream');
    expect(file.headers.get('content-disposition')).toMatch(/^attachment;/);
  });

  test('a document stored earlier with the browser’s text/html is served safely all the same', async () => {
    const uploaded = await uploadSmall(w.tokens.paP, place(), 'antigua.pdf', HTML, 'application/pdf');
    expect(uploaded.status).toBe(201);
    const uuid = uploaded.body.uuid as string;
    // As the item of an upload from before the fix holds it: the type the browser declared.
    for (const [stored, name] of [
      ['text/html', 'antigua.html'],
      ['image/svg+xml', 'antigua.svg'],
      ['text/html', 'antigua.pdf'],
      ['application/pdf', 'antigua.html'],
    ] as const) {
      const { dynamo, lib, tableName } = await tableAccess();
      await dynamo.send(
        new lib.UpdateCommand({
          TableName: tableName,
          Key: { pk: `DOCUMENT#${uuid}`, sk: 'DOCUMENT' },
          UpdateExpression: 'SET content_type = :t, file_name = :n',
          ExpressionAttributeValues: { ':t': stored, ':n': name },
        }),
      );
      const seen = await opened(uuid);
      expect(seen.type, `${stored} ${name}`).toBe('application/octet-stream');
      expect(seen.disposition, `${stored} ${name}`).toMatch(/^attachment;/);
    }
  });
});

describe('what may open in the browser still does', () => {
  test('a PDF, a PNG and plain text open inline with their own type; a download is an attachment', async () => {
    const pdf = await uploadDirect(w.tokens.paP, place(), 'Declaración Año 2024.pdf', PDF, 'application/pdf');
    // The browser may declare nothing useful: the bytes and the name decide.
    const png = await uploadSmall(w.tokens.paP, place(), 'firma.png', PNG, 'application/octet-stream');
    const txt = await uploadDirect(w.tokens.paP, place(), 'notas.txt', TEXT, '');
    expect([pdf.status, png.status, txt.status]).toEqual([201, 201, 201]);
    expect(pdf.body.content_type).toBe('application/pdf');
    expect(png.body.content_type).toBe('image/png');
    expect(txt.body.content_type).toBe('text/plain; charset=utf-8');

    const shown = await opened(pdf.body.uuid);
    expect(shown.type).toBe('application/pdf');
    expect(shown.disposition).toMatch(/^inline;/);
    expect(shown.disposition).toContain("filename*=UTF-8''Declaraci%C3%B3n%20A%C3%B1o%202024.pdf");
    const image = await opened(png.body.uuid as string);
    expect([image.type, image.disposition.split(';')[0]]).toEqual(['image/png', 'inline']);
    const text = await opened(txt.body.uuid);
    expect([text.type, text.disposition.split(';')[0]]).toEqual(['text/plain; charset=utf-8', 'inline']);
    expect(new TextDecoder().decode(text.bytes)).toContain('reunión');

    const saved = await opened(pdf.body.uuid, 'attachment');
    expect([saved.type, saved.disposition.split(';')[0]]).toEqual(['application/pdf', 'attachment']);
  });

  test('a PDF named .txt is not shown as text: an attachment as application/octet-stream', async () => {
    const uploaded = await uploadDirect(w.tokens.paP, place(), 'informe.txt', PDF, 'text/plain');
    expect(uploaded.status).toBe(201);
    const seen = await opened(uploaded.body.uuid);
    expect([seen.type, seen.disposition.split(';')[0]]).toEqual(['application/octet-stream', 'attachment']);
  });
});

describe('the API tells browsers not to sniff', () => {
  test('JSON answers, refusals and redirects carry X-Content-Type-Options: nosniff', async () => {
    const list = await getManual('api/v1/documents/notification/', w.tokens.user);
    const refused = await getManual(`api/v1/documents/download/${crypto.randomUUID()}/`, w.tokens.user);
    const uploaded = await uploadSmall(w.tokens.paP, place(), 'redirigida.pdf', PDF);
    const redirect = await getManual(`api/v1/documents/download/${uploaded.body.uuid}/?type=inline`, w.tokens.paP);
    expect([list.status, refused.status, redirect.status]).toEqual([200, 404, 302]);
    for (const answer of [list, refused, redirect]) {
      expect(answer.headers.get('x-content-type-options')).toBe('nosniff');
    }
  });
});
