import { Button, Flex } from '@aws-amplify/ui-react';
import { es } from '@shared/i18n/es';
import { formatPhone } from '@shared/phone';
import { formatRut } from '@shared/rut';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { DetailField, DetailList, DetailPage } from '@/components/admin/detail';
import { personLabel } from '@/components/admin/format';
import { PrintInfoButton } from '@/components/admin/print-info-button';
import { ShortId } from '@/components/admin/short-id';
import { StatusBadge } from '@/components/admin/status-badge';
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
  const { data, error, isPending: loading } = useSociety(uuid);
  const title = data?.society_business_name ?? es.pages.adminSocietyDetail;
  return (
    <DetailPage
      title={title}
      crumbs={[{ label: t.title, to: '/admin/society' }, { label: title }]}
      loading={loading}
      error={error}
      actions={
        data ? (
          <Flex gap="small" wrap="wrap">
            <Button as={RouterLink} size="small" to={`/admin/documents/root?${societyFolder(data)}`}>
              {t.detail.documents}
            </Button>
            <Button as={RouterLink} size="small" to={`/admin/accounting/import?society=${data.uuid}`}>
              {t.detail.importAccounting}
            </Button>
            <Button as={RouterLink} size="small" to="/admin/accounting">
              {t.detail.statements}
            </Button>
            <PrintInfoButton
              fetchPdf={() => fetchSocietyPdf(data.uuid)}
              fileName={`sociedad-${data.society_business_name}`}
            />
          </Flex>
        ) : null
      }
    >
      {data ? (
        <>
          <DetailField label={es.adminUi.id}>
            <ShortId id={data.uuid} />
          </DetailField>
          <DetailField label={t.detail.businessLine}>{data.business_line}</DetailField>
          <DetailField label={t.detail.rut}>{formatRut(data.society_rut)}</DetailField>
          <DetailField label={t.detail.companyCode}>{data.company_code}</DetailField>
          <DetailField label={t.detail.industry}>{data.industry_type?.industry}</DetailField>
          <DetailField label={t.detail.address}>{data.society_address}</DetailField>
          <DetailField label={t.detail.phone}>{formatPhone(data.society_phone_number)}</DetailField>
          <DetailField label={t.detail.contactName}>{data.society_contact_name}</DetailField>
          <DetailField label={t.detail.contactEmail}>{data.society_contact_email}</DetailField>
          <DetailField label={t.detail.societyEmail}>{data.society_email}</DetailField>
          <DetailField label={t.detail.currency}>{data.currency}</DetailField>
          <DetailField label={t.detail.group}>{data.group.group_name}</DetailField>
          <DetailField label={t.detail.taxModule}>
            {data.tax_module === 'True' ? es.adminUi.yes : es.adminUi.no}
          </DetailField>
          <DetailField label={es.adminUi.status}>
            <StatusBadge enabled={data.enable} />
          </DetailField>
          <DetailField label={t.detail.users}>
            <DetailList items={data.user_list.map((user) => ({ key: user.uuid, label: personLabel(user) }))} />
          </DetailField>
        </>
      ) : null}
    </DetailPage>
  );
}
