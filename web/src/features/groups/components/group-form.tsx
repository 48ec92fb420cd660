import { Flex } from '@aws-amplify/ui-react';
import { groupCreateSchema, groupPatchSchema } from '@shared/contracts/groups';
import { es } from '@shared/i18n/es';
import { useStore } from '@tanstack/react-form';
import { useState } from 'react';
import { RequiredNote, requiredLabel, SuccessPanel } from '@/components/admin/form';
import { roleScope } from '@/components/admin/role-scope';
import { SelectionList } from '@/components/admin/selection-list';
import { ServerErrors } from '@/components/admin/server-errors';
import { storedSelection } from '@/components/admin/stored-selection';
import { UnsavedChangesGuard } from '@/components/admin/unsaved-changes-guard';
import { WizardButtons } from '@/components/admin/wizard';
import { useAppForm } from '@/components/form/app-form';
import { contractRules, type FormMessages, messages } from '@/components/form/contract-rules';
import { useCreateGroup } from '@/features/groups/api/create-group';
import { groupAdminsPickerSource } from '@/features/groups/api/list-group-admins-available';
import { groupUsersPickerSource } from '@/features/groups/api/list-group-users-available';
import {
  createGroupBody,
  EMPTY_GROUP,
  type GroupDetail,
  type GroupValues,
  patchGroupBody,
  valuesFromGroup,
} from '@/features/groups/api/payload';
import { useUpdateGroup } from '@/features/groups/api/update-group';
import { projectPickerSource } from '@/features/groups/api/use-group-pickers';
import { useSession } from '@/lib/session';

const t = es.groupsAdmin;

const WORDS: FormMessages<GroupValues> = { group_name: messages.text, group_description: messages.text };
const CREATE_RULES = contractRules<GroupValues>([groupCreateSchema], WORDS, createGroupBody);

/** Where 'Ir a grupos' leads (admin-area §2): the plain list for SUPER_ADMIN, else filtered by the own project. */
export function groupsListPath(role: string | undefined, ownProject: string): string {
  return roleScope(role).projects ? '/admin/group' : `/admin/group#1?search=&project=${ownProject}&ordering=`;
}

/**
 * The group form (admin-area §2, §5): name, description, project (fixed on edit), and the admin and user pickers of
 * that project; then the success step 'Grupo creado con éxito' / 'Grupo guardado con éxito' with 'Ir a grupos'.
 */
export function GroupForm({ group }: { group?: GroupDetail }) {
  const { profile } = useSession();
  const role = profile?.profile.user_role;
  const ownProject = storedSelection('project', profile);
  const editing = Boolean(group);
  const [saved] = useState(() => (group ? valuesFromGroup(group) : null));
  // Edited, the body is the PATCH's (the project stays); created, the POST's.
  const [rules] = useState(() =>
    group && saved
      ? contractRules<GroupValues>([groupPatchSchema], WORDS, (values) => patchGroupBody(values, saved, group.version))
      : CREATE_RULES,
  );
  const create = useCreateGroup();
  const update = useUpdateGroup();
  const form = useAppForm({
    defaultValues: saved ?? { ...EMPTY_GROUP, project: roleScope(role).projects ? '' : ownProject },
    validators: { onChange: rules },
    onSubmit: ({ value }) => {
      if (group && saved) update.mutate({ uuid: group.uuid, body: patchGroupBody(value, saved, group.version) });
      else create.mutate(createGroupBody(value));
    },
  });
  const values = useStore(form.store, (state) => state.values);
  const dirty = useStore(form.store, (state) => !state.isDefaultValue);
  // The submit state is the mutation's: pending, its error, and success.
  const busy = create.isPending || update.isPending;
  const error = create.error ?? update.error;
  const done = create.isSuccess || update.isSuccess;

  if (done) {
    return (
      <SuccessPanel
        message={editing ? t.saved : t.created}
        linkLabel={t.goToList}
        to={groupsListPath(role, ownProject)}
      />
    );
  }

  const projectChosen = values.project !== '';
  return (
    <Flex as="form" direction="column" gap="medium" noValidate onSubmit={(event) => event.preventDefault()}>
      <UnsavedChangesGuard when={dirty && !busy} />
      <form.AppField name="group_name">
        {(field) => <field.TextField label={requiredLabel(t.fields.group_name)} />}
      </form.AppField>
      <form.AppField name="group_description">
        {(field) => <field.TextAreaField label={requiredLabel(t.fields.group_description)} rows={3} />}
      </form.AppField>
      <SelectionList
        label={editing ? t.fields.project : requiredLabel(t.fields.project)}
        multiple={false}
        source={projectPickerSource()}
        disabled={editing}
        selected={values.project ? [values.project] : []}
        onChange={(chosen) => {
          // The admins and users belong to a project: another project clears them.
          form.setFieldValue('project', chosen[0] ?? '');
          form.setFieldValue('admin', []);
          form.setFieldValue('user', []);
        }}
        testId="group-project"
      />
      <SelectionList
        label={t.fields.admin}
        source={groupAdminsPickerSource(values.project, group?.uuid)}
        placeholder={projectChosen ? undefined : t.chooseProjectFirst}
        selected={values.admin}
        onChange={(chosen) => form.setFieldValue('admin', chosen)}
      />
      <SelectionList
        label={t.fields.user}
        source={groupUsersPickerSource(values.project, group?.uuid)}
        placeholder={projectChosen ? undefined : t.chooseProjectFirst}
        selected={values.user}
        onChange={(chosen) => form.setFieldValue('user', chosen)}
      />
      <RequiredNote />
      <ServerErrors error={error} />
      <WizardButtons
        onNext={() => void form.handleSubmit()}
        nextLabel={editing ? t.submitEdit : t.submitCreate}
        disabled={!rules.passes(values)}
        busy={busy}
      />
    </Flex>
  );
}
