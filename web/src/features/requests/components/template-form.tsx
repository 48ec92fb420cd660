import {
  Button,
  Card,
  Flex,
  Heading,
  Radio,
  RadioGroupField,
  SelectField,
  Text,
  TextField,
} from '@aws-amplify/ui-react';
import { DEFAULT_REMINDERS, REQUEST_TITLE_MAX } from '@shared/contracts/requests';
import { es } from '@shared/i18n/es';
import { useStore } from '@tanstack/react-form';
import { ServerErrors } from '@/components/admin/server-errors';
import { useAppForm } from '@/components/form/app-form';
import { contractRules, messages } from '@/components/form/contract-rules';
import { useCreateRequestTemplate } from '../api/create-request-template';
import { useProjectFolders } from '../api/list-project-folders';
import type { RequestTemplate } from '../api/list-request-templates';
import { usePutRequestTemplate } from '../api/put-request-template';
import { draftOf } from '../lib/reminders';
import { draftsOf, type TemplateValues, templateFormBody, templateFormSchema } from '../lib/request-form';
import { ItemsEditor } from './items-editor';
import { ReminderFields } from './reminder-fields';

const t = es.requestScreens.templates;
const RULES = contractRules<TemplateValues>(
  [templateFormSchema],
  {
    name: { blank: es.errors.field.required(t.name), ...messages.text },
    items: { blank: es.requestScreens.form.itemRequired, length: es.requestScreens.form.itemRequired },
  },
  templateFormBody,
);

const valuesOf = (template: RequestTemplate | undefined): TemplateValues => ({
  name: template?.name ?? '',
  folder: template?.folder ?? '',
  items: template ? draftsOf(template.items) : [{ name: '', note: '' }],
  reminders: draftOf(template?.reminders ?? DEFAULT_REMINDERS),
  kind: template?.recurrence.kind ?? 'NONE',
  before_deadline: String(-(template?.recurrence.offset_days ?? -5)),
  lead_days: String(template?.recurrence.lead_days ?? 10),
});

/** A template of the project, new or edited: name, items, folder, reminders and its recurrence in plain words. */
export function TemplateForm({
  project,
  template,
  onDone,
}: {
  project: string;
  template?: RequestTemplate;
  onDone: (saved: boolean) => void;
}) {
  const create = useCreateRequestTemplate();
  const put = usePutRequestTemplate();
  const save = template ? put : create;
  const folders = useProjectFolders(project);
  const form = useAppForm({
    defaultValues: valuesOf(template),
    validators: { onChange: RULES },
    onSubmit: ({ value }) => {
      const body = templateFormBody(value);
      const done = { onSuccess: () => onDone(true) };
      if (template) put.mutate({ uuid: template.uuid, ...body }, done);
      else create.mutate({ project, ...body }, done);
    },
  });
  const values = useStore(form.store, (state) => state.values);
  const canSave = RULES.passes(values) && !save.isPending;
  const body = templateFormBody(values);
  const recurrenceWrong =
    values.kind !== 'NONE' && !templateFormSchema.shape.recurrence.safeParse(body.recurrence).success;
  const title = template ? t.formEdit(template.name) : t.formCreate;

  return (
    <Card variation="outlined">
      <Flex
        as="form"
        direction="column"
        gap="medium"
        aria-label={title}
        onSubmit={(event) => {
          event.preventDefault();
          if (canSave) void form.handleSubmit();
        }}
      >
        <Heading level={3} fontSize="large">
          {title}
        </Heading>
        <form.AppField name="name">
          {(field) => <field.TextField label={t.name} maxLength={REQUEST_TITLE_MAX} isRequired />}
        </form.AppField>
        <form.Field name="items">
          {(field) => (
            <ItemsEditor
              project={project}
              items={field.state.value}
              onChange={field.handleChange}
              onBlur={field.handleBlur}
              error={field.state.meta.isTouched ? field.state.meta.errors[0]?.toString() : undefined}
            />
          )}
        </form.Field>
        <form.Field name="folder">
          {(field) => (
            <SelectField
              label={es.requestScreens.form.folder}
              descriptiveText={es.requestScreens.form.folderHint}
              value={field.state.value}
              onChange={(event) => field.handleChange(event.target.value)}
              maxWidth="30rem"
            >
              <option value="">{es.requestScreens.form.defaultFolder}</option>
              {(folders.data ?? []).map((folder) => (
                <option key={folder.uuid} value={folder.uuid}>
                  {folder.folder_name}
                </option>
              ))}
            </SelectField>
          )}
        </form.Field>
        <form.Field name="reminders">
          {(field) => <ReminderFields value={field.state.value} onChange={field.handleChange} />}
        </form.Field>
        <fieldset className="requests-fieldset">
          <legend>{t.recurrence}</legend>
          <Flex direction="column" gap="small">
            <form.Field name="kind">
              {(field) => (
                <RadioGroupField
                  legend={t.recurrence}
                  legendHidden
                  name="recurrence-kind"
                  value={field.state.value}
                  onChange={(event) => field.handleChange(event.target.value as TemplateValues['kind'])}
                >
                  {(['NONE', 'MONTHLY_F29', 'ANNUAL_F22'] as const).map((kind) => (
                    <Radio key={kind} value={kind}>
                      {t.recurrences[kind]}
                    </Radio>
                  ))}
                </RadioGroupField>
              )}
            </form.Field>
            {values.kind !== 'NONE' ? (
              <Flex gap="medium" wrap="wrap">
                <form.Field name="before_deadline">
                  {(field) => (
                    <TextField
                      label={t.offsetDays}
                      inputMode="numeric"
                      value={field.state.value}
                      onChange={(event) => field.handleChange(event.target.value)}
                      hasError={recurrenceWrong && !/^\s*([0-9]|[1-5][0-9]|60)\s*$/.test(field.state.value)}
                      errorMessage={t.offsetFormat}
                      maxWidth="24rem"
                    />
                  )}
                </form.Field>
                <form.Field name="lead_days">
                  {(field) => (
                    <TextField
                      label={t.leadDays}
                      inputMode="numeric"
                      value={field.state.value}
                      onChange={(event) => field.handleChange(event.target.value)}
                      hasError={recurrenceWrong && !/^\s*([1-9]|[1-5][0-9]|60)\s*$/.test(field.state.value)}
                      errorMessage={t.leadFormat}
                      maxWidth="24rem"
                    />
                  )}
                </form.Field>
              </Flex>
            ) : null}
            <Text fontSize="small" data-testid="recurrence-explained">
              {recurrenceWrong ? '' : t.explain(values.kind, body.recurrence.offset_days, body.recurrence.lead_days)}
            </Text>
          </Flex>
        </fieldset>
        <ServerErrors error={save.error} />
        <Flex gap="small" wrap="wrap">
          <Button type="submit" variation="primary" isDisabled={!canSave} isLoading={save.isPending}>
            {t.save}
          </Button>
          <Button type="button" onClick={() => onDone(false)}>
            {t.cancel}
          </Button>
        </Flex>
      </Flex>
    </Card>
  );
}
