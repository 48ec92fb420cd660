import { Button, Flex, TextAreaField, TextField } from '@aws-amplify/ui-react';
import { CONTACT_DESCRIPTION_MAX } from '@shared/contracts/external';
import { es } from '@shared/i18n/es';
import { useEffect, useState } from 'react';
import { Modal } from '@/components/admin/modal';
import { ServerErrors } from '@/components/admin/server-errors';
import { useSendContact } from '@/features/landing/api/send-contact';

const t = es.landing;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Spec §5: e-mail, subject and description all required; the description at most 1024 characters. */
export function contactFormValid(form: { email: string; subject: string; description: string }): boolean {
  const description = form.description.trim();
  return (
    EMAIL.test(form.email.trim()) &&
    form.email.trim().length <= 100 &&
    form.subject.trim().length > 0 &&
    description.length > 0 &&
    description.length <= CONTACT_DESCRIPTION_MAX
  );
}

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
  const [form, setForm] = useState({ email: '', subject: '', description: '' });
  // A mistyped address says so once the field is left, instead of a silently greyed 'Enviar'.
  const [emailLeft, setEmailLeft] = useState(false);
  const emailText = form.email.trim();
  const emailError = !emailLeft
    ? undefined
    : !emailText
      ? es.validation.emailRequired
      : !EMAIL.test(emailText)
        ? es.validation.emailFormat
        : undefined;
  const send = useSendContact();
  const { reset } = send;
  useEffect(() => {
    if (!open) return;
    setForm({ email: '', subject: initialSubject, description: '' });
    setEmailLeft(false);
    reset();
  }, [open, initialSubject, reset]);

  const tooLong = form.description.trim().length > CONTACT_DESCRIPTION_MAX;
  const canSend = contactFormValid(form) && !send.isPending;
  const set = (field: keyof typeof form) => (event: { target: { value: string } }) =>
    setForm((value) => ({ ...value, [field]: event.target.value }));
  const submit = () => {
    if (!canSend) return;
    send.mutate(form, {
      onSuccess: () => {
        onClose();
        onSent();
      },
    });
  };

  return (
    <Modal
      open={open}
      title={t.contactTitle}
      onClose={() => !send.isPending && onClose()}
      testId="contact-modal"
      actions={
        <>
          <Button onClick={onClose} isDisabled={send.isPending}>
            {t.contactCancel}
          </Button>
          <Button variation="primary" onClick={submit} isDisabled={!canSend} isLoading={send.isPending}>
            {t.contactSend}
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
          label={t.contactEmail}
          type="email"
          autoComplete="email"
          value={form.email}
          maxLength={100}
          isRequired
          onChange={set('email')}
          onBlur={() => setEmailLeft(true)}
          hasError={Boolean(emailError)}
          errorMessage={emailError}
        />
        <TextField label={t.contactSubject} value={form.subject} maxLength={200} isRequired onChange={set('subject')} />
        <TextAreaField
          label={t.contactDescription}
          value={form.description}
          rows={5}
          isRequired
          descriptiveText={`${t.contactHint} (${form.description.trim().length}/${CONTACT_DESCRIPTION_MAX})`}
          hasError={tooLong}
          errorMessage={t.contactHint}
          onChange={set('description')}
        />
      </Flex>
      <ServerErrors error={send.error} />
    </Modal>
  );
}
