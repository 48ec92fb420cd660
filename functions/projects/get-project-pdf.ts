import { getProjectPdf } from '../../shared/contracts/projects';
import { detailPdf } from '../../shared/i18n/es/server';
import { httpHandler } from '../lib/http/http-handler';
import { formatDate, pdfResult, renderDetailPdf } from '../lib/pdf';
import { getProjectSheet } from './projects';

const t = detailPdf.project;

/** GET api/v1/projects/detail/pdf/{uuid}/: the detail sheet of 'Imprimir info'. */
export const handler = httpHandler(getProjectPdf, async ({ params }) => {
  const project = await getProjectSheet(params.uuid);
  const pdf = await renderDetailPdf({
    title: t.title(project.project_name),
    subtitle: detailPdf.generatedOn(formatDate(new Date().toISOString())),
    fields: [
      [t.id, project.uuid],
      [t.client, project.client_name],
      [t.associatedService, project.associated_service_description],
      [t.service, project.service_description],
      [t.created, formatDate(project.created)],
      [t.state, project.enable ? detailPdf.enabled : detailPdf.disabled],
      [t.portalUrl, project.custom_portal_url],
      [t.ownSite, project.url_own_site],
      [t.contactEmail, project.contact_email],
      [t.contactPhone, project.phoneDisplay],
    ],
    lists: [
      { title: t.groups, rows: project.group_list.map((g) => g.group_name), empty: t.noGroups },
      {
        title: t.admins,
        rows: project.admin_list.map((a) => `${a.first_name} ${a.last_name} (${a.email})`),
        empty: detailPdf.noAdmins,
      },
    ],
  });
  return pdfResult(pdf, `proyecto-${project.uuid.slice(0, 8)}.pdf`);
});
