import { Button } from '@aws-amplify/ui-react';
import { fileNameSchema } from '@shared/contracts/documents';
import { folderNameSchema } from '@shared/contracts/folders';
import { es, fieldErrorMessage } from '@shared/i18n/es';
import { useStore } from '@tanstack/react-form';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import * as z from 'zod/mini';
import { Modal } from '@/components/admin/modal';
import { ServerErrors } from '@/components/admin/server-errors';
import { useAppForm } from '@/components/form/app-form';
import { contractRules } from '@/components/form/contract-rules';

/** The names a modal gives: a folder's (create, rename) or a document's (rename), as their contracts check them. */
export type NameField = 'folder_name' | 'document_name';
const SCHEMAS: Record<NameField, z.ZodMiniType<string>> = {
  folder_name: folderNameSchema,
  document_name: fileNameSchema,
};

/**
 * The rules of a name: the contract's, a separator worded as the API words it. A blank name is left out of the body,
 * so it only keeps the submit disabled (its empty text also fails the format, which would say so).
 */
export function nameRules(field: NameField) {
  return contractRules<{ name: string }>(
    [z.object({ name: SCHEMAS[field] })],
    { name: { format: fieldErrorMessage(field, 'FORMAT_ERROR') } },
    ({ name }) => (name.trim() ? { name } : {}),
  );
}

/** A one-field name form in a modal: create or rename a folder, rename a document. */
export function NameModal({
  open,
  title,
  label,
  placeholder,
  initial = '',
  field = 'document_name',
  submitLabel,
  onSubmit,
  onClose,
}: {
  open: boolean;
  title: string;
  label: string;
  placeholder?: string;
  initial?: string;
  field?: NameField;
  submitLabel: string;
  onSubmit: (name: string) => Promise<unknown>;
  onClose: () => void;
}) {
  const [rules] = useState(() => nameRules(field));
  // The submit is a mutation: pending disables the buttons, its error shows in the dialog.
  const save = useMutation({ mutationFn: (value: string) => onSubmit(value) });
  const form = useAppForm({
    defaultValues: { name: initial },
    validators: { onChange: rules },
    onSubmit: ({ value }) => save.mutate(value.name.trim(), { onSuccess: () => onClose() }),
  });
  const { reset } = save;
  const busy = save.isPending;
  useEffect(() => {
    if (open) {
      form.reset({ name: initial });
      reset();
    }
  }, [open, initial, reset, form]);
  const ready = useStore(form.store, (state) => rules.passes(state.values));
  const submit = () => {
    if (ready && !busy) void form.handleSubmit();
  };
  return (
    <Modal
      open={open}
      title={title}
      onClose={() => !busy && onClose()}
      actions={
        <>
          <Button onClick={onClose} isDisabled={busy}>
            {es.documents.cancel}
          </Button>
          <Button variation="primary" onClick={submit} isDisabled={!ready} isLoading={busy}>
            {submitLabel}
          </Button>
        </>
      }
    >
      <form.AppField name="name">
        {(name) => (
          <name.TextField
            label={label}
            placeholder={placeholder}
            maxLength={100}
            onKeyDown={(event) => {
              if (event.key === 'Enter') submit();
            }}
          />
        )}
      </form.AppField>
      <ServerErrors error={save.error} />
    </Modal>
  );
}
