import { Button, TextField } from '@aws-amplify/ui-react';
import { es } from '@shared/i18n/es';
import { useEffect, useState } from 'react';
import { Modal, ServerErrors } from '@/components/admin';

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
  const [error, setError] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    if (open) {
      setName(initial);
      setError(null);
    }
  }, [open, initial]);
  const submit = async () => {
    setBusy(true);
    setError(null);
    try {
      await onSubmit(name.trim());
      onClose();
    } catch (caught) {
      setError(caught);
    } finally {
      setBusy(false);
    }
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
      <ServerErrors error={error} />
    </Modal>
  );
}
