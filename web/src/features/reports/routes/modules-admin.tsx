import { Alert, Button, Flex, SelectField, Text, TextField } from '@aws-amplify/ui-react';
import { es } from '@shared/i18n/es';
import { type FormEvent, useState } from 'react';
import { AdminTable, formatDate, ListPage, Modal, ServerErrors } from '@/components/admin';
import {
  type ModuleType,
  useCreateModule,
  useDeleteModule,
  useModuleList,
  useRenameModule,
} from '@/features/reports/api/modules-admin';

const t = es.modulesAdmin;

/**
 * /admin/modules (issue 11; portal §3 Module, §7 Modules): SUPER_ADMIN lists the modules of each kind, creates,
 * renames and deletes them. The API's refusals show in Spanish: a repeated name (SAME_DATA), a module in use
 * (MODULE_IN_USE, in the delete dialog).
 */
export function ModulesAdminRoute() {
  const [moduleType, setModuleType] = useState<ModuleType>('REPORT');
  const [name, setName] = useState('');
  const [done, setDone] = useState<string | null>(null);
  const [renaming, setRenaming] = useState<{ uuid: string; name: string } | null>(null);
  const { data, isFetching, error, refetch } = useModuleList(moduleType);
  const create = useCreateModule();
  const remove = useDeleteModule();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setDone(null);
    const created = await create.mutateAsync({ module_name: name.trim(), module_type: moduleType });
    setName('');
    setDone(t.created(created.module_name));
  };

  return (
    <ListPage title={t.title}>
      <Text>{t.hint}</Text>
      <Flex as="form" gap="small" wrap="wrap" alignItems="flex-end" onSubmit={(e) => submit(e).catch(() => undefined)}>
        <SelectField
          label={t.typeLabel}
          size="small"
          value={moduleType}
          onChange={(event) => {
            setModuleType(event.target.value as ModuleType);
            create.reset();
            setDone(null);
          }}
        >
          <option value="REPORT">{t.types.REPORT}</option>
          <option value="ACCOUNTING">{t.types.ACCOUNTING}</option>
        </SelectField>
        <TextField
          label={t.nameLabel}
          size="small"
          value={name}
          maxLength={60}
          onChange={(event) => {
            setName(event.target.value);
            create.reset();
          }}
        />
        <Button type="submit" size="small" variation="primary" isDisabled={!name.trim() || create.isPending}>
          {t.create}
        </Button>
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
        rowKey={(m) => m.uuid}
        loading={isFetching}
        emptyText={t.empty}
        onChanged={() => {
          setDone(t.deleted);
          refetch();
        }}
        columns={[
          { header: t.columns.name, cell: (m) => m.module_name },
          { header: t.columns.inUse, cell: (m) => m.in_use },
          { header: t.columns.created, cell: (m) => formatDate(m.created) },
          {
            header: t.columns.rename,
            cell: (m) => (
              <Button
                size="small"
                aria-label={t.renameFor(m.module_name)}
                onClick={() => setRenaming({ uuid: m.uuid, name: m.module_name })}
              >
                {t.rename}
              </Button>
            ),
          },
        ]}
        actions={(m) => ({
          name: m.module_name,
          remove: { confirm: t.deleteConfirm(m.module_name), run: () => remove.mutateAsync(m.uuid) },
        })}
      />
      <RenameDialog
        target={renaming}
        onClose={() => setRenaming(null)}
        onDone={(renamed) => {
          setRenaming(null);
          setDone(t.renamed(renamed));
        }}
      />
    </ListPage>
  );
}

function RenameDialog({
  target,
  onClose,
  onDone,
}: {
  target: { uuid: string; name: string } | null;
  onClose: () => void;
  onDone: (name: string) => void;
}) {
  const [name, setName] = useState('');
  const rename = useRenameModule();
  const [openedFor, setOpenedFor] = useState<string | null>(null);
  // A new target starts from its current name and without the previous error.
  if (target && openedFor !== target.uuid) {
    setOpenedFor(target.uuid);
    setName(target.name);
    rename.reset();
  }
  const save = async () => {
    if (!target) return;
    const saved = await rename.mutateAsync({ uuid: target.uuid, module_name: name.trim() });
    setOpenedFor(null);
    onDone(saved.module_name);
  };
  return (
    <Modal
      open={target !== null}
      title={t.renameTitle}
      onClose={() => {
        setOpenedFor(null);
        onClose();
      }}
      actions={
        <>
          <Button
            size="small"
            onClick={() => {
              setOpenedFor(null);
              onClose();
            }}
          >
            {t.cancel}
          </Button>
          <Button
            size="small"
            variation="primary"
            isDisabled={!name.trim() || rename.isPending}
            onClick={() => save().catch(() => undefined)}
          >
            {t.save}
          </Button>
        </>
      }
    >
      <TextField label={t.nameLabel} value={name} maxLength={60} onChange={(event) => setName(event.target.value)} />
      {rename.error ? <ServerErrors error={rename.error} /> : null}
    </Modal>
  );
}
