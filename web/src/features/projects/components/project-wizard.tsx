import { Flex, Heading, Link, TextAreaField, TextField } from '@aws-amplify/ui-react';
import { es } from '@shared/i18n/es';
import { type ReactNode, useEffect, useState } from 'react';
import {
  type FieldValidators,
  FileInput,
  maxLength,
  RequiredNote,
  requiredLabel,
  SelectionList,
  ServerErrors,
  SuccessPanel,
  UnsavedChangesGuard,
  useFormState,
  useWizard,
  validateColor,
  validateEmail,
  validateImage,
  validatePhone,
  validateUrl,
  WizardButtons,
  WizardSteps,
} from '@/components/admin';
import { BrandPreview, useImageUrl } from '@/components/admin/brand-preview';
import { PortalUrlNotice } from '@/components/admin/portal-url-notice';
import { useCreateProject } from '@/features/projects/api/create-project';
import { projectAdminsPickerSource } from '@/features/projects/api/list-project-admins-available';
import {
  EMPTY_PROJECT,
  type ProjectDetail,
  type ProjectValues,
  projectCreateBody,
  projectStepBody,
  requiredFields,
  STEP_FIELDS,
  valuesFromProject,
  type WizardMode,
} from '@/features/projects/api/payload';
import { useUpdateProject } from '@/features/projects/api/update-project';

const t = es.projectsAdmin;
const LIST_PATH = '/admin/projects';

const VALIDATORS: FieldValidators<ProjectValues> = {
  project_name: maxLength(100),
  client_name: maxLength(100),
  associated_service_description: maxLength(500),
  service_description: maxLength(500),
  meta_title: maxLength(100),
  meta_content: maxLength(300),
  url_own_site: validateUrl,
  custom_portal_url: validateUrl,
  contact_email: validateEmail,
  contact_phone: validatePhone,
  header_title: maxLength(100),
  subtitle: maxLength(200),
  footer_disclaimer: maxLength(500),
  primary_color: validateColor,
  secondary_color: validateColor,
  logo: validateImage,
  icon: validateImage,
  image: validateImage,
};

/**
 * The project wizard (admin-area §2, §4, §5): Datos principales, Inicio de sesión, Diseño, then the success step.
 * On create nothing is saved until 'Crear proyecto' on the last step sends one POST with every step (the spec's
 * "submission at the last form step"; issue 14: saving at step 1 left live, half-made projects when the admin left);
 * the steps before only check their fields here. On edit each step PATCHes the project, which exists already. A step
 * advances only when its call returned no error; otherwise the messages show above the buttons.
 */
export function ProjectWizard({ mode, project }: { mode: WizardMode; project?: ProjectDetail }) {
  const initial = project ? valuesFromProject(project) : EMPTY_PROJECT;
  const form = useFormState<ProjectValues>(initial, VALIDATORS);
  const wizard = useWizard(t.steps.length + 1);
  const [saved, setSaved] = useState<ProjectValues | null>(project ? initial : null);
  const [uuid, setUuid] = useState(project?.uuid);
  const [version, setVersion] = useState(project?.version);
  const create = useCreateProject();
  const update = useUpdateProject();
  // The submit state is the mutations' (issue 9).
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

  // The live preview shows a file as soon as it is chosen, else the stored one (issue 14).
  const logoUrl = useImageUrl(form.values.logo, project?.logo);
  const iconUrl = useImageUrl(form.values.icon, project?.icon);
  const imageUrl = useImageUrl(form.values.image, project?.image);

  const stepErrors = (STEP_FIELDS[step] ?? []).some((field) => form.errors[field]);
  const blocked = form.missing(requiredFields(step, mode)) || stepErrors;

  const onSaved = (result: { uuid: string; version: number }) => {
    setUuid(result.uuid);
    setVersion(result.version);
    setSaved({ ...form.values, logo: null, icon: null, image: null });
    wizard.next();
  };

  const submitStep = () => {
    create.reset();
    update.reset();
    if (uuid) {
      update.mutate({ uuid, body: projectStepBody(form.current(), step, saved, version) }, { onSuccess: onSaved });
    } else if (last) {
      create.mutate(projectCreateBody(form.current()), { onSuccess: onSaved });
    } else {
      wizard.next();
    }
  };

  const text = (
    field: keyof ProjectValues,
    label: string,
    options: { required?: boolean; placeholder?: string } = {},
  ) => (
    <TextField
      key={field}
      name={field}
      label={options.required ? requiredLabel(label) : label}
      placeholder={options.placeholder}
      value={form.values[field] as string}
      onChange={(event) => form.setField(field, event.target.value)}
      hasError={Boolean(form.errors[field])}
      errorMessage={form.errors[field]}
    />
  );
  const area = (field: keyof ProjectValues, label: string, required = false) => (
    <TextAreaField
      key={field}
      name={field}
      label={required ? requiredLabel(label) : label}
      rows={3}
      value={form.values[field] as string}
      onChange={(event) => form.setField(field, event.target.value)}
      hasError={Boolean(form.errors[field])}
      errorMessage={form.errors[field]}
    />
  );
  const color = (field: 'primary_color' | 'secondary_color', label: string) => (
    <TextField
      key={field}
      name={field}
      type="color"
      className="admin-color-input"
      label={label}
      value={form.values[field]}
      onChange={(event) => form.setField(field, event.target.value)}
      hasError={Boolean(form.errors[field])}
      errorMessage={form.errors[field]}
      width="12rem"
    />
  );
  const file = (field: 'logo' | 'icon' | 'image', label: string, currentUrl: string | null | undefined) => (
    <FileInput
      key={field}
      label={label}
      accept="image/*"
      file={form.values[field]}
      onChange={(chosen) => form.setField(field, chosen)}
      errorMessage={form.errors[field]}
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
      {/* Asked on create too (issue 14): the browser tab and search results read these. */}
      {text('meta_title', t.fields.meta_title, {
        required: mode === 'edit',
        placeholder: mode === 'create' ? t.metaTitlePlaceholder : undefined,
      })}
      {area('meta_content', t.fields.meta_content, mode === 'edit')}
      <SelectionList
        label={t.fields.admin}
        source={projectAdminsPickerSource(project?.uuid)}
        selected={form.values.admin}
        onChange={(values) => form.setField('admin', values)}
      />
    </>,
    <>
      {text('url_own_site', t.fields.url_own_site, { placeholder: t.urlPlaceholder })}
      {text('custom_portal_url', t.fields.custom_portal_url, { placeholder: t.urlPlaceholder })}
      <PortalUrlNotice url={form.values.custom_portal_url} />
      {text('contact_email', t.fields.contact_email)}
      {text('contact_phone', t.fields.contact_phone, { placeholder: t.phonePlaceholder })}
      {text('header_title', t.fields.header_title)}
      {text('subtitle', t.fields.subtitle)}
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
        projectName={form.values.project_name}
        metaTitle={form.values.meta_title}
        headerTitle={form.values.header_title}
        subtitle={form.values.subtitle}
        footer={form.values.footer_disclaimer}
        primary={form.values.primary_color}
        secondary={form.values.secondary_color}
        logo={logoUrl}
        icon={iconUrl}
        image={imageUrl}
      />
    </>,
  ];

  return (
    <>
      <UnsavedChangesGuard when={form.dirty && !busy && !done} />
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
