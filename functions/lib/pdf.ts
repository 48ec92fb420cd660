import { FileAnswer } from './file-answer';
import { type PdfFont, type PdfWriter, rgb, SheetDocument } from './pdf-writer';

/** A detail sheet: a title, labelled fields, and titled lists (the 'Imprimir info' PDFs of projects, groups, societies). */
export interface DetailSheet {
  title: string;
  subtitle?: string;
  fields: Array<[label: string, value: string | null | undefined]>;
  lists: Array<{ title: string; rows: string[]; empty?: string }>;
}

const MARGIN = 50;
const WIDTH = 595.28; // A4
const HEIGHT = 841.89;

/**
 * Lays the sheet out on A4 pages with the standard Helvetica fonts (WinAnsi covers Spanish: á, é, ñ, ¿, ¡), wrapping
 * long values and starting new pages as needed, through the portal's writer (pdf-writer.ts; the unit test hands it
 * pdf-lib's PDFDocument too).
 */
export async function renderDetailPdf(sheet: DetailSheet, pdf: PdfWriter = new SheetDocument()): Promise<Uint8Array> {
  pdf.setTitle(sheet.title);
  pdf.setLanguage('es-CL');
  pdf.setCreator('Portal');
  const regular = await pdf.embedFont('Helvetica');
  const bold = await pdf.embedFont('Helvetica-Bold');
  let page = pdf.addPage([WIDTH, HEIGHT]);
  let y = HEIGHT - MARGIN;

  const ensure = (height: number) => {
    if (y - height < MARGIN) {
      page = pdf.addPage([WIDTH, HEIGHT]);
      y = HEIGHT - MARGIN;
    }
  };
  const write = (text: string, font: PdfFont, size: number, x = MARGIN, color = rgb(0.1, 0.1, 0.1)) => {
    for (const line of wrap(safe(text), font, size, WIDTH - MARGIN - x)) {
      ensure(size + 4);
      page.drawText(line, { x, y: y - size, size, font, color });
      y -= size + 4;
    }
  };

  write(sheet.title, bold, 18);
  if (sheet.subtitle) write(sheet.subtitle, regular, 10, MARGIN, rgb(0.4, 0.4, 0.4));
  y -= 10;
  for (const [label, value] of sheet.fields) {
    write(label, bold, 10);
    write(value?.trim() ? value : '-', regular, 11, MARGIN + 10);
    y -= 4;
  }
  for (const list of sheet.lists) {
    y -= 8;
    write(list.title, bold, 13);
    if (list.rows.length === 0) write(list.empty ?? 'Sin registros', regular, 11, MARGIN + 10, rgb(0.4, 0.4, 0.4));
    for (const row of list.rows) write(`• ${row}`, regular, 11, MARGIN + 10);
  }
  return pdf.save();
}

/** Characters outside WinAnsi would make pdf-lib throw; they are replaced rather than lost silently. */
function safe(text: string): string {
  return text.replace(/[^\x20-\x7E\xA0-\xFF€•–—‘’“”…]/g, '?');
}

function wrap(text: string, font: PdfFont, size: number, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/)) {
    const candidate = line ? `${line} ${word}` : word;
    if (font.widthOfTextAtSize(candidate, size) <= width || !line) line = candidate;
    else {
      lines.push(line);
      line = word;
    }
  }
  if (line) lines.push(line);
  return lines;
}

/** The PDF as an API answer. */
export const pdfResult = (bytes: Uint8Array, fileName: string) => new FileAnswer(bytes, 'application/pdf', fileName);

/** dd-mm-yyyy, as Chilean users read dates. */
export function formatDate(iso: string): string {
  const date = new Date(iso);
  return date.toLocaleDateString('es-CL', { timeZone: 'America/Santiago' });
}
