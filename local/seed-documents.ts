import { PDFDocument, StandardFonts } from 'pdf-lib';
import { uploadSmallDocument } from '../functions/documents/documents';
import { createTemplate } from '../functions/folders/templates';
import type { Caller } from '../functions/lib/auth/caller';

/**
 * Demo documents, so the document screens are not empty on a fresh `npm start`: the template folders of
 * "Contadores Andes", a few real one-page PDFs (made with pdf-lib) in Minera Atacama's folders and tax forms. Runs
 * through the same domain functions as the API (sizes, feeds and notifications as an upload leaves them).
 */
async function pdf(title: string, lines: string[]): Promise<Buffer> {
  const document = await PDFDocument.create();
  document.setTitle(title);
  const page = document.addPage([595, 842]);
  const font = await document.embedFont(StandardFonts.Helvetica);
  const bold = await document.embedFont(StandardFonts.HelveticaBold);
  page.drawText(title, { x: 50, y: 780, size: 20, font: bold });
  lines.forEach((line, i) => {
    page.drawText(line, { x: 50, y: 740 - i * 18, size: 12, font });
  });
  return Buffer.from(await document.save());
}

export async function seedDocuments(
  system: Caller,
  ids: { project: string; society: string; otherSociety: string },
): Promise<void> {
  const folder = async (folder_name: string, main_folder?: string) =>
    (await createTemplate(system, { project: ids.project, folder_name, main_folder })).uuid;
  const accounting = await folder('Contabilidad');
  const balances = await folder('Balances', accounting);
  const contracts = await folder('Contratos');
  await folder('Remuneraciones');

  const upload = async (
    society: string,
    place: { folder?: string; form?: 'F22' | 'F29' | 'F50'; year?: number },
    name: string,
    lines: string[],
  ) =>
    uploadSmallDocument(system, { society, ...place }, [
      {
        field: 'file',
        filename: name,
        contentType: 'application/pdf',
        data: await pdf(name.replace(/\.pdf$/, ''), lines),
        truncated: false,
      },
    ]);
  const year = new Date().getUTCFullYear();
  await upload(ids.society, { folder: balances }, `Balance general ${year - 1}.pdf`, [
    'Minera Atacama SpA',
    `Balance general al 31 de diciembre de ${year - 1}`,
    'Documento de demostración del portal.',
  ]);
  await upload(ids.society, { folder: accounting }, 'Informe de gestión.pdf', [
    'Resumen de la gestión contable del año.',
  ]);
  await upload(ids.society, { folder: contracts }, 'Contrato de prestación de servicios.pdf', [
    'Contrato entre Contadores Andes y Minera Atacama SpA.',
  ]);
  await upload(ids.society, { form: 'F29', year }, `F29 enero ${year}.pdf`, ['Declaración mensual de IVA (F29).']);
  await upload(ids.society, { form: 'F22', year: year - 1 }, `F22 Año Tributario ${year}.pdf`, [
    'Declaración anual de impuesto a la renta (F22).',
  ]);
  await upload(ids.otherSociety, { folder: accounting }, 'Balance de comprobación.pdf', ['Comercial Norte Ltda.']);
  // Uploaded through the API's path: feeds complete, no backfill needed on later starts.
}
