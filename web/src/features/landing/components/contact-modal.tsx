import { CONTACT_DESCRIPTION_MAX, contactBodySchema } from '@shared/contracts/external';
import { es } from '@shared/i18n/es';
import { contractRules, messages } from '@/components/form/contract-rules';
import { type MessageDraft, MessageModal } from '@/components/ui/message-modal';
import { useSendContact } from '@/features/landing/api/send-contact';

const t = es.landing;

const TEXTS = {
  title: t.contactTitle,
  email: t.contactEmail,
  subject: t.contactSubject,
  description: t.contactDescription,
  descriptionHint: t.contactHint,
  cancel: t.contactCancel,
  send: t.contactSend,
};
/** The contract's contact: a mistyped address is named (once the field is left); a description too long gets the hint. */
export const CONTACT_RULES = contractRules<MessageDraft>([contactBodySchema], {
  email: messages.requiredEmail,
  description: { length: t.contactHint },
});

/**
 * The landing's contact modal (portal spec §2): sends e-mail, subject and description; the send button stays disabled
 * while a field is empty or the description is invalid; it closes after a successful send (`onSent`).
 */
export function ContactModal({
  open,
  initialSubject = '',
  onClose,
  onSent,
}: {
  open: boolean;
  initialSubject?: string;
  onClose: () => void;
  onSent: () => void;
}) {
  const send = useSendContact();
  return (
    <MessageModal
      open={open}
      onClose={onClose}
      onSent={onSent}
      texts={TEXTS}
      testId="contact-modal"
      rules={CONTACT_RULES}
      descriptionMax={CONTACT_DESCRIPTION_MAX}
      initialSubject={initialSubject}
      send={send}
      body={({ email, subject, description }) => ({ email, subject, description })}
    />
  );
}
