import { Flex, TextAreaField, TextField } from '@aws-amplify/ui-react';
import { es } from '@shared/i18n/es';
import { useState } from 'react';
import {
  type FieldValidators,
  maxLength,
  RequiredNote,
  requiredLabel,
  roleScope,
  SelectionList,
  ServerErrors,
  SuccessPanel,
  storedSelection,
  UnsavedChangesGuard,
  useFormState,
  WizardButtons,
} from '@/components/admin';
import { useCreateGroup } from '@/features/groups/api/create-group';
import { groupAdminsPickerSource } from '@/features/groups/api/list-group-admins-available';
import { groupUsersPickerSource } from '@/features/groups/api/list-group-users-available';
import {
  createGroupBody,
  EMPTY_GROUP,
  type GroupDetail,
  type GroupValues,
  patchGroupBody,
  requiredGroupFields,
  valuesFromGroup,
} from '@/features/groups/api/payload';
import { useUpdateGroup } from '@/features/groups/api/update-group';
import { projectPickerSource } from '@/features/groups/api/use-group-pickers';
import { useSession } from '@/lib/session';

const t = es.groupsAdmin;

const VALIDATORS: FieldValidators<GroupValues> = {
  group_name: maxLength(100),
  group_description: maxLength(500),
};

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
  const form = useFormState<GroupValues>(
    () => (group ? valuesFromGroup(group) : { ...EMPTY_GROUP, project: roleScope(role).projects ? '' : ownProject }),
    VALIDATORS,
  );
  const [saved] = useState(() => (group ? valuesFromGroup(group) : null));
  const create = useCreateGroup();
  const update = useUpdateGroup();
  // The submit state is the mutation's (issue 9): pending, its error, and success.
  const busy = create.isPending || update.isPending;
  const error = create.error ?? update.error;
  const done = create.isSuccess || update.isSuccess;

  const submit = () => {
    if (group && saved) {
      update.mutate({ uuid: group.uuid, body: patchGroupBody(form.values, saved, group.version) });
    } else {
      create.mutate(createGroupBody(form.values));
    }
  };

  if (done) {
    return (
      <SuccessPanel
        message={editing ? t.saved : t.created}
        linkLabel={t.goToList}
        to={groupsListPath(role, ownProject)}
      />
    );
  }

  const projectChosen = form.values.project !== '';
  return (
    <Flex as="form" direction="column" gap="medium" noValidate onSubmit={(event) => event.preventDefault()}>
      <UnsavedChangesGuard when={form.dirty && !busy} />
      <TextField
        name="group_name"
        label={requiredLabel(t.fields.group_name)}
        value={form.values.group_name}
        onChange={(event) => form.setField('group_name', event.target.value)}
        hasError={Boolean(form.errors.group_name)}
        errorMessage={form.errors.group_name}
      />
      <TextAreaField
        name="group_description"
        label={requiredLabel(t.fields.group_description)}
        rows={3}
        value={form.values.group_description}
        onChange={(event) => form.setField('group_description', event.target.value)}
        hasError={Boolean(form.errors.group_description)}
        errorMessage={form.errors.group_description}
      />
      <SelectionList
        label={editing ? t.fields.project : requiredLabel(t.fields.project)}
        multiple={false}
        source={projectPickerSource()}
        disabled={editing}
        selected={form.values.project ? [form.values.project] : []}
        onChange={(chosen) => form.setField('project', chosen[0] ?? '', { admin: [], user: [] })}
        testId="group-project"
      />
      <SelectionList
        label={t.fields.admin}
        source={groupAdminsPickerSource(form.values.project, group?.uuid)}
        placeholder={projectChosen ? undefined : t.chooseProjectFirst}
        selected={form.values.admin}
        onChange={(values) => form.setField('admin', values)}
      />
      <SelectionList
        label={t.fields.user}
        source={groupUsersPickerSource(form.values.project, group?.uuid)}
        placeholder={projectChosen ? undefined : t.chooseProjectFirst}
        selected={form.values.user}
        onChange={(values) => form.setField('user', values)}
      />
      <RequiredNote />
      <ServerErrors error={error} />
      <WizardButtons
        onNext={() => void submit()}
        nextLabel={editing ? t.submitEdit : t.submitCreate}
        disabled={form.missing(requiredGroupFields(editing)) || form.hasErrors}
        busy={busy}
      />
    </Flex>
  );
}
