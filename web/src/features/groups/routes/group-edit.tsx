import { Alert } from '@aws-amplify/ui-react';
import { es, messageForError } from '@shared/i18n/es';
import { useParams } from 'react-router-dom';
import { FormPage } from '@/components/admin/form';
import { PageLoader } from '@/components/ui/page-loader';
import { useGroup } from '@/features/groups/api/get-group';
import { GroupForm } from '@/features/groups/components/group-form';

const t = es.groupsAdmin;

/** /admin/group/edit/{uuid}: the prefilled form, then 'Grupo guardado con éxito' (admin-area §2). */
export function GroupEditRoute() {
  const { uuid = '' } = useParams();
  const { data, error, isPending: loading } = useGroup(uuid);
  return (
    <FormPage title={t.editTitle} crumbs={[{ label: t.title, to: '/admin/group' }, { label: t.editTitle }]}>
      {loading ? (
        <PageLoader />
      ) : data ? (
        <GroupForm key={data.uuid} group={data} />
      ) : (
        <Alert variation="error" heading={es.adminUi.loadError}>
          {messageForError(error)}
        </Alert>
      )}
    </FormPage>
  );
}
