import { getSocietyPdf } from '../../shared/contracts/societies';
import { httpHandler } from '../lib/http/http-handler';
import { formatDate, pdfResult, renderDetailPdf } from '../lib/pdf';
import { getSocietyDetail } from './societies';

/** GET api/v1/societies/detail/pdf/{uuid}/: the detail sheet of 'Imprimir info'. */
export const handler = httpHandler(getSocietyPdf, async ({ caller, params }) => {
  const society = await getSocietyDetail(caller, params.uuid);
  const pdf = await renderDetailPdf({
    title: society.society_business_name,
    subtitle: `Generado el ${formatDate(new Date().toISOString())}`,
    fields: [
      ['ID', society.uuid],
      ['Giro', society.business_line],
      ['RUT', society.society_rut],
      ['Código de empresa', society.company_code],
      ['Rubro', society.industry_type?.industry],
      ['Dirección', society.society_address],
      ['Teléfono', society.society_phone_number],
      ['Nombre de contacto', society.society_contact_name],
      ['Correo de contacto', society.society_contact_email],
      ['Correo de la sociedad', society.society_email],
      ['Moneda', society.currency],
      ['Módulo tributario', society.tax_module === 'True' ? 'Sí' : 'No'],
      ['Grupo', society.group.group_name],
      ['Proyecto', society.project.project_name],
      ['Estado', society.enable ? 'Habilitado' : 'Deshabilitado'],
    ],
    lists: [
      {
        title: 'Usuarios de la sociedad',
        rows: society.user_list.map((u) => `${u.first_name} ${u.last_name} (${u.email})`),
        empty: 'Sin usuarios',
      },
    ],
  });
  return pdfResult(pdf, `sociedad-${society.uuid.slice(0, 8)}.pdf`);
});
