import { es } from '@shared/i18n/es';
import { FormPage } from '@/components/admin/form';
import { AssignmentWizard } from '@/features/accounting/components/assignment-wizard';

const t = es.accountingAssignmentsAdmin;

/** /admin/accounting/create (portal §2). */
export function AssignmentCreateRoute() {
  return (
    <FormPage title={t.createTitle} crumbs={[{ label: t.title, to: '/admin/accounting' }, { label: t.createTitle }]}>
      <AssignmentWizard />
    </FormPage>
  );
}
