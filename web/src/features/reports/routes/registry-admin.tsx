import { Alert, Button, Flex, SelectField, Text } from '@aws-amplify/ui-react';
import { registryEntryCreateSchema, registryEntryPatchSchema } from '@shared/contracts/dashboard-registry';
import { es, fieldErrorMessage } from '@shared/i18n/es';
import { useStore } from '@tanstack/react-form';
import { useState } from 'react';
import { AdminTable } from '@/components/admin/admin-table';
import { ListPage } from '@/components/admin/list-page';
import { Modal } from '@/components/admin/modal';
import { SelectionList } from '@/components/admin/selection-list';
import { ServerErrors } from '@/components/admin/server-errors';
import { useAppForm } from '@/components/form/app-form';
import { contractRules, type FieldMessages, messages } from '@/components/form/contract-rules';
import {
  type RegistryEntry,
  type RegistryTool,
  useCreateRegistryEntry,
  useDeleteRegistryEntry,
  usePatchRegistryEntry,
  useRegistryEntries,
} from '@/features/reports/api/registry';
import { myProjectsPickerSource } from '@/lib/api/list-my-projects';

const t = es.dashboardRegistry;

type NewEntry = {
  tool_type: RegistryTool;
  name: string;
  aws_id_dashboard: string;
  url: string;
  project_list: string[];
};
type Target = 'aws_id_dashboard' | 'url';

/** The dashboard's field of each tool. */
const TARGET: Record<RegistryTool, Target> = { QUICKSIGHT: 'aws_id_dashboard', POWER_BI: 'url' };
/** The words the API's refusal of that field has (a malformed id or URL), said before sending. */
const targetWords = (field: Target): FieldMessages => ({
  length: fieldErrorMessage(field, 'ERROR_LENGTH'),
  format: fieldErrorMessage(field, 'FORMAT_ERROR'),
});

/** What the create sends: the name trimmed, the tool's own field only, and only once typed. */
function createBody(values: NewEntry) {
  const field = TARGET[values.tool_type];
  const target = values[field].trim();
  return {
    tool_type: values.tool_type,
    name: values.name.trim(),
    ...(target && { [field]: target }),
    project_list: values.project_list,
  };
}

const CREATE_RULES = contractRules<NewEntry>(
  [registryEntryCreateSchema],
  { name: messages.text, aws_id_dashboard: targetWords('aws_id_dashboard'), url: targetWords('url') },
  createBody,
);
/** The contract leaves the id and the URL optional; the form needs the tool's own. */
const createReady = (values: NewEntry) => CREATE_RULES.passes(values) && values[TARGET[values.tool_type]].trim() !== '';

type EntryEdit = { name: string; project_list: string[] };
const EDIT_RULES = contractRules<EntryEdit>([registryEntryPatchSchema], { name: messages.text }, (values) => ({
  name: values.name.trim(),
  project_list: values.project_list,
}));

/**
 * /admin/dashboards: the SUPER_ADMIN registers each QuickSight dashboard and Power BI report the portal may
 * embed and binds it to projects; reports pick among their projects' entries only. The API's refusals show in Spanish
 * (a dashboard registered twice, an id outside the deployment's prefix, a malformed URL).
 */
export function RegistryAdminRoute() {
  const [done, setDone] = useState<string | null>(null);
  const [editing, setEditing] = useState<RegistryEntry | null>(null);
  const { data, isFetching, error, refetch } = useRegistryEntries();
  const create = useCreateRegistryEntry();
  const remove = useDeleteRegistryEntry();
  // The form's defaults are kept here: the form takes them again on each render, so a reset's values must be them.
  const [blank, setBlank] = useState<NewEntry>({
    tool_type: 'QUICKSIGHT',
    name: '',
    aws_id_dashboard: '',
    url: '',
    project_list: [],
  });
  const form = useAppForm({
    defaultValues: blank,
    validators: { onChange: CREATE_RULES },
    onSubmit: ({ value }) => {
      setDone(null);
      create.mutate(createBody(value), {
        onSuccess: (created) => {
          // The tool stays chosen; the rest starts again from nothing.
          const next = { ...blank, tool_type: value.tool_type };
          setBlank(next);
          form.reset(next);
          setDone(t.registered(created.name));
        },
      });
    },
  });
  const values = useStore(form.store, (state) => state.values);
  const tool = values.tool_type;
  const target = TARGET[tool];

  return (
    <ListPage title={t.title}>
      <Text>{t.hint}</Text>
      <Flex
        as="form"
        direction="column"
        gap="small"
        onSubmit={(event) => {
          event.preventDefault();
          void form.handleSubmit();
        }}
      >
        <Flex gap="small" wrap="wrap" alignItems="flex-end">
          <SelectField
            label={t.toolLabel}
            size="small"
            value={tool}
            onChange={(event) => {
              form.setFieldValue('tool_type', event.target.value as RegistryTool);
              form.setFieldValue(target, '');
              create.reset();
            }}
          >
            <option value="QUICKSIGHT">{t.tools.QUICKSIGHT}</option>
            <option value="POWER_BI">{t.tools.POWER_BI}</option>
          </SelectField>
          <form.AppField name="name">
            {(field) => <field.TextField label={t.nameLabel} size="small" maxLength={100} />}
          </form.AppField>
          <form.AppField key={target} name={target} listeners={{ onChange: () => create.reset() }}>
            {(field) => (
              <field.TextField
                label={tool === 'QUICKSIGHT' ? t.dashboardIdLabel : t.urlLabel}
                size="small"
                maxLength={tool === 'QUICKSIGHT' ? 512 : 2000}
              />
            )}
          </form.AppField>
        </Flex>
        <SelectionList
          label={t.projectsLabel}
          testId="registry-projects"
          source={myProjectsPickerSource()}
          selected={values.project_list}
          onChange={(chosen) => form.setFieldValue('project_list', chosen)}
        />
        <Flex>
          <Button type="submit" size="small" variation="primary" isDisabled={!createReady(values) || create.isPending}>
            {t.register}
          </Button>
        </Flex>
      </Flex>
      {create.error ? <ServerErrors error={create.error} /> : null}
      {done ? (
        <Alert variation="success" role="status" isDismissible onDismiss={() => setDone(null)}>
          {done}
        </Alert>
      ) : null}
      {error ? <ServerErrors error={error} /> : null}
      <AdminTable
        label={t.tableLabel}
        rows={data}
        rowKey={(e) => e.uuid}
        loading={isFetching}
        emptyText={t.empty}
        onChanged={() => {
          setDone(t.deleted);
          refetch();
        }}
        columns={[
          { header: t.columns.name, cell: (e) => e.name },
          { header: t.columns.tool, cell: (e) => t.tools[e.tool_type] },
          {
            header: t.columns.target,
            cell: (e) => <span style={{ overflowWrap: 'anywhere' }}>{e.aws_id_dashboard ?? e.url}</span>,
          },
          {
            header: t.columns.projects,
            cell: (e) => (e.project_list.length > 0 ? e.project_list.map((p) => p.name).join(', ') : t.noProjects),
          },
          {
            header: t.columns.edit,
            cell: (e) => (
              <Button size="small" aria-label={t.editFor(e.name)} onClick={() => setEditing(e)}>
                {t.edit}
              </Button>
            ),
          },
        ]}
        actions={(e) => ({
          name: e.name,
          remove: { confirm: t.deleteConfirm(e.name), run: () => remove.mutateAsync(e.uuid) },
        })}
      />
      <EditDialog
        key={editing?.uuid ?? 'closed'}
        entry={editing}
        onClose={() => setEditing(null)}
        onDone={(saved) => {
          setEditing(null);
          setDone(t.saved(saved));
        }}
      />
    </ListPage>
  );
}

/** A rename or new bindings; the dashboard itself stays (another one is registered as a new entry). */
function EditDialog({
  entry,
  onClose,
  onDone,
}: {
  entry: RegistryEntry | null;
  onClose: () => void;
  onDone: (name: string) => void;
}) {
  // Keyed by the entry: each opens from its current values and without the previous error.
  const patch = usePatchRegistryEntry();
  const [initial] = useState<EntryEdit>(() => ({
    name: entry?.name ?? '',
    project_list: entry?.project_list.map((p) => p.uuid) ?? [],
  }));
  const form = useAppForm({
    defaultValues: initial,
    validators: { onChange: EDIT_RULES },
    onSubmit: ({ value }) => {
      if (!entry) return;
      patch.mutate(
        { uuid: entry.uuid, name: value.name.trim(), project_list: value.project_list },
        { onSuccess: (saved) => onDone(saved.name) },
      );
    },
  });
  const values = useStore(form.store, (state) => state.values);
  return (
    <Modal
      open={entry !== null}
      title={t.editTitle}
      onClose={onClose}
      actions={
        <>
          <Button size="small" onClick={onClose}>
            {t.cancel}
          </Button>
          <Button
            size="small"
            variation="primary"
            isDisabled={!EDIT_RULES.passes(values) || patch.isPending}
            onClick={() => void form.handleSubmit()}
          >
            {t.save}
          </Button>
        </>
      }
    >
      <form.AppField name="name">{(field) => <field.TextField label={t.nameLabel} maxLength={100} />}</form.AppField>
      <SelectionList
        label={t.projectsLabel}
        testId="registry-edit-projects"
        source={myProjectsPickerSource()}
        selected={values.project_list}
        onChange={(chosen) => form.setFieldValue('project_list', chosen)}
      />
      {patch.error ? <ServerErrors error={patch.error} /> : null}
    </Modal>
  );
}
