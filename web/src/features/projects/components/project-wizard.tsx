import { CheckboxField, Flex, Heading, Link, SelectField } from '@aws-amplify/ui-react';
import { es } from '@shared/i18n/es';
import { MFA_POLICIES, type MfaPolicy } from '@shared/second-factor';
import { useStore } from '@tanstack/react-form';
import { type ReactNode, useEffect, useState } from 'react';
import { BrandPreview, useImageUrl } from '@/components/admin/brand-preview';
import { FileInput } from '@/components/admin/file-input';
import { RequiredNote, requiredLabel, SuccessPanel } from '@/components/admin/form';
import { PortalUrlNotice } from '@/components/admin/portal-url-notice';
import { SelectionList } from '@/components/admin/selection-list';
import { ServerErrors } from '@/components/admin/server-errors';
import { UnsavedChangesGuard } from '@/components/admin/unsaved-changes-guard';
import { validateImage } from '@/components/admin/validate-image';
import { useWizard, WizardButtons, WizardSteps } from '@/components/admin/wizard';
import { useAppForm } from '@/components/form/app-form';
import { useCreateProject } from '@/features/projects/api/create-project';
import { projectAdminsPickerSource } from '@/features/projects/api/list-project-admins-available';
import {
  EMPTY_PROJECT,
  MICROSOFT_MODES,
  type MicrosoftMode,
  type ProjectDetail,
  type ProjectValues,
  projectCreateBody,
  projectStepBody,
  STEP_FIELDS,
  valuesFromProject,
  type WizardMode,
} from '@/features/projects/api/payload';
import { useUpdateProject } from '@/features/projects/api/update-project';
import { projectRules } from '@/features/projects/lib/project-rules';

const t = es.projectsAdmin;
const LIST_PATH = '/admin/projects';

/** The fields typed in a text box or area. */
type TextKey = Exclude<
  keyof ProjectValues,
  | 'admin'
  | 'primary_color'
  | 'secondary_color'
  | 'logo'
  | 'icon'
  | 'image'
  | 'mfa_policy'
  | 'microsoft_mode'
  | 'microsoft_second_factor'
>;

/**
 * The project wizard (admin-area §2, §4, §5): Datos principales, Inicio de sesión, Diseño, then the success step.
 * On create nothing is saved until 'Crear proyecto' on the last step sends one POST with every step (the spec's
 * "submission at the last form step"; saving at step 1 left live, half-made projects when the admin left);
 * the steps before only check their fields here. On edit each step PATCHes the project, which exists already. A step
 * advances only when its call returned no error; otherwise the messages show above the buttons.
 */
export function ProjectWizard({ mode, project }: { mode: WizardMode; project?: ProjectDetail }) {
  const [initial] = useState(() => (project ? valuesFromProject(project) : EMPTY_PROJECT));
  const rules = projectRules(mode);
  const form = useAppForm({ defaultValues: initial, validators: { onChange: rules } });
  const values = useStore(form.store, (state) => state.values);
  const dirty = useStore(form.store, (state) => !state.isDefaultValue);
  const wizard = useWizard(t.steps.length + 1);
  const [saved, setSaved] = useState<ProjectValues | null>(project ? initial : null);
  const [uuid, setUuid] = useState(project?.uuid);
  const [version, setVersion] = useState(project?.version);
  const create = useCreateProject();
  const update = useUpdateProject();
  // The submit state is the mutations'.
  const busy = create.isPending || update.isPending;
  const error = create.error ?? update.error;
  const step = wizard.index;
  const done = step === t.steps.length;
  const last = step === t.steps.length - 1;

  // The error list belongs to the step it came from.
  // biome-ignore lint/correctness/useExhaustiveDependencies: clear on step change only.
  useEffect(() => {
    create.reset();
    update.reset();
  }, [step]);

  // The live preview shows a file as soon as it is chosen, else the stored one.
  const logoUrl = useImageUrl(values.logo, project?.logo);
  const iconUrl = useImageUrl(values.icon, project?.icon);
  const imageUrl = useImageUrl(values.image, project?.image);

  // The files are checked as images here; every other field by the contract, step by step.
  const stepFields = STEP_FIELDS[step] ?? [];
  const badImage = (['logo', 'icon', 'image'] as const).some(
    (field) => stepFields.includes(field) && validateImage(values[field]),
  );
  const blocked = !rules.passes(values, stepFields) || badImage;

  const onSaved = (result: { uuid: string; version: number }) => {
    setUuid(result.uuid);
    setVersion(result.version);
    setSaved({ ...form.state.values, logo: null, icon: null, image: null });
    wizard.next();
  };

  const submitStep = () => {
    create.reset();
    update.reset();
    if (uuid) {
      update.mutate({ uuid, body: projectStepBody(form.state.values, step, saved, version) }, { onSuccess: onSaved });
    } else if (last) {
      create.mutate(projectCreateBody(form.state.values), { onSuccess: onSaved });
    } else {
      wizard.next();
    }
  };

  const text = (field: TextKey, label: string, options: { required?: boolean; placeholder?: string } = {}) => (
    <form.AppField key={field} name={field}>
      {(bound) => (
        <bound.TextField label={options.required ? requiredLabel(label) : label} placeholder={options.placeholder} />
      )}
    </form.AppField>
  );
  const area = (field: TextKey, label: string, required = false) => (
    <form.AppField key={field} name={field}>
      {(bound) => <bound.TextAreaField label={required ? requiredLabel(label) : label} rows={3} />}
    </form.AppField>
  );
  const color = (field: 'primary_color' | 'secondary_color', label: string) => (
    <form.AppField key={field} name={field}>
      {(bound) => <bound.TextField type="color" className="admin-color-input" label={label} width="12rem" />}
    </form.AppField>
  );
  const file = (field: 'logo' | 'icon' | 'image', label: string, currentUrl: string | null | undefined) => (
    <FileInput
      key={field}
      label={label}
      accept="image/*"
      file={values[field]}
      onChange={(chosen) => form.setFieldValue(field, chosen)}
      errorMessage={validateImage(values[field])}
      current={
        currentUrl ? (
          <Link href={currentUrl} isExternal fontSize="small">
            {t.currentFile}
          </Link>
        ) : null
      }
    />
  );

  const steps: ReactNode[] = [
    <>
      {text('project_name', t.fields.project_name, { required: true })}
      {text('client_name', t.fields.client_name, { required: true })}
      {area('associated_service_description', t.fields.associated_service_description, true)}
      {area('service_description', t.fields.service_description, true)}
      {/* Asked on create too: the browser tab and search results read these. */}
      {text('meta_title', t.fields.meta_title, {
        required: mode === 'edit',
        placeholder: mode === 'create' ? t.metaTitlePlaceholder : undefined,
      })}
      {area('meta_content', t.fields.meta_content, mode === 'edit')}
      <SelectionList
        label={t.fields.admin}
        source={projectAdminsPickerSource(project?.uuid)}
        selected={values.admin}
        onChange={(chosen) => form.setFieldValue('admin', chosen)}
      />
    </>,
    <>
      {text('url_own_site', t.fields.url_own_site, { placeholder: t.urlPlaceholder })}
      {text('custom_portal_url', t.fields.custom_portal_url, { placeholder: t.urlPlaceholder })}
      <PortalUrlNotice url={values.custom_portal_url} />
      {text('contact_email', t.fields.contact_email)}
      {text('contact_phone', t.fields.contact_phone, { placeholder: t.phonePlaceholder })}
      {text('header_title', t.fields.header_title)}
      {text('subtitle', t.fields.subtitle)}
      <SelectField
        label={es.secondFactor.policyLabel}
        value={values.mfa_policy}
        onChange={(event) => form.setFieldValue('mfa_policy', event.target.value as MfaPolicy)}
      >
        {MFA_POLICIES.map((policy) => (
          <option key={policy} value={policy}>
            {es.secondFactor.policies[policy]}
          </option>
        ))}
      </SelectField>
      <SelectField
        label={es.microsoftSignIn.modeLabel}
        value={values.microsoft_mode}
        onChange={(event) => form.setFieldValue('microsoft_mode', event.target.value as MicrosoftMode)}
      >
        {MICROSOFT_MODES.map((mode) => (
          <option key={mode} value={mode}>
            {es.microsoftSignIn.modes[mode]}
          </option>
        ))}
      </SelectField>
      {values.microsoft_mode === 'TENANT' ? (
        <form.AppField key="microsoft_tenant" name="microsoft_tenant">
          {(bound) => (
            <bound.TextField
              label={requiredLabel(es.microsoftSignIn.tenantLabel)}
              placeholder={es.microsoftSignIn.tenantPlaceholder}
              descriptiveText={es.microsoftSignIn.tenantHelp}
            />
          )}
        </form.AppField>
      ) : null}
      {values.microsoft_mode !== 'OFF' ? (
        <CheckboxField
          name="microsoft_second_factor"
          label={es.microsoftSignIn.secondFactorLabel}
          checked={values.microsoft_second_factor}
          onChange={(event) => form.setFieldValue('microsoft_second_factor', event.target.checked)}
        />
      ) : null}
    </>,
    <>
      <Flex gap="large" wrap="wrap">
        {color('primary_color', t.fields.primary_color)}
        {color('secondary_color', t.fields.secondary_color)}
      </Flex>
      {area('footer_disclaimer', t.fields.footer_disclaimer)}
      {file('logo', t.fields.logo, project?.logo)}
      {file('icon', t.fields.icon, project?.icon)}
      {file('image', t.fields.image, project?.image)}
      <Heading level={3} fontSize="medium">
        {es.adminUi.brandPreview.heading}
      </Heading>
      <BrandPreview
        projectName={values.project_name}
        metaTitle={values.meta_title}
        headerTitle={values.header_title}
        subtitle={values.subtitle}
        footer={values.footer_disclaimer}
        primary={values.primary_color}
        secondary={values.secondary_color}
        logo={logoUrl}
        icon={iconUrl}
        image={imageUrl}
      />
    </>,
  ];

  return (
    <>
      <UnsavedChangesGuard when={dirty && !busy && !done} />
      <WizardSteps titles={t.steps} current={step} />
      {done ? (
        <SuccessPanel message={mode === 'create' ? t.created : t.saved} linkLabel={t.goToList} to={LIST_PATH} />
      ) : (
        <Flex as="form" direction="column" gap="medium" noValidate onSubmit={(event) => event.preventDefault()}>
          {steps[step]}
          <RequiredNote />
          <ServerErrors error={error} />
          <WizardButtons
            onBack={step > 0 ? wizard.back : undefined}
            onNext={() => void submitStep()}
            nextLabel={last ? (mode === 'create' ? t.submitCreate : t.submitEdit) : es.adminUi.next}
            disabled={blocked}
            busy={busy}
          />
        </Flex>
      )}
    </>
  );
}
