import { Alert, Button, CheckboxField, Flex, SelectField, Text, TextAreaField, TextField } from '@aws-amplify/ui-react';
import { es } from '@shared/i18n/es';
import { isRole, ROLES } from '@shared/roles';
import { type FormEvent, useEffect, useState } from 'react';
import { useParams } from 'react-router-dom';
import {
  type FieldValidators,
  FormPage,
  maxLength,
  RequiredNote,
  requiredLabel,
  ServerErrors,
  SuccessPanel,
  UnsavedChangesGuard,
  useFormState,
  validatePhone,
  validateRequiredEmail,
  validateRut,
} from '@/components/admin';
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
import { checkName } from '@/lib/validation';

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

const validators: FieldValidators<UserEditValues> = {
  first_name: (value) => checkName(value, 'first_name'),
  last_name: (value) => checkName(value, 'last_name'),
  email: validateRequiredEmail,
  rut_user: validateRut,
  phone_number: validatePhone,
  position: maxLength(100),
  user_description: maxLength(500),
  user_magnus: maxLength(100),
};

/** Required fields of the edit form (admin-area §5; user_magnus is exempt, like the optional ones). */
const REQUIRED = ['first_name', 'last_name', 'email'] as const;

type TextKey = 'first_name' | 'last_name' | 'email' | 'rut_user' | 'phone_number' | 'position' | 'user_magnus';

/**
 * /admin/users/edit/{uuid} (admin-area §2, §5): one form validated as it changes; only changed fields are sent (with the
 * version); the role only by a SUPER_ADMIN. Success: 'Usuario guardado con éxito' with a link back to the list.
 */
export function UserEditRoute() {
  const { uuid = '' } = useParams();
  const { role: caller, href } = useUsersListHref();
  const loaded = useUser(uuid);
  const form = useFormState<UserEditValues>(EMPTY, validators);
  const [user, setUser] = useState<UserView | null>(null);
  const save = useUpdateUser();
  // The submit state is the mutation's (issue 9).
  const saving = save.isPending;
  const error = save.error;
  const done = save.isSuccess;
  const canChangeRole = caller === 'SUPER_ADMIN';
  const { load } = form;

  useEffect(() => {
    if (!loaded.data) return;
    setUser(loaded.data);
    load(editValuesOf(loaded.data));
  }, [loaded.data, load]);

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

  const { values, errors, setField } = form;
  // A person who also belongs where the caller does not manage: its account data is not this admin's.
  const accountLocked = !user.account_in_scope;
  const body = userPatchBody(user, values, canChangeRole);
  const disabled = form.missing(REQUIRED) || form.hasErrors || saving || body === null;

  function submit(event: FormEvent) {
    event.preventDefault();
    if (disabled || !body) return;
    save.mutate({ uuid, body });
  }

  const text = (name: TextKey, options: { required?: boolean; placeholder?: string; type?: string } = {}) => (
    <TextField
      label={options.required ? requiredLabel(t.fields[name]) : t.fields[name]}
      name={name}
      type={options.type ?? 'text'}
      placeholder={options.placeholder}
      value={values[name]}
      isReadOnly={accountLocked}
      onChange={(event) => setField(name, event.target.value)}
      hasError={Boolean(errors[name])}
      errorMessage={errors[name]}
      flex="1 1 16rem"
    />
  );

  return (
    <FormPage title={t.edit.title} crumbs={crumbs}>
      <UnsavedChangesGuard when={form.dirty && !saving} />
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
        <TextAreaField
          label={t.fields.user_description}
          name="user_description"
          rows={3}
          value={values.user_description}
          isReadOnly={accountLocked}
          onChange={(event) => setField('user_description', event.target.value)}
          hasError={Boolean(errors.user_description)}
          errorMessage={errors.user_description}
        />
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
