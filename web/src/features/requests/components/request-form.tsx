import { Button, Flex, SelectField, Text } from '@aws-amplify/ui-react';
import { DEFAULT_REMINDERS, REQUEST_TITLE_MAX } from '@shared/contracts/requests';
import { es } from '@shared/i18n/es';
import { useStore } from '@tanstack/react-form';
import { useState } from 'react';
import { ServerErrors } from '@/components/admin/server-errors';
import { useAppForm } from '@/components/form/app-form';
import { contractRules, messages } from '@/components/form/contract-rules';
import { useCreateRequest } from '../api/create-request';
import { useProjectFolders } from '../api/list-project-folders';
import { useRequestTemplates } from '../api/list-request-templates';
import { draftOf } from '../lib/reminders';
import {
  createRequestBody,
  draftsOf,
  type RequestValues,
  requestFormBody,
  requestFormSchema,
  type TargetKind,
} from '../lib/request-form';
import { ItemsEditor } from './items-editor';
import { ReminderFields } from './reminder-fields';
import { TargetFields } from './target-fields';

const t = es.requestScreens.form;
const RULES = contractRules<RequestValues>(
  [requestFormSchema],
  {
    target: { blank: t.targetRequired },
    title: { blank: es.errors.field.required(t.requestTitle), ...messages.text },
    due_date: { blank: t.dueRequired, format: t.dueRequired },
    items: { blank: t.itemRequired, length: t.itemRequired, format: t.itemRequired },
  },
  requestFormBody,
);

/**
 * The new request: whom it goes to, from a template (which fills title, items, folder and reminders) or typed, its due
 * date, items, destination folder and reminders. The batch is made once per form, so a second submit of the same
 * form (a double click, a retry after a lost answer) creates nothing twice.
 */
export function RequestForm({
  project,
  kinds,
  onCreated,
}: {
  project: string;
  kinds: readonly TargetKind[];
  onCreated: (count: number) => void;
}) {
  const [batch] = useState(() => crypto.randomUUID());
  const create = useCreateRequest();
  const templates = useRequestTemplates(project);
  const folders = useProjectFolders(project);
  const form = useAppForm({
    defaultValues: {
      kind: kinds[0] ?? 'SOCIETY',
      target: kinds[0] === 'PROJECT' ? project : '',
      template: '',
      title: '',
      due_date: '',
      folder: '',
      items: [{ name: '', note: '' }],
      reminders: draftOf(DEFAULT_REMINDERS),
    } as RequestValues,
    validators: { onChange: RULES },
    onSubmit: ({ value }) =>
      create.mutate(createRequestBody(value, batch), { onSuccess: (answer) => onCreated(answer.created) }),
  });
  const values = useStore(form.store, (state) => state.values);
  const canSend = RULES.passes(values) && !create.isPending;

  const applyTemplate = (uuid: string) => {
    form.setFieldValue('template', uuid);
    const template = templates.data?.find((x) => x.uuid === uuid);
    if (!template) return;
    form.setFieldValue('title', template.name);
    form.setFieldValue('items', draftsOf(template.items));
    form.setFieldValue('folder', template.folder ?? '');
    form.setFieldValue('reminders', draftOf(template.reminders));
  };

  return (
    <Flex
      as="form"
      direction="column"
      gap="medium"
      aria-labelledby="request-form-title"
      onSubmit={(event) => {
        event.preventDefault();
        if (canSend) void form.handleSubmit();
      }}
    >
      <form.Field name="kind">
        {() => (
          <TargetFields
            project={project}
            kinds={kinds}
            kind={values.kind}
            target={values.target}
            onChange={(kind, target) => {
              form.setFieldValue('kind', kind);
              form.setFieldValue('target', target);
            }}
          />
        )}
      </form.Field>
      <SelectField
        label={t.template}
        descriptiveText={t.templateHint}
        value={values.template}
        onChange={(event) => applyTemplate(event.target.value)}
        maxWidth="30rem"
      >
        <option value="">{t.noTemplate}</option>
        {(templates.data ?? []).map((template) => (
          <option key={template.uuid} value={template.uuid}>
            {template.name}
          </option>
        ))}
      </SelectField>
      <form.AppField name="title">
        {(field) => <field.TextField label={t.requestTitle} maxLength={REQUEST_TITLE_MAX} isRequired />}
      </form.AppField>
      <form.AppField name="due_date">
        {(field) => <field.TextField label={t.dueDate} type="date" isRequired maxWidth="14rem" />}
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
            label={t.folder}
            descriptiveText={t.folderHint}
            value={field.state.value}
            onChange={(event) => field.handleChange(event.target.value)}
            maxWidth="30rem"
          >
            <option value="">{t.defaultFolder}</option>
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
      <ServerErrors error={create.error} />
      <Flex gap="small" alignItems="center" wrap="wrap">
        <Button
          type="submit"
          variation="primary"
          isDisabled={!canSend}
          isLoading={create.isPending}
          loadingText={t.sending}
        >
          {t.submit}
        </Button>
        {create.isSuccess ? (
          <Text as="span" role="status" color="font.success">
            {t.created(create.data.created)}
          </Text>
        ) : null}
      </Flex>
    </Flex>
  );
}
