import { es } from '@shared/i18n/es';
import { FormPage } from '@/components/admin/form';
import { SocietyWizard } from '@/features/societies/components/society-wizard';

const t = es.societiesAdmin;

/** /admin/society/create: two steps and the success step (admin-area §2). */
export function SocietyCreateRoute() {
  return (
    <FormPage title={t.createTitle} crumbs={[{ label: t.title, to: '/admin/society' }, { label: t.createTitle }]}>
      <SocietyWizard />
    </FormPage>
  );
}
