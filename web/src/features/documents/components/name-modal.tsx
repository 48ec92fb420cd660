import { Button, TextField } from '@aws-amplify/ui-react';
import { es } from '@shared/i18n/es';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Modal } from '@/components/admin/modal';
import { ServerErrors } from '@/components/admin/server-errors';

/** A one-field name form in a modal: create or rename a folder, rename a document. */
export function NameModal({
  open,
  title,
  label,
  placeholder,
  initial = '',
  submitLabel,
  onSubmit,
  onClose,
}: {
  open: boolean;
  title: string;
  label: string;
  placeholder?: string;
  initial?: string;
  submitLabel: string;
  onSubmit: (name: string) => Promise<unknown>;
  onClose: () => void;
}) {
  const [name, setName] = useState(initial);
  // The submit is a mutation: pending disables the buttons, its error shows in the dialog.
  const save = useMutation({ mutationFn: (value: string) => onSubmit(value) });
  const { reset } = save;
  const busy = save.isPending;
  useEffect(() => {
    if (open) {
      setName(initial);
      reset();
    }
  }, [open, initial, reset]);
  const submit = () => save.mutate(name.trim(), { onSuccess: () => onClose() });
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
          <Button variation="primary" onClick={submit} isDisabled={!name.trim()} isLoading={busy}>
            {submitLabel}
          </Button>
        </>
      }
    >
      <TextField
        label={label}
        placeholder={placeholder}
        value={name}
        maxLength={100}
        onChange={(event) => setName(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Enter' && name.trim()) submit();
        }}
      />
      <ServerErrors error={save.error} />
    </Modal>
  );
}
