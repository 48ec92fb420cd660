import { Alert } from '@aws-amplify/ui-react';
import { es, messageForError } from '@shared/i18n/es';
import { useParams } from 'react-router-dom';
import { FormPage } from '@/components/admin/form';
import { PageLoader } from '@/components/ui/page-loader';
import { useProject } from '@/features/projects/api/get-project';
import { ProjectWizard } from '@/features/projects/components/project-wizard';

const t = es.projectsAdmin;

/** /admin/projects/edit/{uuid}: the wizard prefilled from the project (admin-area §2). */
export function ProjectEditRoute() {
  const { uuid = '' } = useParams();
  const { data, error, isPending: loading } = useProject(uuid);
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
