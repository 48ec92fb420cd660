import { Button } from '@aws-amplify/ui-react';
import { ACCOUNTING_TYPE_NUMBER } from '@shared/contracts/accounting-assignments';
import { es } from '@shared/i18n/es';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { DetailField, DetailList, DetailPage } from '@/components/admin/detail';
import { formatDate } from '@/components/admin/format';
import { RoleBadges } from '@/components/assignments/role-badges';
import { useAssignment } from '@/features/accounting/api/assignment-api';

const t = es.accountingAssignmentsAdmin;
const a = es.assignmentsAdmin;

/** /admin/accounting/detail/{uuid} (portal §2): read-only. */
export function AssignmentDetailRoute() {
  const { uuid = '' } = useParams();
  const { data: item, error, isPending } = useAssignment(uuid);
  const named = (list: Array<{ uuid: string; name: string }>) => list.map((x) => ({ key: x.uuid, label: x.name }));
  return (
    <DetailPage
      title={t.detailTitle}
      crumbs={[{ label: t.title, to: '/admin/accounting' }, { label: t.detailTitle }]}
      loading={isPending}
      error={error}
      actions={
        // What the assignment's users see: the statement itself, with the admin's own scope of societies.
        item ? (
          <Button
            as={RouterLink}
            size="small"
            to={`/accounting/${ACCOUNTING_TYPE_NUMBER[item.accounting_type]}/${item.uuid}`}
          >
            {t.openStatement}
          </Button>
        ) : null
      }
    >
      {item ? (
        <>
          <DetailField label={a.menuName}>{item.menu_name}</DetailField>
          <DetailField label={t.accountingType}>{t.types[item.accounting_type]}</DetailField>
          <DetailField label={a.created}>{formatDate(item.created.date)}</DetailField>
          <DetailField label={a.description}>{item.description}</DetailField>
          <DetailField label={a.userTypes}>
            <RoleBadges item={item} />
          </DetailField>
          <DetailField label={a.module}>{item.module.module_name}</DetailField>
          <DetailField label={a.projects}>
            <DetailList items={named(item.project_list)} />
          </DetailField>
          <DetailField label={a.groups}>
            <DetailList items={named(item.group_list)} />
          </DetailField>
          <DetailField label={a.societies}>
            <DetailList items={named(item.society_list)} />
          </DetailField>
        </>
      ) : null}
    </DetailPage>
  );
}
