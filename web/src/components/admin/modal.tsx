import './admin.css';
import { Button, Flex, Heading, Text, TextField } from '@aws-amplify/ui-react';
import { es } from '@shared/i18n/es';
import { useMutation } from '@tanstack/react-query';
import { type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { ServerErrors } from './server-errors';

/**
 * A modal dialog (native <dialog>, so focus is trapped and Escape closes it). `open` drives it; `onClose` runs when
 * the user dismisses it (Escape or a button of yours).
 */
export function Modal({
  open,
  title,
  onClose,
  children,
  actions,
  testId,
  wide = false,
}: {
  open: boolean;
  title: string;
  onClose: () => void;
  children?: ReactNode;
  /** Buttons, right-aligned under the content. */
  actions?: ReactNode;
  testId?: string;
  /** For tables (a statement's drill-down): as wide as the screen allows, up to 64rem. */
  wide?: boolean;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);
  return (
    <dialog
      ref={ref}
      className={wide ? 'admin-modal admin-modal--wide' : 'admin-modal'}
      aria-labelledby={titleId}
      data-testid={testId}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
    >
      {open ? (
        <Flex direction="column" gap="medium">
          <Heading level={4} id={titleId}>
            {title}
          </Heading>
          {children}
          {actions ? (
            <Flex justifyContent="flex-end" gap="small" wrap="wrap">
              {actions}
            </Flex>
          ) : null}
        </Flex>
      ) : null}
    </dialog>
  );
}

/**
 * A yes/no question before a destructive action (delete confirmations, admin-area §2, §8). `onConfirm` runs the
 * action: while it runs the buttons are disabled; if it throws, the server errors show in the dialog, which stays
 * open; if it succeeds the dialog closes through `onClose`.
 */
export function ConfirmDialog({
  open,
  message,
  title = es.adminUi.deleteTitle,
  confirmLabel = es.adminUi.confirmDelete,
  typeToConfirm,
  onConfirm,
  onClose,
}: {
  open: boolean;
  message: string;
  title?: string;
  confirmLabel?: string;
  /** When given, the confirm button waits until exactly this text is typed (deleting a project). */
  typeToConfirm?: string;
  onConfirm: () => Promise<unknown>;
  onClose: () => void;
}) {
  const [typed, setTyped] = useState('');
  // The action's state is a mutation's: pending disables the buttons, its error shows in the dialog.
  const action = useMutation({ mutationFn: () => onConfirm() });
  const { reset } = action;
  useEffect(() => {
    if (open) reset();
    setTyped('');
  }, [open, reset]);
  const mismatch = typeToConfirm !== undefined && typed.trim() !== typeToConfirm.trim();
  const busy = action.isPending;
  const error = action.error;
  const confirm = () => action.mutate(undefined, { onSuccess: () => onClose() });
  return (
    <Modal
      open={open}
      title={title}
      onClose={() => !busy && onClose()}
      testId="confirm-dialog"
      actions={
        <>
          <Button onClick={onClose} isDisabled={busy}>
            {es.adminUi.cancel}
          </Button>
          <Button
            variation="primary"
            colorTheme="error"
            onClick={confirm}
            isLoading={busy}
            isDisabled={mismatch}
            loadingText={confirmLabel}
          >
            {confirmLabel}
          </Button>
        </>
      }
    >
      <Text>{message}</Text>
      {typeToConfirm !== undefined ? (
        <TextField
          label={es.adminUi.typeToConfirm(typeToConfirm)}
          value={typed}
          autoComplete="off"
          onChange={(event) => setTyped(event.target.value)}
        />
      ) : null}
      <ServerErrors error={error} />
    </Modal>
  );
}
