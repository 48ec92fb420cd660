import { Alert } from '@aws-amplify/ui-react';
import { getSociety } from '@shared/contracts/societies';
import { es, messageForError } from '@shared/i18n/es';
import { useParams } from 'react-router-dom';
import { FormPage, useLoader } from '@/components/admin';
import { PageLoader } from '@/components/ui/page-loader';
import { SocietyWizard } from '@/features/societies/components/society-wizard';
import { api } from '@/lib/api-client';

const t = es.societiesAdmin;

/** /admin/society/edit/{uuid}: the two steps prefilled, then 'Sociedad guardada con éxito' (admin-area §2). */
export function SocietyEditRoute() {
  const { uuid = '' } = useParams();
  const { data, error, loading } = useLoader(uuid, (signal) => api(getSociety, { params: { uuid }, signal }));
  return (
    <FormPage title={t.editTitle} crumbs={[{ label: t.title, to: '/admin/society' }, { label: t.editTitle }]}>
      {loading ? (
        <PageLoader />
      ) : data ? (
        <SocietyWizard key={data.uuid} society={data} />
      ) : (
        <Alert variation="error" heading={es.adminUi.loadError}>
          {messageForError(error)}
        </Alert>
      )}
    </FormPage>
  );
}
