import { Button, Image } from '@aws-amplify/ui-react';
import { es } from '@shared/i18n/es';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { DetailField, DetailList, DetailPage } from '@/components/admin/detail';
import { formatDate } from '@/components/admin/format';
import { RoleBadges } from '@/components/assignments/role-badges';
import { useReportAdmin } from '@/features/reports/api/get-report-admin';
import { ReportAudience } from '@/features/reports/components/report-audience';

const t = es.reportsAdmin;
const a = es.assignmentsAdmin;

/**
 * /admin/reports/detail/{uuid} (portal §2): read-only, then whom the report reaches and its per-user visibility
 * (report references).
 */
export function ReportDetailRoute() {
  const { uuid = '' } = useParams();
  const { data: report, error, isPending } = useReportAdmin(uuid);
  return (
    <>
      <DetailPage
        title={t.detailTitle}
        crumbs={[{ label: t.title, to: '/admin/reports' }, { label: t.detailTitle }]}
        loading={isPending}
        error={error}
        actions={
          report ? (
            <Button as={RouterLink} size="small" to={`/reportView/${report.uuid}`}>
              {t.openReport}
            </Button>
          ) : null
        }
      >
        {report ? (
          <>
            <DetailField label={t.fields.report_name}>{report.report_name}</DetailField>
            <DetailField label={a.created}>{formatDate(report.created.date)}</DetailField>
            <DetailField label={t.fields.description}>{report.description}</DetailField>
            <DetailField label={t.fields.tool_type}>{t.tools[report.tool_type]}</DetailField>
            {report.tool_type !== 'BUILT_IN' ? (
              <DetailField label={es.dashboardRegistry.pickerLabel}>
                {report.registry_entry ? (report.aws_id_dashboard ?? report.url) : es.dashboardRegistry.notRegistered}
              </DetailField>
            ) : null}
            <DetailField label={a.userTypes}>
              <RoleBadges item={report} />
            </DetailField>
            <DetailField label={a.module}>{report.module.module_name}</DetailField>
            {report.image ? (
              <DetailField label={t.fields.image}>
                <Image src={report.image} alt={report.report_name} maxWidth="16rem" />
              </DetailField>
            ) : null}
            <DetailField label={a.projects}>
              <DetailList items={report.project_list.map((p) => ({ key: p.uuid, label: p.name }))} />
            </DetailField>
            <DetailField label={a.groups}>
              <DetailList items={report.group_list.map((g) => ({ key: g.uuid, label: g.name }))} />
            </DetailField>
            <DetailField label={a.societies}>
              <DetailList items={report.society_list.map((s) => ({ key: s.uuid, label: s.name }))} />
            </DetailField>
          </>
        ) : null}
      </DetailPage>
      {report ? <ReportAudience report={report.uuid} editable={report.editable} /> : null}
    </>
  );
}
