import { getGroupPdf } from '../../shared/contracts/groups';
import { detailPdf } from '../../shared/i18n/es/server';
import { formatRut } from '../../shared/rut';
import { httpHandler } from '../lib/http/http-handler';
import { formatDate, pdfResult, renderDetailPdf } from '../lib/pdf';
import { getGroupDetail } from './groups';

const t = detailPdf.group;
const people = (list: Array<{ first_name: string; last_name: string; email: string }>) =>
  list.map((p) => `${p.first_name} ${p.last_name} (${p.email})`);

/** GET api/v1/groups/detail/pdf/{uuid}/: the detail sheet of 'Imprimir info'. */
export const handler = httpHandler(getGroupPdf, async ({ caller, params }) => {
  const group = await getGroupDetail(caller, params.uuid);
  const pdf = await renderDetailPdf({
    title: t.title(group.group_name),
    subtitle: `${t.kind} · ${detailPdf.generatedOn(formatDate(new Date().toISOString()))}`,
    fields: [
      [t.id, group.uuid],
      [t.description, group.group_description],
      [t.project, group.project.project_name],
      [t.state, group.enable ? detailPdf.enabled : detailPdf.disabled],
      [t.created, formatDate(group.created)],
    ],
    lists: [
      {
        title: t.societies,
        rows: group.societies.map(
          (s) => `${s.society_business_name}${s.society_rut ? ` (${formatRut(s.society_rut)})` : ''}`,
        ),
        empty: t.noSocieties,
      },
      { title: t.admins, rows: people(group.admin_list), empty: detailPdf.noAdmins },
      { title: t.groupUsers, rows: people(group.user_group), empty: detailPdf.noUsers },
      { title: t.societyUsers, rows: people(group.user_society), empty: detailPdf.noUsers },
    ],
  });
  return pdfResult(pdf, `grupo-${group.uuid.slice(0, 8)}.pdf`);
});
