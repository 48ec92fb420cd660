import { Flex, Text } from '@aws-amplify/ui-react';
import { es } from '@shared/i18n/es';
import { AssignmentListPage } from '@/components/assignments/assignment-list-page';
import { RoleBadges } from '@/components/assignments/role-badges';
import { useAssignments, useDeleteAssignment, useUpdateAssignment } from '@/features/accounting/api/assignment-api';

const t = es.accountingAssignmentsAdmin;

/**
 * /admin/accounting (portal §2): assignments, active and 'Reportes Inactivos', filters, search, 'Asignar reporte'.
 * Rows the caller may change get the admin actions; the others the eye, which opens the statement.
 */
export function AssignmentsListRoute() {
  const update = useUpdateAssignment();
  const remove = useDeleteAssignment();
  return (
    <AssignmentListPage
      title={t.title}
      searchLabel={t.searchLabel}
      createTo="/admin/accounting/create"
      createLabel={t.create}
      useRows={useAssignments}
      headers={[t.columns.report, t.columns.role, t.columns.type, t.columns.actions]}
      cells={(item) => [
        <Flex key="name" direction="column" gap="xxxs">
          <Text fontWeight="bold">{item.menu_name}</Text>
          <Text fontSize="small" color="font.tertiary">
            {item.module.module_name}
          </Text>
        </Flex>,
        <RoleBadges key="roles" item={item} />,
        t.types[item.accounting_type],
      ]}
      actions={(item) =>
        item.editable
          ? {
              name: item.menu_name,
              toggle: {
                enabled: item.enable,
                run: () => {
                  const body = new FormData();
                  body.append('enable', String(!item.enable));
                  return update.mutateAsync({ uuid: item.uuid, body });
                },
              },
              editTo: `/admin/accounting/edit/${item.uuid}`,
              remove: () => remove.mutateAsync(item.uuid),
              detailTo: `/admin/accounting/detail/${item.uuid}`,
            }
          : { name: item.menu_name, detailTo: `/admin/accounting/detail/${item.uuid}` }
      }
      deleteTitle={es.reportsAdmin.deleteTitle}
      deleteMessage={es.reportsAdmin.deleteConfirm}
    />
  );
}
