import { Loader } from '@aws-amplify/ui-react';
import { es } from '@shared/i18n/es';
import { useParams } from 'react-router-dom';
import { FormPage } from '@/components/admin/form';
import { ServerErrors } from '@/components/admin/server-errors';
import { useReportAdmin } from '@/features/reports/api/get-report-admin';
import { ReportWizard } from '@/features/reports/components/report-wizard';

const t = es.reportsAdmin;

/** /admin/reports/edit/{uuid} (portal §2): the same wizard, prefilled. */
export function ReportEditRoute() {
  const { uuid = '' } = useParams();
  const { data, error, isPending } = useReportAdmin(uuid);
  return (
    <FormPage title={t.editTitle} crumbs={[{ label: t.title, to: '/admin/reports' }, { label: t.editTitle }]}>
      {isPending ? <Loader /> : error ? <ServerErrors error={error} /> : <ReportWizard report={data} />}
    </FormPage>
  );
}
