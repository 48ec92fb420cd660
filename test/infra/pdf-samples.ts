import { PDFDocument, StandardFonts } from 'pdf-lib';
import { renderPdf } from '../../functions/lib/accounting/export-pdf';
import { renderDetailPdf } from '../../functions/lib/pdf';
import { brandLogo } from '../../local/brand-images';

/**
 * The portal's two PDF layouts and pdf-lib's text measures on Spanish samples. test/infra/bundling.test.ts runs this
 * module twice: bundled as the functions are (with the stand-ins of infra/bundling-stubs/) and as is (the packages
 * themselves), and compares the answers.
 */
const TEXTS = ['Sociedad Minera Ñuñoa SpA', '¿Año? ¡Sí! Pérdida acreedor', '1.190.000,50', 'WAVE AV Tj — “kern” …'];

export async function pdfSamples() {
  const doc = await PDFDocument.create();
  const fonts = [await doc.embedFont(StandardFonts.Helvetica), await doc.embedFont(StandardFonts.HelveticaBold)];
  let timesRoman = 'embedded';
  await doc.embedFont(StandardFonts.TimesRoman).catch((error: Error) => {
    timesRoman = error.message;
  });
  const detail = await renderDetailPdf({
    title: 'Sociedad Minera Ñuñoa SpA',
    subtitle: 'Generado el 23-11-2026',
    fields: [
      ['RUT', '76.123.456-7'],
      [
        'Dirección',
        'Avenida Libertador Bernardo O’Higgins 1449, oficina 1203, Santiago de Chile, Región Metropolitana',
      ],
      ['Teléfono', '+56 9 1234 5678'],
      ['Correo', null],
    ],
    lists: [
      { title: 'Usuarios', rows: ['María José Pérez (mj@example.cl)', 'Iñaki Muñoz (im@example.cl)'] },
      { title: 'Administradores', rows: [] },
    ],
  });
  const statement = await renderPdf(
    {
      title: 'Balance de 8 columnas',
      heading: ['Sociedad: Minera Ñuñoa SpA (76.123.456-7)', 'Período: Noviembre 2026'],
      columns: [
        { label: 'Cuenta', kind: 'text', width: 1.2 },
        { label: 'Nombre', kind: 'text', width: 3 },
        { label: 'Débitos', kind: 'money', width: 1.3 },
        { label: 'Créditos', kind: 'money', width: 1.3 },
      ],
      // Enough rows for a second page, with the table header repeated.
      rows: Array.from({ length: 60 }, (_, i) => ({
        cells: [
          `1.1.${i}`,
          `Cuenta número ${i} de una sociedad con un nombre muy, muy largo que no cabe`,
          i * 1190.5,
          null,
        ],
        bold: i % 10 === 0,
      })),
      decimals: 2,
      fileName: 'balance',
    },
    // The firm's logo: a PNG with transparency, through the bundled PNG decoder.
    undefined,
    brandLogo({ words: ['CONTADORES', 'ANDES'], primary: '#005A9F', secondary: '#F2A900', mark: 'mountains' }),
  );
  return {
    widths: fonts.flatMap((font) => TEXTS.flatMap((text) => [8, 11].map((size) => font.widthOfTextAtSize(text, size)))),
    heights: fonts.map((font) => font.heightAtSize(11)),
    timesRoman,
    detail: Buffer.from(detail).toString('base64'),
    statement: Buffer.from(statement).toString('base64'),
  };
}
