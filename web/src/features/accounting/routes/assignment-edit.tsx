import { Loader } from '@aws-amplify/ui-react';
import { es } from '@shared/i18n/es';
import { useParams } from 'react-router-dom';
import { FormPage } from '@/components/admin/form';
import { ServerErrors } from '@/components/admin/server-errors';
import { useAssignment } from '@/features/accounting/api/assignment-api';
import { AssignmentWizard } from '@/features/accounting/components/assignment-wizard';

const t = es.accountingAssignmentsAdmin;

/** /admin/accounting/edit/{uuid} (portal §2): the same wizard, prefilled. */
export function AssignmentEditRoute() {
  const { uuid = '' } = useParams();
  const { data, error, isPending } = useAssignment(uuid);
  return (
    <FormPage title={t.editTitle} crumbs={[{ label: t.title, to: '/admin/accounting' }, { label: t.editTitle }]}>
      {isPending ? <Loader /> : error ? <ServerErrors error={error} /> : <AssignmentWizard assignment={data} />}
    </FormPage>
  );
}
