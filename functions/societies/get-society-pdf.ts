import { getSocietyPdf } from '../../shared/contracts/societies';
import { detailPdf } from '../../shared/i18n/es/server';
import { formatRut } from '../../shared/rut';
import { httpHandler } from '../lib/http/http-handler';
import { formatDate, pdfResult, renderDetailPdf } from '../lib/pdf';
import { getSocietySheet } from './societies';

const t = detailPdf.society;

/** GET api/v1/societies/detail/pdf/{uuid}/: the detail sheet of 'Imprimir info'. */
export const handler = httpHandler(getSocietyPdf, async ({ caller, params }) => {
  const society = await getSocietySheet(caller, params.uuid);
  const pdf = await renderDetailPdf({
    title: society.society_business_name,
    subtitle: detailPdf.generatedOn(formatDate(new Date().toISOString())),
    fields: [
      [t.id, society.uuid],
      [t.businessLine, society.business_line],
      [t.rut, formatRut(society.society_rut)],
      [t.companyCode, society.company_code],
      [t.industry, society.industry_type?.industry],
      [t.address, society.society_address],
      [t.phone, society.phoneDisplay],
      [t.contactName, society.society_contact_name],
      [t.contactEmail, society.society_contact_email],
      [t.societyEmail, society.society_email],
      [t.currency, society.currency],
      [t.taxModule, society.tax_module === 'True' ? detailPdf.yes : detailPdf.no],
      [t.group, society.group.group_name],
      [t.project, society.project.project_name],
      [t.state, society.enable ? detailPdf.enabled : detailPdf.disabled],
    ],
    lists: [
      {
        title: t.users,
        rows: society.user_list.map((u) => `${u.first_name} ${u.last_name} (${u.email})`),
        empty: detailPdf.noUsers,
      },
    ],
  });
  return pdfResult(pdf, `sociedad-${society.uuid.slice(0, 8)}.pdf`);
});
