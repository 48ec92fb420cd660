import { getGroupPdf } from '../../shared/contracts/groups';
import { httpHandler } from '../lib/http/http-handler';
import { formatDate, pdfResult, renderDetailPdf } from '../lib/pdf';
import { getGroupDetail } from './groups';

const people = (list: Array<{ first_name: string; last_name: string; email: string }>) =>
  list.map((p) => `${p.first_name} ${p.last_name} (${p.email})`);

/** GET api/v1/groups/detail/pdf/{uuid}/: the detail sheet of 'Imprimir info'. */
export const handler = httpHandler(getGroupPdf, async ({ caller, params }) => {
  const group = await getGroupDetail(caller, params.uuid);
  const pdf = await renderDetailPdf({
    title: `Grupo ${group.group_name}`,
    subtitle: `Generado el ${formatDate(new Date().toISOString())}`,
    fields: [
      ['ID', group.uuid],
      ['Descripción', group.group_description],
      ['Proyecto', group.project.project_name],
      ['Estado', group.enable ? 'Habilitado' : 'Deshabilitado'],
      ['Fecha de creación', formatDate(group.created)],
    ],
    lists: [
      {
        title: 'Sociedades',
        rows: group.societies.map((s) => `${s.society_business_name}${s.society_rut ? ` (${s.society_rut})` : ''}`),
        empty: 'Sin sociedades',
      },
      { title: 'Administradores', rows: people(group.admin_list), empty: 'Sin administradores' },
      { title: 'Usuarios de grupo', rows: people(group.user_group), empty: 'Sin usuarios' },
      { title: 'Usuarios de sociedad', rows: people(group.user_society), empty: 'Sin usuarios' },
    ],
  });
  return pdfResult(pdf, `grupo-${group.uuid.slice(0, 8)}.pdf`);
});
