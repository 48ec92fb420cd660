import { Badge } from '@aws-amplify/ui-react';
import { es } from '@shared/i18n/es';
import { formatRut } from '@shared/rut';
import { useParams } from 'react-router-dom';
import { DetailField, DetailList, DetailPage } from '@/components/admin/detail';
import { personLabel } from '@/components/admin/format';
import { PrintInfoButton } from '@/components/admin/print-info-button';
import { ShortId } from '@/components/admin/short-id';
import { StatusBadge } from '@/components/admin/status-badge';
import { useGroup } from '@/features/groups/api/get-group';
import { fetchGroupPdf } from '@/features/groups/api/get-group-pdf';

const t = es.groupsAdmin;

const people = (list: ReadonlyArray<{ uuid: string; first_name: string; last_name: string; email: string }>) =>
  list.map((person) => ({ key: person.uuid, label: personLabel(person) }));

/**
 * /admin/group/detail/{uuid} (admin-area §2): ID (short, with copy), description, project, societies, admins, group
 * users, society users, 'Imprimir info'.
 */
export function GroupDetailRoute() {
  const { uuid = '' } = useParams();
  const { data, error, isPending: loading } = useGroup(uuid);
  const title = data?.group_name ?? es.pages.adminGroupDetail;
  return (
    <DetailPage
      title={title}
      crumbs={[{ label: t.title, to: '/admin/group' }, { label: title }]}
      loading={loading}
      error={error}
      actions={
        data ? (
          <PrintInfoButton fetchPdf={() => fetchGroupPdf(data.uuid)} fileName={`grupo-${data.group_name}`} />
        ) : null
      }
    >
      {data ? (
        <>
          <DetailField label={es.adminUi.id}>
            <ShortId id={data.uuid} />
          </DetailField>
          <DetailField label={t.detail.description}>{data.group_description}</DetailField>
          <DetailField label={t.detail.project}>
            <Badge size="small">{data.project.project_name}</Badge>
          </DetailField>
          <DetailField label={es.adminUi.status}>
            <StatusBadge enabled={data.enable} />
          </DetailField>
          <DetailField label={t.detail.societies}>
            <DetailList
              items={data.societies.map((society) => ({
                key: society.uuid,
                label: society.society_rut
                  ? `${society.society_business_name} (${formatRut(society.society_rut)})`
                  : society.society_business_name,
              }))}
            />
          </DetailField>
          <DetailField label={t.detail.admins}>
            <DetailList items={people(data.admin_list)} />
          </DetailField>
          <DetailField label={t.detail.groupUsers}>
            <DetailList items={people(data.user_group)} />
          </DetailField>
          <DetailField label={t.detail.societyUsers}>
            <DetailList items={people(data.user_society)} />
          </DetailField>
        </>
      ) : null}
    </DetailPage>
  );
}
