import { Badge } from '@aws-amplify/ui-react';
import { es } from '@shared/i18n/es';
import { formatRut } from '@shared/rut';
import { useParams } from 'react-router-dom';
import { EntityDetail, peopleItems } from '@/components/admin/entity-detail';
import { useGroup } from '@/features/groups/api/get-group';
import { fetchGroupPdf } from '@/features/groups/api/get-group-pdf';

const t = es.groupsAdmin;

/**
 * /admin/group/detail/{uuid} (admin-area §2): ID (short, with copy), description, project, societies, admins, group
 * users, society users, 'Imprimir info'.
 */
export function GroupDetailRoute() {
  const { uuid = '' } = useParams();
  return (
    <EntityDetail
      query={useGroup(uuid)}
      titleOf={(group) => group.group_name}
      fallbackTitle={es.pages.adminGroupDetail}
      list={{ label: t.title, to: '/admin/group' }}
      pdf={(group) => ({ fetchPdf: () => fetchGroupPdf(group.uuid), fileName: `grupo-${group.group_name}` })}
      fields={(group) => [
        { label: t.detail.description, value: group.group_description },
        { label: t.detail.project, value: <Badge size="small">{group.project.project_name}</Badge> },
      ]}
      lists={(group) => [
        {
          label: t.detail.societies,
          items: group.societies.map((society) => ({
            key: society.uuid,
            label: society.society_rut
              ? `${society.society_business_name} (${formatRut(society.society_rut)})`
              : society.society_business_name,
          })),
        },
        { label: t.detail.admins, items: peopleItems(group.admin_list) },
        { label: t.detail.groupUsers, items: peopleItems(group.user_group) },
        { label: t.detail.societyUsers, items: peopleItems(group.user_society) },
      ]}
    />
  );
}
