import { Alert, Button, Flex, SelectField, Text, TextField } from '@aws-amplify/ui-react';
import { es } from '@shared/i18n/es';
import { type FormEvent, useState } from 'react';
import { AdminTable } from '@/components/admin/admin-table';
import { ListPage } from '@/components/admin/list-page';
import { Modal } from '@/components/admin/modal';
import { SelectionList } from '@/components/admin/selection-list';
import { ServerErrors } from '@/components/admin/server-errors';
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

/**
 * /admin/dashboards: the SUPER_ADMIN registers each QuickSight dashboard and Power BI report the portal may
 * embed and binds it to projects; reports pick among their projects' entries only. The API's refusals show in Spanish
 * (a dashboard registered twice, an id outside the deployment's prefix, a malformed URL).
 */
export function RegistryAdminRoute() {
  const [tool, setTool] = useState<RegistryTool>('QUICKSIGHT');
  const [name, setName] = useState('');
  const [target, setTarget] = useState('');
  const [projects, setProjects] = useState<string[]>([]);
  const [done, setDone] = useState<string | null>(null);
  const [editing, setEditing] = useState<RegistryEntry | null>(null);
  const { data, isFetching, error, refetch } = useRegistryEntries();
  const create = useCreateRegistryEntry();
  const remove = useDeleteRegistryEntry();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setDone(null);
    const identity = tool === 'QUICKSIGHT' ? { aws_id_dashboard: target.trim() } : { url: target.trim() };
    const created = await create.mutateAsync({
      tool_type: tool,
      name: name.trim(),
      ...identity,
      project_list: projects,
    });
    setName('');
    setTarget('');
    setProjects([]);
    setDone(t.registered(created.name));
  };

  return (
    <ListPage title={t.title}>
      <Text>{t.hint}</Text>
      <Flex as="form" direction="column" gap="small" onSubmit={(e) => submit(e).catch(() => undefined)}>
        <Flex gap="small" wrap="wrap" alignItems="flex-end">
          <SelectField
            label={t.toolLabel}
            size="small"
            value={tool}
            onChange={(event) => {
              setTool(event.target.value as RegistryTool);
              setTarget('');
              create.reset();
            }}
          >
            <option value="QUICKSIGHT">{t.tools.QUICKSIGHT}</option>
            <option value="POWER_BI">{t.tools.POWER_BI}</option>
          </SelectField>
          <TextField
            label={t.nameLabel}
            size="small"
            value={name}
            maxLength={100}
            onChange={(event) => setName(event.target.value)}
          />
          <TextField
            label={tool === 'QUICKSIGHT' ? t.dashboardIdLabel : t.urlLabel}
            size="small"
            value={target}
            maxLength={tool === 'QUICKSIGHT' ? 512 : 2000}
            onChange={(event) => {
              setTarget(event.target.value);
              create.reset();
            }}
          />
        </Flex>
        <SelectionList
          label={t.projectsLabel}
          testId="registry-projects"
          source={myProjectsPickerSource()}
          selected={projects}
          onChange={setProjects}
        />
        <Flex>
          <Button
            type="submit"
            size="small"
            variation="primary"
            isDisabled={!name.trim() || !target.trim() || create.isPending}
          >
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
  const [name, setName] = useState('');
  const [projects, setProjects] = useState<string[]>([]);
  const [openedFor, setOpenedFor] = useState<string | null>(null);
  const patch = usePatchRegistryEntry();
  // A new entry starts from its current values and without the previous error.
  if (entry && openedFor !== entry.uuid) {
    setOpenedFor(entry.uuid);
    setName(entry.name);
    setProjects(entry.project_list.map((p) => p.uuid));
    patch.reset();
  }
  const close = () => {
    setOpenedFor(null);
    onClose();
  };
  const save = async () => {
    if (!entry) return;
    const saved = await patch.mutateAsync({ uuid: entry.uuid, name: name.trim(), project_list: projects });
    setOpenedFor(null);
    onDone(saved.name);
  };
  return (
    <Modal
      open={entry !== null}
      title={t.editTitle}
      onClose={close}
      actions={
        <>
          <Button size="small" onClick={close}>
            {t.cancel}
          </Button>
          <Button
            size="small"
            variation="primary"
            isDisabled={!name.trim() || patch.isPending}
            onClick={() => save().catch(() => undefined)}
          >
            {t.save}
          </Button>
        </>
      }
    >
      <TextField label={t.nameLabel} value={name} maxLength={100} onChange={(event) => setName(event.target.value)} />
      <SelectionList
        label={t.projectsLabel}
        testId="registry-edit-projects"
        source={myProjectsPickerSource()}
        selected={projects}
        onChange={setProjects}
      />
      {patch.error ? <ServerErrors error={patch.error} /> : null}
    </Modal>
  );
}
