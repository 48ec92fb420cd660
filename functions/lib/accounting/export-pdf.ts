import { getProject } from '../data/projects';
import type { SocietyRecord } from '../data/societies';
import { firmLogo } from '../firm-logo';
import { logger } from '../logger';
import { pdfResult } from '../pdf';
import { type PdfFont, type PdfImage, type PdfPage, type PdfWriter, rgb, SheetDocument } from '../pdf-writer';
import { chileanNumber, type ExportTable } from './export-table';

/**
 * The PDF of a statement (the portal's writer on pdf-lib's core, functions/lib/pdf-writer.ts; standard Helvetica:
 * WinAnsi covers Spanish): A4 landscape, the heading (society, period, basis, currency) on the first page, the table
 * header repeated on every page, amounts right-aligned in Chilean format.
 */
const WIDTH = 841.89;
const HEIGHT = 595.28;
const MARGIN = 36;
const SIZE = 8;
const ROW = 12;
/** The box the firm's logo is fitted into, at the first page's top right. */
const LOGO_WIDTH = 160;
const LOGO_HEIGHT = 48;

/** Characters outside WinAnsi would make pdf-lib throw; they are replaced rather than lost silently. */
const winAnsi = (text: string) => text.replace(/[^\x20-\x7E\xA0-\xFF€•–—‘’“”…]/g, '?');

function fitText(text: string, font: PdfFont, width: number): string {
  let value = winAnsi(text);
  while (value.length > 1 && font.widthOfTextAtSize(value, SIZE) > width) value = `${value.slice(0, -2)}…`;
  return value;
}

/**
 * A logo a PDF can show: PNG or JPEG, told by their first bytes (a firm may have uploaded an SVG or a WebP, which PDF
 * cannot draw). A file that is not what its bytes claim leaves the statement without a logo rather than unwritten.
 */
async function embedLogo(pdf: PdfWriter, bytes: Uint8Array): Promise<PdfImage | null> {
  const png = bytes[0] === 0x89 && bytes[1] === 0x50 && bytes[2] === 0x4e && bytes[3] === 0x47;
  const jpeg = bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff;
  try {
    if (png) return await pdf.embedPng(bytes);
    if (jpeg) return await pdf.embedJpg(bytes);
  } catch (error) {
    logger.warn('Firm logo not drawn on a statement', { reason: (error as Error).message });
  }
  return null;
}

/** The statement through a writer: pdf-writer.ts's in the functions (the unit test hands it pdf-lib's PDFDocument too). */
export async function renderPdf(
  table: ExportTable,
  pdf: PdfWriter = new SheetDocument(),
  logo: Uint8Array | null = null,
): Promise<Uint8Array> {
  pdf.setTitle(winAnsi(table.title));
  pdf.setLanguage('es-CL');
  pdf.setCreator('Portal');
  const regular = await pdf.embedFont('Helvetica');
  const bold = await pdf.embedFont('Helvetica-Bold');
  const totalWidth = table.columns.reduce((s, c) => s + c.width, 0);
  const widths = table.columns.map((c) => ((WIDTH - 2 * MARGIN) * c.width) / totalWidth);
  const xs = widths.map((_, i) => MARGIN + widths.slice(0, i).reduce((s, w) => s + w, 0));
  let page: PdfPage = pdf.addPage([WIDTH, HEIGHT]);
  let y = HEIGHT - MARGIN;

  const drawRow = (cells: Array<string | number | null>, font: PdfFont) => {
    cells.forEach((cell, i) => {
      if (cell === null) return;
      const width = (widths[i] as number) - 4;
      // A money column's amounts and its header both end at the column's right edge, so they line up.
      const rightAligned = table.columns[i]?.kind === 'money';
      const amount = rightAligned && typeof cell === 'number';
      const text = fitText(amount ? chileanNumber(cell, table.decimals) : String(cell), font, width);
      const x = rightAligned ? (xs[i] as number) + width - font.widthOfTextAtSize(text, SIZE) : (xs[i] as number);
      page.drawText(text, { x, y: y - SIZE, size: SIZE, font, color: rgb(0.1, 0.1, 0.1) });
    });
    y -= ROW;
  };
  const header = () => {
    drawRow(
      table.columns.map((c) => c.label),
      bold,
    );
    page.drawLine({
      start: { x: MARGIN, y: y + 2 },
      end: { x: WIDTH - MARGIN, y: y + 2 },
      thickness: 0.5,
      color: rgb(0.5, 0.5, 0.5),
    });
  };

  const image = logo && (await embedLogo(pdf, logo));
  if (image) {
    const ratio = Math.min(LOGO_WIDTH / image.width, LOGO_HEIGHT / image.height, 1);
    const [width, height] = [image.width * ratio, image.height * ratio];
    page.drawImage(image, { x: WIDTH - MARGIN - width, y: HEIGHT - MARGIN - height, width, height });
  }
  // Black, as PDFDocument's drawText fills text given no colour.
  page.drawText(winAnsi(table.title), { x: MARGIN, y: y - 14, size: 14, font: bold, color: rgb(0, 0, 0) });
  y -= 22;
  for (const line of table.heading) {
    page.drawText(winAnsi(line), { x: MARGIN, y: y - 9, size: 9, font: regular, color: rgb(0.3, 0.3, 0.3) });
    y -= 12;
  }
  y -= 8;
  header();
  for (const row of table.rows) {
    if (y - ROW < MARGIN) {
      page = pdf.addPage([WIDTH, HEIGHT]);
      y = HEIGHT - MARGIN;
      header();
    }
    drawRow(row.cells, row.bold ? bold : regular);
  }
  return pdf.save();
}

/**
 * The statement's PDF as the API's answer, with the logo of the society's firm: the logo is read while the statement
 * is computed.
 */
export async function statementPdf<Report>(
  society: SocietyRecord,
  report: Promise<Report>,
  tableOf: (report: Report) => ExportTable,
) {
  const logo = getProject(society.project_uuid)
    .then((project) => firmLogo(project?.logo))
    .catch(() => null);
  const table = tableOf(await report);
  const image = await logo;
  return pdfResult(await renderPdf(table, new SheetDocument(), image?.data ?? null), `${table.fileName}.pdf`);
}
