import { Alert, Button, Flex, SelectField, Text } from '@aws-amplify/ui-react';
import { moduleCreateSchema, moduleRenameSchema } from '@shared/contracts/modules';
import { es } from '@shared/i18n/es';
import { useStore } from '@tanstack/react-form';
import { useEffect, useState } from 'react';
import { AdminTable } from '@/components/admin/admin-table';
import { formatDate } from '@/components/admin/format';
import { ListPage } from '@/components/admin/list-page';
import { Modal } from '@/components/admin/modal';
import { ServerErrors } from '@/components/admin/server-errors';
import { useAppForm } from '@/components/form/app-form';
import { contractRules, messages } from '@/components/form/contract-rules';
import {
  type ModuleType,
  useCreateModule,
  useDeleteModule,
  useModuleList,
  useRenameModule,
} from '@/features/reports/api/modules-admin';

const t = es.modulesAdmin;

type NewModule = { module_name: string; module_type: ModuleType };
const CREATE_RULES = contractRules<NewModule>([moduleCreateSchema], { module_name: messages.text }, (values) => ({
  module_name: values.module_name.trim(),
  module_type: values.module_type,
}));
const RENAME_RULES = contractRules<{ module_name: string }>([moduleRenameSchema], { module_name: messages.text });

/**
 * /admin/modules (portal §3 Module, §7 Modules): SUPER_ADMIN lists the modules of each kind, creates,
 * renames and deletes them. The API's refusals show in Spanish: a repeated name (SAME_DATA), a module in use
 * (MODULE_IN_USE, in the delete dialog).
 */
export function ModulesAdminRoute() {
  const [done, setDone] = useState<string | null>(null);
  const [renaming, setRenaming] = useState<{ uuid: string; name: string } | null>(null);
  const create = useCreateModule();
  const remove = useDeleteModule();
  // The form's defaults are kept here: the form takes them again on each render, so a reset's values must be them.
  const [blank, setBlank] = useState<NewModule>({ module_name: '', module_type: 'REPORT' });
  const form = useAppForm({
    defaultValues: blank,
    validators: { onChange: CREATE_RULES },
    onSubmit: ({ value }) => {
      setDone(null);
      create.mutate(
        { module_name: value.module_name.trim(), module_type: value.module_type },
        {
          onSuccess: (created) => {
            // The kind stays chosen; the name starts again from nothing.
            const next = { ...value, module_name: '' };
            setBlank(next);
            form.reset(next);
            setDone(t.created(created.module_name));
          },
        },
      );
    },
  });
  const values = useStore(form.store, (state) => state.values);
  const moduleType = values.module_type;
  const { data, isFetching, error, refetch } = useModuleList(moduleType);

  return (
    <ListPage title={t.title}>
      <Text>{t.hint}</Text>
      <Flex
        as="form"
        gap="small"
        wrap="wrap"
        alignItems="flex-end"
        onSubmit={(event) => {
          event.preventDefault();
          void form.handleSubmit();
        }}
      >
        <SelectField
          label={t.typeLabel}
          size="small"
          value={moduleType}
          onChange={(event) => {
            form.setFieldValue('module_type', event.target.value as ModuleType);
            create.reset();
            setDone(null);
          }}
        >
          <option value="REPORT">{t.types.REPORT}</option>
          <option value="ACCOUNTING">{t.types.ACCOUNTING}</option>
        </SelectField>
        <form.AppField name="module_name" listeners={{ onChange: () => create.reset() }}>
          {(field) => <field.TextField label={t.nameLabel} size="small" maxLength={60} />}
        </form.AppField>
        <Button
          type="submit"
          size="small"
          variation="primary"
          isDisabled={!CREATE_RULES.passes(values) || create.isPending}
        >
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
  const rename = useRenameModule();
  const form = useAppForm({
    defaultValues: { module_name: target?.name ?? '' },
    validators: { onChange: RENAME_RULES },
    onSubmit: ({ value }) => {
      if (!target) return;
      rename.mutate(
        { uuid: target.uuid, module_name: value.module_name.trim() },
        {
          onSuccess: (saved) => onDone(saved.module_name),
        },
      );
    },
  });
  const name = useStore(form.store, (state) => state.values.module_name);
  // A new target starts from its current name and without the previous error.
  const { reset } = rename;
  useEffect(() => {
    if (!target) return;
    form.reset({ module_name: target.name });
    reset();
  }, [target, form, reset]);
  return (
    <Modal
      open={target !== null}
      title={t.renameTitle}
      onClose={onClose}
      actions={
        <>
          <Button size="small" onClick={onClose}>
            {t.cancel}
          </Button>
          <Button
            size="small"
            variation="primary"
            isDisabled={!RENAME_RULES.passes({ module_name: name }) || rename.isPending}
            onClick={() => void form.handleSubmit()}
          >
            {t.save}
          </Button>
        </>
      }
    >
      <form.AppField name="module_name">
        {(field) => <field.TextField label={t.nameLabel} maxLength={60} />}
      </form.AppField>
      {rename.error ? <ServerErrors error={rename.error} /> : null}
    </Modal>
  );
}
