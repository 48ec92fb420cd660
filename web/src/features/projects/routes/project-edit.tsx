import { Alert } from '@aws-amplify/ui-react';
import { getProject } from '@shared/contracts/projects';
import { es, messageForError } from '@shared/i18n/es';
import { useParams } from 'react-router-dom';
import { FormPage, useLoader } from '@/components/admin';
import { PageLoader } from '@/components/ui/page-loader';
import { ProjectWizard } from '@/features/projects/components/project-wizard';
import { api } from '@/lib/api-client';

const t = es.projectsAdmin;

/** /admin/projects/edit/{uuid}: the wizard prefilled from the project (admin-area §2). */
export function ProjectEditRoute() {
  const { uuid = '' } = useParams();
  const { data, error, loading } = useLoader(uuid, (signal) => api(getProject, { params: { uuid }, signal }));
  return (
    <FormPage title={t.editTitle} crumbs={[{ label: t.title, to: '/admin/projects' }, { label: t.editTitle }]}>
      {loading ? (
        <PageLoader />
      ) : data ? (
        <ProjectWizard key={data.uuid} mode="edit" project={data} />
      ) : (
        <Alert variation="error" heading={es.adminUi.loadError}>
          {messageForError(error)}
        </Alert>
      )}
    </FormPage>
  );
}
