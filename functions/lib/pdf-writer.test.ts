import { PDFDocument, PDFName, PDFStream } from 'pdf-lib';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { brandLogo } from '../../local/brand-images';
import { pdfTextLines } from '../../test/helpers/pdf-text';
import { renderPdf } from './accounting/export-pdf';
import type { ExportTable } from './accounting/export-table';
import { type DetailSheet, renderDetailPdf } from './pdf';
import type { PdfWriter } from './pdf-writer';

/**
 * The portal's PDF writer (functions/lib/pdf-writer.ts) against pdf-lib's PDFDocument, which the detail
 * sheets and the accounting statements were drawn with before: the same layout through both gives the same bytes.
 * test/infra/bundling.test.ts renders a sheet and a statement bundled as the functions are.
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
      const theirs = await renderDetailPdf(sheet, (await PDFDocument.create()) as unknown as PdfWriter);
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

const statements: Record<string, ExportTable> = {
  'one page, pesos, Spanish and characters outside WinAnsi': {
    title: 'Estado de resultados — Minera Ñuñoa 😀',
    heading: ['Sociedad: Minera Ñuñoa SpA (76.123.456-7)', 'Período: Enero a Noviembre 2026', 'Base: devengado → ✓'],
    columns: [
      { label: 'Cuenta', kind: 'text', width: 3 },
      { label: 'Monto', kind: 'money', width: 1 },
    ],
    rows: [
      { cells: ['Ingresos de explotación', 1_190_000], bold: true },
      { cells: ['Costo de ventas “directo”', -845_300] },
      { cells: ['Sin monto', null] },
      { cells: ['Resultado ¿Año? ¡Sí!', 344_700], bold: true },
    ],
    decimals: 0,
    fileName: 'estado-resultados',
  },
  'several pages, dollars, the header repeated and long names cut': {
    title: 'Balance de 8 columnas',
    heading: ['Sociedad: Minera Ñuñoa SpA (76.123.456-7)', 'Período: Noviembre 2026', 'Moneda: USD'],
    columns: [
      { label: 'Cuenta', kind: 'text', width: 1.2 },
      { label: 'Nombre', kind: 'text', width: 3 },
      ...['Débitos', 'Créditos', 'Deudor', 'Acreedor', 'Activo', 'Pasivo', 'Pérdida', 'Ganancia'].map((label) => ({
        label,
        kind: 'money' as const,
        width: 1.3,
      })),
    ],
    rows: Array.from({ length: 130 }, (_, i) => ({
      cells: [
        `1.1.${i}`,
        `Cuenta número ${i} de una sociedad con un nombre muy, muy largo que no cabe en su columna`,
        ...Array.from({ length: 8 }, (_, k) => ((i + k) % 3 === 0 ? null : (i * 1190.5 - k * 77_000.25) * (k + 1))),
      ],
      bold: i % 10 === 0,
    })),
    decimals: 2,
    fileName: 'balance-8-columnas',
  },
};

describe('statement writer', () => {
  for (const [name, table] of Object.entries(statements)) {
    it(`writes the bytes pdf-lib's PDFDocument writes: ${name}`, async () => {
      const ours = await renderPdf(table);
      const theirs = await renderPdf(table, (await PDFDocument.create()) as unknown as PdfWriter);
      expect(Buffer.from(ours).equals(Buffer.from(theirs))).toBe(true);
      const doc = await PDFDocument.load(ours);
      expect(doc.getTitle()).toBe(table.title.replace('😀', '??'));
      expect(doc.getCreator()).toBe('Portal');
      expect(doc.getCreationDate()).toEqual(NOW);
      expect(doc.catalog.get(doc.context.obj('Lang'))?.toString()).toBe('(es-CL)');
      expect(await pdfTextLines(ours)).toEqual(expect.arrayContaining(table.columns.map((column) => column.label)));
    });
  }

  it("writes the bytes pdf-lib's PDFDocument writes with a firm's PNG logo, transparency kept", async () => {
    const table = statements['one page, pesos, Spanish and characters outside WinAnsi'] as ExportTable;
    const logo = brandLogo({
      words: ['ANDES', 'AUDITORES'],
      primary: '#1d4ed8',
      secondary: '#f59e0b',
      mark: 'mountains',
    });
    const ours = await renderPdf(table, undefined, logo);
    const theirs = await renderPdf(table, (await PDFDocument.create()) as unknown as PdfWriter, logo);
    expect(Buffer.from(ours).equals(Buffer.from(theirs))).toBe(true);
    const doc = await PDFDocument.load(ours);
    const images = doc.context
      .enumerateIndirectObjects()
      .filter(
        ([, object]) => object instanceof PDFStream && object.dict.get(PDFName.of('Subtype')) === PDFName.of('Image'),
      );
    // The logo and its alpha channel as a soft mask.
    expect(images).toHaveLength(2);
  });

  it('starts new pages as the statement needs, in A4 landscape', async () => {
    const table = statements['several pages, dollars, the header repeated and long names cut'] as ExportTable;
    const bytes = await renderPdf(table);
    const doc = await PDFDocument.load(bytes);
    expect(doc.getPageCount()).toBe(4);
    for (const page of doc.getPages()) expect(page.getSize()).toEqual({ width: 841.89, height: 595.28 });
    // The table header on every page.
    const lines = await pdfTextLines(bytes);
    expect(lines.filter((line) => line === 'Acreedor')).toHaveLength(4);
  });
});
