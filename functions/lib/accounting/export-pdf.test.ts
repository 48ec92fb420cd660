import { describe, expect, test } from 'vitest';
import type { PdfFont, PdfPage, PdfWriter } from '../pdf-writer';
import { renderPdf } from './export-pdf';
import type { ExportTable } from './export-table';

/** A writer that keeps where each text was drawn (a width of 5 points per character is enough to compare edges). */
function recordingWriter() {
  const drawn: Array<{ text: string; x: number; right: number; y: number }> = [];
  const font: PdfFont = { widthOfTextAtSize: (text) => text.length * 5 };
  const page: PdfPage = {
    drawText: (text, { x, y }) => void drawn.push({ text, x, right: x + text.length * 5, y }),
    drawLine: () => {},
  };
  const writer: PdfWriter = {
    setTitle: () => {},
    setLanguage: () => {},
    setCreator: () => {},
    embedFont: () => font,
    addPage: () => page,
    save: async () => new Uint8Array(),
  };
  return { writer, drawn };
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
