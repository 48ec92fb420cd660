import { Flex, SelectField, TextField } from '@aws-amplify/ui-react';
import { ERROR_MESSAGES, es } from '@shared/i18n/es';
import { normalizeRut } from '@shared/rut';
import { type ReactNode, useEffect, useState } from 'react';
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
  useWizard,
  validateEmail,
  validatePhone,
  validateRequiredEmail,
  validateRut,
  WizardButtons,
  WizardSteps,
} from '@/components/admin';
import { useCheckSocietyRut } from '@/features/societies/api/check-society-rut';
import { useCreateSociety } from '@/features/societies/api/create-society';
import { societyUsersPickerSource } from '@/features/societies/api/list-society-users-available';
import {
  CURRENCIES,
  createSocietyBody,
  EMPTY_SOCIETY,
  patchSocietyBody,
  requiredSocietyFields,
  SOCIETY_STEP_FIELDS,
  type SocietyDetail,
  type SocietyValues,
  valuesFromSociety,
} from '@/features/societies/api/payload';
import { useUpdateSociety } from '@/features/societies/api/update-society';
import {
  groupPickerSource,
  projectPickerSource,
  useIndustries,
  useMyGroups,
} from '@/features/societies/api/use-society-options';
import { useOnlyProject } from '@/lib/api/list-my-projects';
import { useSession } from '@/lib/session';
import { societiesListPath } from './list-path';

const t = es.societiesAdmin;

const VALIDATORS: FieldValidators<SocietyValues> = {
  society_business_name: maxLength(150),
  society_rut: validateRut,
  business_line: maxLength(150),
  company_code: maxLength(20),
  society_email: validateRequiredEmail,
  society_contact_name: maxLength(100),
  society_phone_number: validatePhone,
  society_address: maxLength(200),
  society_contact_email: validateEmail,
};

/**
 * The society wizard (admin-area §2, §4, §5): Datos principales, Contacto, then the success step. The server is
 * called once, at the end, with the fields of both steps; on an error the messages show above the buttons and the
 * user stays. Changing the project clears the group (and the users, who belong to a project).
 */
export function SocietyWizard({ society }: { society?: SocietyDetail }) {
  const { profile } = useSession();
  const role = profile?.profile.user_role;
  const scope = roleScope(role);
  const editing = Boolean(society);
  const [saved] = useState(() => (society ? valuesFromSociety(society) : null));
  const form = useFormState<SocietyValues>(
    () =>
      society
        ? valuesFromSociety(society)
        : { ...EMPTY_SOCIETY, project: scope.byProject ? storedSelection('project', profile) : '' },
    VALIDATORS,
  );
  const wizard = useWizard(t.steps.length + 1);
  const create = useCreateSociety();
  const update = useUpdateSociety();
  const rutCheck = useCheckSocietyRut();
  // The submit state is the mutations' (issue 9).
  const busy = create.isPending || update.isPending || rutCheck.isPending;
  const error = create.error ?? update.error;
  const step = wizard.index;
  const done = step === t.steps.length;
  const last = step === t.steps.length - 1;

  // Without a project selector (GROUP_ADMIN) the caller's own groups are offered; their few records give the project
  // of the chosen group. With one, the project is the form's.
  const needsProject = scope.groups;
  const { groups } = useMyGroups('', !needsProject);
  const { industries, loading: industriesLoading } = useIndustries();
  const groupProject = groups.find((group) => group.uuid === form.values.group)?.project ?? form.values.project;

  // A new society starts on the default industry, the first of the list.
  const firstIndustry = industries[0]?.uuid;
  const { applyDefaults } = form;
  useEffect(() => {
    if (!editing && firstIndustry) applyDefaults({ industry_type: firstIndustry });
  }, [firstIndustry, editing, applyDefaults]);

  // An admin with a single project has nothing to choose: it is preselected (issue 14).
  const { data: onlyProject } = useOnlyProject(!editing && needsProject);
  useEffect(() => {
    if (!editing && onlyProject) applyDefaults({ project: onlyProject });
  }, [onlyProject, editing, applyDefaults]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: clear on step change only.
  useEffect(() => {
    create.reset();
    update.reset();
  }, [step]);

  const stepErrors = (SOCIETY_STEP_FIELDS[step] ?? []).some((field) => form.errors[field]);
  const blocked = form.missing(requiredSocietyFields(step, editing)) || stepErrors;

  /**
   * Leaving step 1: a RUT already taken is said under its field now, not at the end (issue 14). A failed check lets
   * the person go on; the create still refuses a taken RUT.
   */
  const leaveFirstStep = () => {
    const typed = form.current().society_rut.trim();
    const unchanged = saved && normalizeRut(typed) === normalizeRut(saved.society_rut);
    if (!typed || unchanged) {
      wizard.next();
      return;
    }
    rutCheck.mutate(
      { rut: typed, group: form.current().group },
      {
        onSuccess: ({ available }) => {
          if (available) wizard.next();
          else form.setErrors((current) => ({ ...current, society_rut: ERROR_MESSAGES.RUT_TAKEN }));
        },
        onError: () => wizard.next(),
      },
    );
  };

  const submit = () => {
    create.reset();
    update.reset();
    const next = { onSuccess: () => wizard.next() };
    if (society && saved) {
      const body = patchSocietyBody(form.current(), saved, society.version);
      update.mutate({ uuid: society.uuid, query: { tax_module: form.values.tax_module }, body }, next);
    } else {
      create.mutate(createSocietyBody(form.current()), next);
    }
  };

  const text = (
    field: keyof SocietyValues,
    label: string,
    options: { required?: boolean; placeholder?: string; type?: string } = {},
  ) => (
    <TextField
      key={field}
      name={field}
      type={options.type}
      label={options.required ? requiredLabel(label) : label}
      placeholder={options.placeholder}
      value={form.values[field] as string}
      onChange={(event) => form.setField(field, event.target.value as never)}
      hasError={Boolean(form.errors[field])}
      errorMessage={form.errors[field]}
    />
  );

  const steps: ReactNode[] = [
    <>
      {text('society_business_name', t.fields.society_business_name, { required: true })}
      {text('society_rut', t.fields.society_rut, { placeholder: t.rutPlaceholder })}
      {text('business_line', t.fields.business_line, { required: true })}
      {text('company_code', t.fields.company_code, { required: true })}
      <SelectField
        name="industry_type"
        label={requiredLabel(t.fields.industry_type)}
        value={form.values.industry_type}
        isDisabled={industriesLoading}
        onChange={(event) => form.setField('industry_type', event.target.value)}
      >
        <option value="">{t.chooseIndustry}</option>
        {industries.map((industry) => (
          <option key={industry.uuid} value={industry.uuid}>
            {industry.industry}
          </option>
        ))}
      </SelectField>
      {text('society_email', t.fields.society_email, { required: true, type: 'email' })}
      <SelectField
        name="currency"
        label={requiredLabel(t.fields.currency)}
        value={form.values.currency}
        onChange={(event) => form.setField('currency', event.target.value as SocietyValues['currency'])}
      >
        {CURRENCIES.map((currency) => (
          <option key={currency} value={currency}>
            {currency}
          </option>
        ))}
      </SelectField>
      {needsProject ? (
        <SelectionList
          label={editing ? requiredLabel(t.fields.project) : t.fields.project}
          multiple={false}
          source={projectPickerSource(needsProject)}
          selected={form.values.project ? [form.values.project] : []}
          onChange={(chosen) => form.setField('project', chosen[0] ?? '', { group: '', user: [] })}
          testId="society-project"
        />
      ) : null}
      <SelectionList
        label={requiredLabel(t.fields.group)}
        multiple={false}
        source={groupPickerSource(form.values.project, !needsProject || form.values.project !== '')}
        placeholder={needsProject && form.values.project === '' ? t.chooseProject : undefined}
        selected={form.values.group ? [form.values.group] : []}
        onChange={(chosen) => form.setField('group', chosen[0] ?? '', { user: [] })}
        testId="society-group"
      />
      <SelectionList
        label={t.fields.user}
        source={societyUsersPickerSource(groupProject, form.values.group)}
        placeholder={form.values.group ? undefined : t.chooseGroupFirst}
        selected={form.values.user}
        onChange={(values) => form.setField('user', values)}
      />
    </>,
    <>
      {text('society_contact_name', t.fields.society_contact_name, { required: true })}
      {text('society_phone_number', t.fields.society_phone_number, { required: true, placeholder: '+56912345678' })}
      {text('society_address', t.fields.society_address)}
      {text('society_contact_email', t.fields.society_contact_email, { type: 'email' })}
      <SelectField
        name="tax_module"
        label={requiredLabel(t.fields.tax_module)}
        value={form.values.tax_module}
        onChange={(event) => form.setField('tax_module', event.target.value as SocietyValues['tax_module'])}
      >
        <option value="True">{es.adminUi.yes}</option>
        <option value="False">{es.adminUi.no}</option>
      </SelectField>
    </>,
  ];

  return (
    <>
      <UnsavedChangesGuard when={form.dirty && !busy && !done} />
      <WizardSteps titles={t.steps} current={step} />
      {done ? (
        <SuccessPanel
          message={editing ? t.saved : t.created}
          linkLabel={t.goToList}
          to={societiesListPath(role, profile)}
        />
      ) : (
        <Flex as="form" direction="column" gap="medium" noValidate onSubmit={(event) => event.preventDefault()}>
          {steps[step]}
          <RequiredNote />
          <ServerErrors error={error} context={editing ? 'societyGroupChange' : undefined} />
          <WizardButtons
            onBack={step > 0 ? wizard.back : undefined}
            onNext={() => (last ? void submit() : step === 0 ? leaveFirstStep() : wizard.next())}
            nextLabel={last ? (editing ? t.submitEdit : t.submitCreate) : es.adminUi.next}
            disabled={blocked}
            busy={busy}
          />
        </Flex>
      )}
    </>
  );
}
