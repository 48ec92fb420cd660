import { Button, Flex, Text, TextAreaField, TextField } from '@aws-amplify/ui-react';
import type { ResponseOf } from '@shared/contracts/define';
import { type postSupportTicket, TICKET_DESCRIPTION } from '@shared/contracts/external';
import { es } from '@shared/i18n/es';
import { useEffect, useState } from 'react';
import { Modal } from '@/components/admin/modal';
import { ServerErrors } from '@/components/admin/server-errors';
import { AttachmentPicker, attachmentProblem } from './attachments';
import { usePostTicket } from './post-ticket';

const t = es.support;

/** Whether the description is within the spec's 4–1024 characters (spaces at the ends do not count). */
export const ticketDescriptionValid = (description: string) => {
  const length = description.trim().length;
  return length >= TICKET_DESCRIPTION.min && length <= TICKET_DESCRIPTION.max;
};

export type SentTicket = ResponseOf<typeof postSupportTicket>;

/**
 * The support ticket (portal spec §2): subject and description, both required to send, and up to a few attachments
 *; it closes after a successful send (`onSent`, with the stored ticket and its number); server errors are
 * listed in red under the form.
 */
export function TicketModal({
  open,
  onClose,
  onSent,
}: {
  open: boolean;
  onClose: () => void;
  onSent?: (ticket: SentTicket) => void;
}) {
  const [subject, setSubject] = useState('');
  const [description, setDescription] = useState('');
  const [files, setFiles] = useState<File[]>([]);
  const send = usePostTicket();
  const { reset } = send;

  useEffect(() => {
    if (!open) return;
    setSubject('');
    setDescription('');
    setFiles([]);
    reset();
  }, [open, reset]);

  const descriptionTouched = description.length > 0;
  const canSend =
    subject.trim().length > 0 && ticketDescriptionValid(description) && !attachmentProblem(files) && !send.isPending;
  const submit = () => {
    if (!canSend) return;
    send.mutate(
      { subject, description, files },
      {
        onSuccess: (ticket) => {
          onClose();
          onSent?.(ticket);
        },
      },
    );
  };

  return (
    <Modal
      open={open}
      title={t.ticketTitle}
      onClose={() => !send.isPending && onClose()}
      testId="ticket-modal"
      actions={
        <>
          <Button onClick={onClose} isDisabled={send.isPending}>
            {t.cancel}
          </Button>
          <Button
            variation="primary"
            onClick={submit}
            isDisabled={!canSend}
            isLoading={send.isPending}
            loadingText={t.sending}
          >
            {t.send}
          </Button>
        </>
      }
    >
      <Flex
        as="form"
        direction="column"
        gap="small"
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <TextField
          label={t.subject}
          value={subject}
          maxLength={200}
          isRequired
          onChange={(event) => setSubject(event.target.value)}
        />
        <TextAreaField
          label={t.description}
          value={description}
          rows={5}
          maxLength={TICKET_DESCRIPTION.max}
          isRequired
          descriptiveText={`${t.descriptionHint} (${description.trim().length}/${TICKET_DESCRIPTION.max})`}
          hasError={descriptionTouched && !ticketDescriptionValid(description)}
          errorMessage={t.descriptionHint}
          onChange={(event) => setDescription(event.target.value)}
        />
        <AttachmentPicker files={files} onChange={setFiles} disabled={send.isPending} />
        {send.isPending && files.length > 0 ? (
          <Text as="span" role="status" fontSize="small">
            {t.uploading}
          </Text>
        ) : null}
      </Flex>
      <ServerErrors error={send.error} />
    </Modal>
  );
}
