import { Flex, Text } from '@aws-amplify/ui-react';
import { createReport } from '@shared/contracts/reports';
import { es } from '@shared/i18n/es';
import { mayCall } from '@/components/admin/role-scope';
import { AssignmentListPage } from '@/components/assignments/assignment-list-page';
import { RoleBadges } from '@/components/assignments/role-badges';
import { useDeleteReport } from '@/features/reports/api/delete-report';
import { useReports } from '@/features/reports/api/list-reports';
import { useUpdateReport } from '@/features/reports/api/update-report';
import { useSession } from '@/lib/session';

const t = es.reportsAdmin;

/**
 * /admin/reports (portal §2): active reports and 'Reportes Inactivos'. Admins who may change a report get
 * Deshabilitar/Habilitar, Editar, Eliminar and the detail; a view-only caller (GROUP_ADMIN, or a report that also
 * targets what it does not manage) gets the eye, which opens /reportView.
 */
export function ReportsListRoute() {
  const { profile } = useSession();
  const role = profile?.profile.user_role;
  const update = useUpdateReport();
  const remove = useDeleteReport();
  const manages = mayCall(createReport, role);
  return (
    <AssignmentListPage
      title={t.title}
      searchLabel={t.searchLabel}
      createTo={manages ? '/admin/reports/create' : undefined}
      useRows={useReports}
      headers={[t.columns.report, t.columns.role, t.columns.tool, t.columns.actions]}
      cells={(report) => [
        <Flex key="name" direction="column" gap="xxxs">
          <Text fontWeight="bold">{report.report_name}</Text>
          <Text fontSize="small" color="font.tertiary">
            {report.menu_name}
          </Text>
        </Flex>,
        <RoleBadges key="roles" item={report} />,
        t.tools[report.tool_type],
      ]}
      actions={(report) =>
        manages && report.editable
          ? {
              name: report.report_name,
              toggle: {
                enabled: report.enable,
                run: () => update.mutateAsync({ uuid: report.uuid, body: { enable: !report.enable } }),
              },
              editTo: `/admin/reports/edit/${report.uuid}`,
              remove: () => remove.mutateAsync(report.uuid),
              detailTo: `/admin/reports/detail/${report.uuid}`,
            }
          : { name: report.report_name, viewTo: `/reportView/${report.uuid}` }
      }
      deleteTitle={t.deleteTitle}
      deleteMessage={t.deleteConfirm}
    />
  );
}
