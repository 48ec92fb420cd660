import type { ResponseOf } from '@shared/contracts/define';
import { type postSupportTicket, TICKET_DESCRIPTION, ticketBodySchema } from '@shared/contracts/external';
import { es } from '@shared/i18n/es';
import { contractRules } from '@/components/form/contract-rules';
import { type MessageDraft, MessageModal } from '@/components/ui/message-modal';
import { usePostTicket } from './post-ticket';

const t = es.support;

export type SentTicket = ResponseOf<typeof postSupportTicket>;

const TEXTS = {
  title: t.ticketTitle,
  subject: t.subject,
  description: t.description,
  descriptionHint: t.descriptionHint,
  cancel: t.cancel,
  send: t.send,
  sending: t.sending,
};
/** The contract's ticket; a description short of its 4 characters (or blank) gets the hint. */
export const TICKET_RULES = contractRules<MessageDraft>([ticketBodySchema], {
  description: { blank: t.descriptionHint, length: t.descriptionHint },
});

/**
 * The support ticket (portal spec §2): subject and description, both required to send, and up to a few attachments;
 * it closes after a successful send (`onSent`, with the stored ticket and its number); server errors are listed in
 * red under the form.
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
  const send = usePostTicket();
  return (
    <MessageModal
      open={open}
      onClose={onClose}
      onSent={onSent}
      texts={TEXTS}
      testId="ticket-modal"
      rules={TICKET_RULES}
      descriptionMax={TICKET_DESCRIPTION.max}
      capDescription
      attachments
      send={send}
      body={({ subject, description, files }) => ({ subject, description, files })}
    />
  );
}
