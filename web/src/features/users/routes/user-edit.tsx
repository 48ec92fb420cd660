import { Alert, Button, CheckboxField, Flex, SelectField, Text } from '@aws-amplify/ui-react';
import { userPatchSchema } from '@shared/contracts/users';
import { es } from '@shared/i18n/es';
import { isRole, ROLES } from '@shared/roles';
import { useStore } from '@tanstack/react-form';
import { type FormEvent, useMemo } from 'react';
import { useParams } from 'react-router-dom';
import { FormPage, RequiredNote, requiredLabel, SuccessPanel } from '@/components/admin/form';
import { ServerErrors } from '@/components/admin/server-errors';
import { UnsavedChangesGuard } from '@/components/admin/unsaved-changes-guard';
import { useAppForm } from '@/components/form/app-form';
import { contractRules, type FormMessages, messages } from '@/components/form/contract-rules';
import { PageLoader } from '@/components/ui/page-loader';
import { useUser } from '@/features/users/api/get-user';
import { useUpdateUser } from '@/features/users/api/update-user';
import { useUsersListHref } from '@/features/users/api/use-list-links';
import { TargetsPicker } from '@/features/users/components/targets-picker';
import {
  editValuesOf,
  NO_TARGETS,
  targetKindOf,
  type UserEditValues,
  type UserView,
  userPatchBody,
} from '@/features/users/lib/users-logic';

const t = es.usersAdmin;

const EMPTY: UserEditValues = {
  first_name: '',
  last_name: '',
  email: '',
  rut_user: '',
  phone_number: '',
  position: '',
  user_description: '',
  user_magnus: '',
  user_documentation: false,
  user_role: 'USER_SOCIETY',
  ...NO_TARGETS,
};

const WORDS: FormMessages<UserEditValues> = {
  first_name: messages.name('first_name'),
  last_name: messages.name('last_name'),
  email: messages.requiredEmail,
  rut_user: messages.rut,
  phone_number: messages.phone,
  position: messages.text,
  user_description: messages.text,
  user_magnus: messages.text,
};

type TextKey = 'first_name' | 'last_name' | 'email' | 'rut_user' | 'phone_number' | 'position' | 'user_magnus';

/**
 * /admin/users/edit/{uuid} (admin-area §2, §5): one form validated as it changes; only changed fields are sent (with the
 * version); the role only by a SUPER_ADMIN. Success: 'Usuario guardado con éxito' with a link back to the list.
 */
export function UserEditRoute() {
  const { uuid = '' } = useParams();
  const { role: caller, href } = useUsersListHref();
  const loaded = useUser(uuid);
  const user: UserView | null = loaded.data ?? null;
  const save = useUpdateUser();
  const canChangeRole = caller === 'SUPER_ADMIN';
  // The PATCH body (the changed fields) is what the contract checks; a field left as loaded is not checked again.
  const rules = useMemo(
    () =>
      contractRules<UserEditValues>([userPatchSchema], WORDS, (values) =>
        user ? (userPatchBody(user, values, canChangeRole) ?? {}) : {},
      ),
    [user, canChangeRole],
  );
  const form = useAppForm({
    defaultValues: user ? editValuesOf(user) : EMPTY,
    validators: { onChange: rules },
    onSubmit: ({ value }) => {
      const body = user && userPatchBody(user, value, canChangeRole);
      if (body) save.mutate({ uuid, body });
    },
  });
  const values = useStore(form.store, (state) => state.values);
  const dirty = useStore(form.store, (state) => !state.isDefaultValue);
  // The submit state is the mutation's.
  const saving = save.isPending;
  const error = save.error;
  const done = save.isSuccess;

  const crumbs = [{ label: t.title, to: href }, { label: t.edit.title }];
  if (!user) {
    return (
      <FormPage title={t.edit.title} crumbs={crumbs}>
        {loaded.error ? <ServerErrors error={loaded.error} /> : <PageLoader />}
      </FormPage>
    );
  }
  if (done) {
    return (
      <FormPage title={t.edit.title} crumbs={crumbs}>
        <SuccessPanel message={t.edit.saved} linkLabel={t.edit.goToList} to={href} />
      </FormPage>
    );
  }

  // A person who also belongs where the caller does not manage: its account data is not this admin's.
  const accountLocked = !user.account_in_scope;
  const body = userPatchBody(user, values, canChangeRole);
  const disabled = !rules.passes(values) || saving || body === null;
  const setField = <K extends keyof UserEditValues>(name: K, value: UserEditValues[K]) =>
    form.setFieldValue(name, value as never);

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!disabled) void form.handleSubmit();
  }

  const text = (name: TextKey, options: { required?: boolean; placeholder?: string; type?: string } = {}) => (
    <form.AppField name={name}>
      {(field) => (
        <field.TextField
          label={options.required ? requiredLabel(t.fields[name]) : t.fields[name]}
          type={options.type ?? 'text'}
          placeholder={options.placeholder}
          isReadOnly={accountLocked}
          flex="1 1 16rem"
        />
      )}
    </form.AppField>
  );

  return (
    <FormPage title={t.edit.title} crumbs={crumbs}>
      <UnsavedChangesGuard when={dirty && !saving} />
      <Flex as="form" direction="column" gap="medium" onSubmit={submit} noValidate>
        {accountLocked ? (
          <Alert variation="info" role="note">
            {t.edit.sharedAccount}
          </Alert>
        ) : null}
        <Flex gap="medium" wrap="wrap">
          {text('first_name', { required: true })}
          {text('last_name', { required: true })}
        </Flex>
        <Flex gap="medium" wrap="wrap">
          {text('email', { required: true, type: 'email' })}
          {text('rut_user', { placeholder: t.rutPlaceholder })}
        </Flex>
        <Flex gap="medium" wrap="wrap">
          {text('phone_number', { placeholder: t.phonePlaceholder, type: 'tel' })}
          {text('position')}
        </Flex>
        <form.AppField name="user_description">
          {(field) => <field.TextAreaField label={t.fields.user_description} rows={3} isReadOnly={accountLocked} />}
        </form.AppField>
        <Flex gap="medium" wrap="wrap" alignItems="flex-end">
          {text('user_magnus')}
          <Flex direction="column" gap="xxs">
            <CheckboxField
              label={t.fields.user_documentation}
              name="user_documentation"
              value="yes"
              checked={values.user_documentation}
              onChange={(event) => setField('user_documentation', event.target.checked)}
              aria-describedby="user-documentation-scope"
            />
            {caller === 'SUPER_ADMIN' || caller === 'PROJECT_ADMIN' || caller === 'GROUP_ADMIN' ? (
              <Text id="user-documentation-scope" fontSize="small">
                {t.edit.documentationScope[caller]}
              </Text>
            ) : null}
          </Flex>
        </Flex>
        {canChangeRole ? (
          <SelectField
            label={requiredLabel(t.fields.user_role)}
            value={values.user_role}
            onChange={(event) => {
              const next = event.target.value;
              if (isRole(next)) setField('user_role', next);
            }}
          >
            {ROLES.map((r) => (
              <option key={r} value={r}>
                {es.roles[r]}
              </option>
            ))}
          </SelectField>
        ) : null}
        <TargetsPicker
          key={values.user_role}
          caller={caller}
          kind={targetKindOf(values.user_role)}
          value={{ project: values.project, group: values.group, society: values.society }}
          onChange={(targets) => {
            if (targets.project !== values.project) setField('project', targets.project);
            if (targets.group !== values.group) setField('group', targets.group);
            if (targets.society !== values.society) setField('society', targets.society);
          }}
          required={false}
        />
        <RequiredNote />
        <ServerErrors error={error} context="userUpdate" />
        <Flex justifyContent="flex-end">
          <Button
            type="submit"
            variation="primary"
            isDisabled={disabled}
            isLoading={saving}
            loadingText={es.adminUi.saving}
          >
            {t.edit.submit}
          </Button>
        </Flex>
      </Flex>
    </FormPage>
  );
}
