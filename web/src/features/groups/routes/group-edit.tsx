import { Alert } from '@aws-amplify/ui-react';
import { getGroup } from '@shared/contracts/groups';
import { es, messageForError } from '@shared/i18n/es';
import { useParams } from 'react-router-dom';
import { FormPage, useLoader } from '@/components/admin';
import { PageLoader } from '@/components/ui/page-loader';
import { GroupForm } from '@/features/groups/components/group-form';
import { api } from '@/lib/api-client';

const t = es.groupsAdmin;

/** /admin/group/edit/{uuid}: the prefilled form, then 'Grupo guardado con éxito' (admin-area §2). */
export function GroupEditRoute() {
  const { uuid = '' } = useParams();
  const { data, error, loading } = useLoader(uuid, (signal) => api(getGroup, { params: { uuid }, signal }));
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
