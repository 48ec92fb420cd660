import { describe, expect, test } from 'vitest';
import { png } from '../../../local/brand-images';
import type { PdfFont, PdfImage, PdfPage, PdfWriter } from '../pdf-writer';
import { renderPdf } from './export-pdf';
import type { ExportTable } from './export-table';

/** A writer that keeps where each text was drawn (a width of 5 points per character is enough to compare edges). */
function recordingWriter() {
  const drawn: Array<{ text: string; x: number; right: number; y: number }> = [];
  const images: Array<{ x: number; y: number; width: number; height: number }> = [];
  const font: PdfFont = { widthOfTextAtSize: (text) => text.length * 5 };
  const page: PdfPage = {
    drawText: (text, { x, y }) => void drawn.push({ text, x, right: x + text.length * 5, y }),
    drawLine: () => {},
    drawImage: (_image, box) => void images.push(box),
  };
  // A 400 × 100 image, whatever its bytes (the bytes' format is checked before the writer is asked).
  const image: PdfImage = { width: 400, height: 100 };
  const writer: PdfWriter = {
    setTitle: () => {},
    setLanguage: () => {},
    setCreator: () => {},
    embedFont: () => font,
    embedPng: async () => image,
    embedJpg: async () => image,
    addPage: () => page,
    save: async () => new Uint8Array(),
  };
  return { writer, drawn, images };
}

const table: ExportTable = {
  title: 'Balance de 8 columnas',
  heading: ['Minera Atacama SpA'],
  columns: [
    { label: 'Cuenta', kind: 'text', width: 3 },
    { label: 'Débitos', kind: 'money', width: 1 },
    { label: 'Créditos', kind: 'money', width: 1 },
  ],
  rows: [{ cells: ['Caja', 1_190_000, 300_000] }, { cells: ['Total', 12_345_678, 9], bold: true }],
  decimals: 0,
  fileName: 'balance',
};

describe('a statement PDF', () => {
  test('a money column’s header ends where its amounts end; a text column starts where its cells start', async () => {
    const { writer, drawn } = recordingWriter();
    await renderPdf(table, writer);
    const at = (text: string) => drawn.find((d) => d.text === text);
    for (const [label, amounts] of [
      ['Débitos', ['1.190.000', '12.345.678']],
      ['Créditos', ['300.000', '9']],
    ] as const) {
      const header = at(label);
      expect(header, label).toBeDefined();
      for (const amount of amounts) expect(at(amount)?.right, amount).toBeCloseTo(header?.right as number, 6);
    }
    expect(at('Caja')?.x).toBeCloseTo(at('Cuenta')?.x as number, 6);
  });
});

describe('the firm logo on a statement PDF', () => {
  const logo = png(4, 4, () => [20, 40, 200, 255]);

  test('is fitted, proportions kept, into the top right of the first page, beside the title', async () => {
    const { writer, drawn, images } = recordingWriter();
    await renderPdf(table, writer, logo);
    // 400 × 100 into 160 × 48: the width binds (0.4), so 160 × 40, its right edge on the right margin.
    expect(images).toEqual([{ x: 841.89 - 36 - 160, y: 595.28 - 36 - 40, width: 160, height: 40 }]);
    const title = drawn.find((d) => d.text === table.title);
    expect(title?.right).toBeLessThan(images[0]?.x as number);
  });

  test('is left out when the firm has none, or its bytes are no PNG nor JPEG (an SVG, a WebP)', async () => {
    for (const bytes of [null, new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg"/>')]) {
      const { writer, drawn, images } = recordingWriter();
      await renderPdf(table, writer, bytes);
      expect(images).toEqual([]);
      expect(drawn.some((d) => d.text === 'Caja')).toBe(true);
    }
  });

  test('a broken PNG leaves the statement without a logo, not unwritten', async () => {
    const broken = logo.subarray(0, 40);
    const bytes = await renderPdf(table, undefined, broken);
    expect(new TextDecoder().decode(bytes.subarray(0, 5))).toBe('%PDF-');
    expect(new TextDecoder('latin1').decode(bytes)).not.toContain('/Subtype /Image');
  });
});
