import { getProjectPdf } from '../../shared/contracts/projects';
import { httpHandler } from '../lib/http/http-handler';
import { formatDate, pdfResult, renderDetailPdf } from '../lib/pdf';
import { getProjectDetail } from './projects';

/** GET api/v1/projects/detail/pdf/{uuid}/: the detail sheet of 'Imprimir info'. */
export const handler = httpHandler(getProjectPdf, async ({ params }) => {
  const project = await getProjectDetail(params.uuid);
  const pdf = await renderDetailPdf({
    title: `Proyecto ${project.project_name}`,
    subtitle: `Generado el ${formatDate(new Date().toISOString())}`,
    fields: [
      ['ID', project.uuid],
      ['Cliente', project.client_name],
      ['Descripción del servicio asociado', project.associated_service_description],
      ['Descripción del servicio', project.service_description],
      ['Fecha de creación', formatDate(project.created)],
      ['Estado', project.enable ? 'Habilitado' : 'Deshabilitado'],
      ['URL del portal', project.custom_portal_url],
      ['Sitio propio', project.url_own_site],
      ['Correo de contacto', project.contact_email],
      ['Teléfono de contacto', project.contact_phone],
    ],
    lists: [
      { title: 'Grupos', rows: project.group_list.map((g) => g.group_name), empty: 'Sin grupos' },
      {
        title: 'Administradores',
        rows: project.admin_list.map((a) => `${a.first_name} ${a.last_name} (${a.email})`),
        empty: 'Sin administradores',
      },
    ],
  });
  return pdfResult(pdf, `proyecto-${project.uuid.slice(0, 8)}.pdf`);
});
