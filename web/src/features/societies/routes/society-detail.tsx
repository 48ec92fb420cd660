import { es } from '@shared/i18n/es';
import { formatPhone } from '@shared/phone';
import { formatRut } from '@shared/rut';
import { useParams } from 'react-router-dom';
import { EntityDetail, peopleItems } from '@/components/admin/entity-detail';
import { useSociety } from '@/features/societies/api/get-society';
import { fetchSocietyPdf } from '@/features/societies/api/get-society-pdf';

const t = es.societiesAdmin;

/** The society's folder in the document manager (its level is kept in the search, as the manager keeps it). */
const societyFolder = (society: { uuid: string; group: { uuid: string }; project: { uuid: string } }) =>
  new URLSearchParams({ project: society.project.uuid, group: society.group.uuid, society: society.uuid }).toString();

/**
 * /admin/society/detail/{uuid} (admin-area §2): business line, RUT (or '-'), company code, address, phone, contact
 * e-mail, society e-mail, currency, group, society users, 'Imprimir info'.
 */
export function SocietyDetailRoute() {
  const { uuid = '' } = useParams();
  return (
    <EntityDetail
      query={useSociety(uuid)}
      titleOf={(society) => society.society_business_name}
      fallbackTitle={es.pages.adminSocietyDetail}
      list={{ label: t.title, to: '/admin/society' }}
      links={(society) => [
        { label: t.detail.documents, to: `/admin/documents/root?${societyFolder(society)}` },
        { label: t.detail.importAccounting, to: `/admin/accounting/import?society=${society.uuid}` },
        { label: t.detail.statements, to: '/admin/accounting' },
      ]}
      pdf={(society) => ({
        fetchPdf: () => fetchSocietyPdf(society.uuid),
        fileName: `sociedad-${society.society_business_name}`,
      })}
      fields={(society) => [
        { label: t.detail.businessLine, value: society.business_line },
        { label: t.detail.rut, value: formatRut(society.society_rut) },
        { label: t.detail.companyCode, value: society.company_code },
        { label: t.detail.industry, value: society.industry_type?.industry },
        { label: t.detail.address, value: society.society_address },
        { label: t.detail.phone, value: formatPhone(society.society_phone_number) },
        { label: t.detail.contactName, value: society.society_contact_name },
        { label: t.detail.contactEmail, value: society.society_contact_email },
        { label: t.detail.societyEmail, value: society.society_email },
        { label: t.detail.currency, value: society.currency },
        { label: t.detail.group, value: society.group.group_name },
        { label: t.detail.taxModule, value: society.tax_module === 'True' ? es.adminUi.yes : es.adminUi.no },
      ]}
      lists={(society) => [{ label: t.detail.users, items: peopleItems(society.user_list) }]}
    />
  );
}
