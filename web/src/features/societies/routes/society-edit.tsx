import { Alert } from '@aws-amplify/ui-react';
import { es, messageForError } from '@shared/i18n/es';
import { useParams } from 'react-router-dom';
import { FormPage } from '@/components/admin/form';
import { PageLoader } from '@/components/ui/page-loader';
import { useSociety } from '@/features/societies/api/get-society';
import { SocietyWizard } from '@/features/societies/components/society-wizard';

const t = es.societiesAdmin;

/** /admin/society/edit/{uuid}: the two steps prefilled, then 'Sociedad guardada con éxito' (admin-area §2). */
export function SocietyEditRoute() {
  const { uuid = '' } = useParams();
  const { data, error, isPending: loading } = useSociety(uuid);
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
