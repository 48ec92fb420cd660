import { es } from '@shared/i18n/es';
import { FormPage } from '@/components/admin/form';
import { ReportWizard } from '@/features/reports/components/report-wizard';

const t = es.reportsAdmin;

/** /admin/reports/create (portal §2). */
export function ReportCreateRoute() {
  return (
    <FormPage title={t.createTitle} crumbs={[{ label: t.title, to: '/admin/reports' }, { label: t.createTitle }]}>
      <ReportWizard />
    </FormPage>
  );
}
