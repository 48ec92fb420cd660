import { PDFDocument } from 'pdf-lib';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type DetailSheet, type DetailWriter, renderDetailPdf } from '../../functions/lib/pdf';
import { pdfTextLines } from '../helpers/pdf-text';

/**
 * The detail sheets' writer (functions/lib/pdf-writer.ts, issue 9) against pdf-lib's PDFDocument, which the sheets
 * were drawn with before: the same layout through both gives the same bytes. test/infra/bundling.test.ts renders a
 * sheet bundled as the functions are.
 */
const NOW = new Date('2026-11-23T15:04:05Z');

beforeEach(() => {
  // The Info dictionary dates the document; only Date is faked (pdf-lib's writer waits on real timers).
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOW);
});
afterEach(() => {
  vi.useRealTimers();
});

const sheets: Record<string, DetailSheet> = {
  'one page, Spanish, empty values and lists': {
    title: 'Sociedad Minera Ñuñoa SpA',
    subtitle: 'Generado el 23-11-2026',
    fields: [
      ['RUT', '76.123.456-7'],
      ['Teléfono', '+56 9 1234 5678'],
      ['Correo', null],
      ['Giro', '   '],
      ['Fuera de WinAnsi', 'ok 😀 → ✓ tab\tsalto\nfin ¿Año? ¡Sí! “kern” — AV Tj…'],
    ],
    lists: [
      { title: 'Usuarios', rows: [], empty: 'Sin usuarios' },
      { title: 'Administradores', rows: [] },
    ],
  },
  'several pages, wrapped values and an unbreakable word': {
    title: `Proyecto ${'Contadores Andes '.repeat(6)}`,
    fields: [
      ['Dirección', 'Avenida Libertador Bernardo O’Higgins 1449, oficina 1203, Santiago de Chile. '.repeat(8)],
      ['URL del portal', `https://${'x'.repeat(140)}.example.cl`],
    ],
    lists: [
      {
        title: 'Grupos',
        rows: Array.from({ length: 70 }, (_, i) => `Grupo ${i} de la zona ${i % 2 ? 'norte' : 'sur'}`),
      },
      {
        title: 'Administradores',
        rows: Array.from({ length: 40 }, (_, i) => `María José Pérez ${i} (mj${i}@example.cl)`),
      },
    ],
  },
};

describe('detail sheet writer', () => {
  for (const [name, sheet] of Object.entries(sheets)) {
    it(`writes the bytes pdf-lib's PDFDocument writes: ${name}`, async () => {
      const ours = await renderDetailPdf(sheet);
      const theirs = await renderDetailPdf(sheet, (await PDFDocument.create()) as unknown as DetailWriter);
      expect(Buffer.from(ours).equals(Buffer.from(theirs))).toBe(true);
      const doc = await PDFDocument.load(ours);
      expect(doc.getTitle()).toBe(sheet.title);
      expect(doc.getCreator()).toBe('Portal');
      expect(doc.getCreationDate()).toEqual(NOW);
      expect(doc.catalog.get(doc.context.obj('Lang'))?.toString()).toBe('(es-CL)');
      expect(await pdfTextLines(ours)).toEqual(expect.arrayContaining(sheet.fields.map(([label]) => label)));
    });
  }

  it('starts new pages as the sheet needs', async () => {
    const doc = await PDFDocument.load(
      await renderDetailPdf(sheets['several pages, wrapped values and an unbreakable word'] as DetailSheet),
    );
    expect(doc.getPageCount()).toBe(3);
    for (const page of doc.getPages()) expect(page.getSize()).toEqual({ width: 595.28, height: 841.89 });
  });
});
