import { es } from '@shared/i18n/es';
import { FormPage } from '@/components/admin/form';
import { ProjectWizard } from '@/features/projects/components/project-wizard';

const t = es.projectsAdmin;

/** /admin/projects/create: the four-step wizard (admin-area §2). */
export function ProjectCreateRoute() {
  return (
    <FormPage title={t.createTitle} crumbs={[{ label: t.title, to: '/admin/projects' }, { label: t.createTitle }]}>
      <ProjectWizard mode="create" />
    </FormPage>
  );
}
