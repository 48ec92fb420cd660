import { Badge, Button, Flex, Loader, Table, TableBody, TableCell, TableRow, Text } from '@aws-amplify/ui-react';
import { industryBodySchema } from '@shared/contracts/societies';
import { es, fieldErrorMessage, messageForError } from '@shared/i18n/es';
import { useStore } from '@tanstack/react-form';
import { useState } from 'react';
import { ConfirmDialog, Modal } from '@/components/admin/modal';
import { useAppForm } from '@/components/form/app-form';
import { contractRules, messages } from '@/components/form/contract-rules';
import { useCreateIndustry } from '@/features/societies/api/create-industry';
import { useDeleteIndustry } from '@/features/societies/api/delete-industry';
import { useUpdateIndustry } from '@/features/societies/api/update-industry';
import { useIndustries } from '@/features/societies/api/use-society-options';
import { ApiError } from '@/lib/api-client';

const t = es.industriesAdmin;
type IndustryValues = { industry: string };
/** An industry's name, checked by the contract of its create and rename (admin-area §5). */
const RULES = contractRules<IndustryValues>([industryBodySchema], { industry: messages.text }, (values) => ({
  industry: values.industry.trim(),
}));
const EMPTY: IndustryValues = { industry: '' };

/** The message under the industry field for a failed save (admin-area §5, §8: errors appear under the field). */
function industryError(error: unknown): string {
  if (error instanceof ApiError && error.errors?.industry?.[0])
    return fieldErrorMessage('industry', error.errors.industry[0]);
  return messageForError(error);
}

/** One industry row: its name, or the rename field; the first industry is fixed (admin-area §3). */
function IndustryRow({
  industry,
  fixed,
  onSaved,
  onDelete,
}: {
  industry: { uuid: string; industry: string };
  fixed: boolean;
  onSaved: () => void;
  onDelete: () => void;
}) {
  const [editing, setEditing] = useState(false);
  const rename = useUpdateIndustry();
  const form = useAppForm({
    defaultValues: { industry: industry.industry },
    validators: { onChange: RULES },
    onSubmit: ({ value }) =>
      rename.mutate(
        { uuid: industry.uuid, body: { industry: value.industry.trim() } },
        {
          onSuccess: () => {
            setEditing(false);
            onSaved();
          },
        },
      ),
  });
  const values = useStore(form.store, (state) => state.values);
  // The submit state is the mutation's; its refusal shows under the field until the name changes.
  const serverError = rename.error ? industryError(rename.error) : undefined;
  const busy = rename.isPending;

  return (
    <TableRow data-industry={industry.industry}>
      <TableCell>
        {editing ? (
          <form.AppField name="industry" listeners={{ onChange: () => rename.reset() }}>
            {(field) => <field.TextField label={t.name} labelHidden size="small" serverError={serverError} />}
          </form.AppField>
        ) : (
          <Flex gap="xs" alignItems="center">
            <Text>{industry.industry}</Text>
            {fixed ? <Badge size="small">{t.fixed}</Badge> : null}
          </Flex>
        )}
      </TableCell>
      <TableCell textAlign="end" whiteSpace="nowrap">
        {fixed ? null : editing ? (
          <Flex gap="xs" justifyContent="flex-end">
            <Button
              size="small"
              variation="primary"
              onClick={() => void form.handleSubmit()}
              isDisabled={!RULES.passes(values) || Boolean(serverError)}
              isLoading={busy}
            >
              {t.save}
            </Button>
            <Button
              size="small"
              onClick={() => {
                setEditing(false);
                form.reset();
                rename.reset();
              }}
            >
              {es.adminUi.cancel}
            </Button>
          </Flex>
        ) : (
          <Flex gap="xs" justifyContent="flex-end">
            <Button size="small" variation="link" onClick={() => setEditing(true)}>
              {t.rename}
            </Button>
            <Button size="small" variation="link" colorTheme="error" onClick={onDelete}>
              {es.adminUi.delete}
            </Button>
          </Flex>
        )}
      </TableCell>
    </TableRow>
  );
}

/**
 * Industries management (SUPER_ADMIN, from the societies screen): list, add, rename, delete. The first industry is
 * the default: it cannot be renamed or deleted. Errors appear under the field; a refused delete in the confirmation.
 */
export function IndustriesManager({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { industries, loading, reload } = useIndustries();
  const [deleting, setDeleting] = useState<{ uuid: string; industry: string } | null>(null);
  const create = useCreateIndustry();
  const remove = useDeleteIndustry();
  const form = useAppForm({
    defaultValues: EMPTY,
    validators: { onChange: RULES },
    onSubmit: ({ value }) =>
      create.mutate(
        { industry: value.industry.trim() },
        {
          onSuccess: () => {
            form.reset(EMPTY);
            reload();
          },
        },
      ),
  });
  const values = useStore(form.store, (state) => state.values);
  // The submit state is the mutation's; its refusal shows under the field until the name changes.
  const serverError = create.error ? industryError(create.error) : undefined;
  const busy = create.isPending;
  const blocked = !RULES.passes(values) || Boolean(serverError);

  return (
    <Modal
      open={open}
      title={t.title}
      onClose={onClose}
      testId="industries-dialog"
      actions={<Button onClick={onClose}>{es.adminUi.close}</Button>}
    >
      <Flex
        as="form"
        gap="small"
        alignItems="flex-start"
        onSubmit={(event) => {
          event.preventDefault();
          if (!blocked) void form.handleSubmit();
        }}
      >
        <form.AppField name="industry" listeners={{ onChange: () => create.reset() }}>
          {(field) => <field.TextField flex="1" label={t.newLabel} size="small" serverError={serverError} />}
        </form.AppField>
        <Button type="submit" size="small" variation="primary" marginTop="large" isDisabled={blocked} isLoading={busy}>
          {t.add}
        </Button>
      </Flex>
      {loading && industries.length === 0 ? (
        <Loader />
      ) : industries.length === 0 ? (
        <Text data-testid="no-industries">{t.empty}</Text>
      ) : (
        <Table size="small" aria-label={t.title}>
          <TableBody>
            {industries.map((industry, index) => (
              <IndustryRow
                key={`${industry.uuid}-${industry.industry}`}
                industry={industry}
                fixed={index === 0}
                onSaved={reload}
                onDelete={() => setDeleting(industry)}
              />
            ))}
          </TableBody>
        </Table>
      )}
      <ConfirmDialog
        open={deleting !== null}
        message={deleting ? t.deleteConfirm(deleting.industry) : ''}
        onConfirm={async () => {
          if (deleting) await remove.mutateAsync(deleting.uuid);
          reload();
        }}
        onClose={() => setDeleting(null)}
      />
    </Modal>
  );
}
