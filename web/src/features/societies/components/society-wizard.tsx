import { Alert, Flex, SelectField } from '@aws-amplify/ui-react';
import { ERROR_MESSAGES, es } from '@shared/i18n/es';
import { normalizeRut } from '@shared/rut';
import { useStore } from '@tanstack/react-form';
import { type ReactNode, useEffect, useState } from 'react';
import { RequiredNote, requiredLabel, SuccessPanel } from '@/components/admin/form';
import { roleScope } from '@/components/admin/role-scope';
import { SelectionList } from '@/components/admin/selection-list';
import { ServerErrors } from '@/components/admin/server-errors';
import { storedSelection } from '@/components/admin/stored-selection';
import { UnsavedChangesGuard } from '@/components/admin/unsaved-changes-guard';
import { useWizard, WizardButtons, WizardSteps } from '@/components/admin/wizard';
import { useAppForm } from '@/components/form/app-form';
import { useCheckSocietyRut } from '@/features/societies/api/check-society-rut';
import { useCreateSociety } from '@/features/societies/api/create-society';
import { societyUsersPickerSource } from '@/features/societies/api/list-society-users-available';
import {
  CURRENCIES,
  createSocietyBody,
  EMPTY_SOCIETY,
  patchSocietyBody,
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
import { societyRules } from '@/features/societies/lib/society-rules';
import { useOnlyProject } from '@/lib/api/list-my-projects';
import { useSession } from '@/lib/session';
import { societiesListPath } from './list-path';

const t = es.societiesAdmin;

/** The fields typed in a text box; the others are chosen. */
type TextKey = Exclude<keyof SocietyValues, 'industry_type' | 'currency' | 'project' | 'group' | 'user' | 'tax_module'>;

/**
 * The society wizard (admin-area §2, §4, §5): Datos principales, Contacto, then the success step. Each step is checked
 * by the contract's schema before 'Siguiente'; the server is called once, at the end, with the fields of both steps; on
 * an error the messages show above the buttons and the user stays. Changing the project clears the group (and the
 * users, who belong to a project).
 */
export function SocietyWizard({ society }: { society?: SocietyDetail }) {
  const { profile } = useSession();
  const role = profile?.profile.user_role;
  const scope = roleScope(role);
  const editing = Boolean(society);
  const [saved] = useState(() => (society ? valuesFromSociety(society) : null));
  const [rules] = useState(() =>
    societyRules(society && saved ? { values: saved, version: society.version } : undefined),
  );
  const wizard = useWizard(t.steps.length + 1);
  const create = useCreateSociety();
  const update = useUpdateSociety();
  const rutCheck = useCheckSocietyRut();
  /** The check's answer for the RUT as typed: taken, said under the field until the RUT changes. */
  const [rutTaken, setRutTaken] = useState<string>();

  // Without a project selector (GROUP_ADMIN) the caller's own groups are offered; their few records give the project
  // of the chosen group. With one, the project is the form's.
  const needsProject = scope.groups;
  const { industries, loading: industriesLoading } = useIndustries();
  // A new society starts on the default industry, the first of the list; an admin with a single project has nothing
  // to choose: it is preselected. Both arrive late, fill only empty fields, and count as the clean state.
  const firstIndustry = industries[0]?.uuid;
  const { data: onlyProject } = useOnlyProject(!editing && needsProject);
  const [initial] = useState(
    () => saved ?? { ...EMPTY_SOCIETY, project: scope.byProject ? storedSelection('project', profile) : '' },
  );
  const defaults: SocietyValues = editing
    ? initial
    : {
        ...initial,
        industry_type: initial.industry_type || firstIndustry || '',
        project: initial.project || onlyProject || '',
      };

  const form = useAppForm({
    defaultValues: defaults,
    validators: { onChange: rules },
    onSubmit: ({ value }) => {
      const next = { onSuccess: () => wizard.next() };
      if (society && saved) {
        const body = patchSocietyBody(value, saved, society.version);
        update.mutate({ uuid: society.uuid, query: { tax_module: value.tax_module }, body }, next);
      } else {
        create.mutate(createSocietyBody(value), next);
      }
    },
  });
  const values = useStore(form.store, (state) => state.values);
  const dirty = useStore(form.store, (state) => !state.isDefaultValue);

  // Once the person has typed, new defaults no longer replace the values (TanStack Form): the empty ones are filled.
  const lateIndustry = defaults.industry_type;
  const lateProject = defaults.project;
  useEffect(() => {
    const late = { industry_type: lateIndustry, project: lateProject };
    for (const field of ['industry_type', 'project'] as const) {
      if (late[field] && !form.getFieldValue(field)) form.setFieldValue(field, late[field], { dontUpdateMeta: true });
    }
  }, [form, lateIndustry, lateProject]);

  const groupsOf = useMyGroups('', !needsProject);
  const groupProject = groupsOf.groups.find((group) => group.uuid === values.group)?.project ?? values.project;

  // The submit state is the mutations'.
  const busy = create.isPending || update.isPending || rutCheck.isPending;
  const error = create.error ?? update.error;
  const step = wizard.index;
  const done = step === t.steps.length;
  const last = step === t.steps.length - 1;

  // biome-ignore lint/correctness/useExhaustiveDependencies: clear on step change only.
  useEffect(() => {
    create.reset();
    update.reset();
  }, [step]);

  const stepFields = SOCIETY_STEP_FIELDS[step] ?? [];
  const blocked = !rules.passes(values, stepFields) || (step === 0 && rutTaken !== undefined);

  /**
   * Leaving step 1: a RUT already taken is said under its field now, not at the end. A failed check lets the person
   * go on; the create still refuses a taken RUT.
   */
  const leaveFirstStep = () => {
    const typed = form.state.values.society_rut.trim();
    const unchanged = saved && normalizeRut(typed) === normalizeRut(saved.society_rut);
    if (!typed || unchanged) {
      wizard.next();
      return;
    }
    rutCheck.mutate(
      { rut: typed, group: form.state.values.group },
      {
        onSuccess: ({ available }) => (available ? wizard.next() : setRutTaken(ERROR_MESSAGES.RUT_TAKEN)),
        onError: () => wizard.next(),
      },
    );
  };

  const submit = () => {
    create.reset();
    update.reset();
    void form.handleSubmit();
  };

  const text = (
    field: TextKey,
    label: string,
    options: { required?: boolean; placeholder?: string; type?: string } = {},
  ) => (
    <form.AppField
      key={field}
      name={field}
      listeners={field === 'society_rut' ? { onChange: () => setRutTaken(undefined) } : undefined}
    >
      {(bound) => (
        <bound.TextField
          type={options.type}
          label={options.required ? requiredLabel(label) : label}
          placeholder={options.placeholder}
          serverError={field === 'society_rut' ? rutTaken : undefined}
        />
      )}
    </form.AppField>
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
        value={values.industry_type}
        isDisabled={industriesLoading}
        onChange={(event) => form.setFieldValue('industry_type', event.target.value)}
      >
        <option value="">{t.chooseIndustry}</option>
        {industries.map((industry) => (
          <option key={industry.uuid} value={industry.uuid}>
            {industry.industry}
          </option>
        ))}
      </SelectField>
      {!industriesLoading && industries.length === 0 ? (
        <Alert variation="warning" role="note" data-testid="no-industries">
          {role === 'SUPER_ADMIN' ? t.noIndustries.superAdmin : t.noIndustries.other}
        </Alert>
      ) : null}
      {text('society_email', t.fields.society_email, { required: true, type: 'email' })}
      <SelectField
        name="currency"
        label={requiredLabel(t.fields.currency)}
        value={values.currency}
        onChange={(event) => form.setFieldValue('currency', event.target.value as SocietyValues['currency'])}
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
          selected={values.project ? [values.project] : []}
          onChange={(chosen) => {
            form.setFieldValue('project', chosen[0] ?? '');
            form.setFieldValue('group', '');
            form.setFieldValue('user', []);
          }}
          testId="society-project"
        />
      ) : null}
      <SelectionList
        label={requiredLabel(t.fields.group)}
        multiple={false}
        source={groupPickerSource(values.project, !needsProject || values.project !== '')}
        placeholder={needsProject && values.project === '' ? t.chooseProject : undefined}
        selected={values.group ? [values.group] : []}
        onChange={(chosen) => {
          form.setFieldValue('group', chosen[0] ?? '');
          form.setFieldValue('user', []);
        }}
        testId="society-group"
      />
      <SelectionList
        label={t.fields.user}
        source={societyUsersPickerSource(groupProject, values.group)}
        placeholder={values.group ? undefined : t.chooseGroupFirst}
        selected={values.user}
        onChange={(chosen) => form.setFieldValue('user', chosen)}
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
        value={values.tax_module}
        onChange={(event) => form.setFieldValue('tax_module', event.target.value as SocietyValues['tax_module'])}
      >
        <option value="True">{es.adminUi.yes}</option>
        <option value="False">{es.adminUi.no}</option>
      </SelectField>
    </>,
  ];

  return (
    <>
      <UnsavedChangesGuard when={dirty && !busy && !done} />
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
            onNext={() => (last ? submit() : step === 0 ? leaveFirstStep() : wizard.next())}
            nextLabel={last ? (editing ? t.submitEdit : t.submitCreate) : es.adminUi.next}
            disabled={blocked}
            busy={busy}
          />
        </Flex>
      )}
    </>
  );
}
