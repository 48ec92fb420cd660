import { es } from '@shared/i18n/es';
import { FormPage } from '@/components/admin/form';
import { GroupForm } from '@/features/groups/components/group-form';

const t = es.groupsAdmin;

/** /admin/group/create: the single form 'Crear grupo sociedad' (admin-area §2). */
export function GroupCreateRoute() {
  return (
    <FormPage title={t.createTitle} crumbs={[{ label: t.title, to: '/admin/group' }, { label: t.createTitle }]}>
      <GroupForm />
    </FormPage>
  );
}
