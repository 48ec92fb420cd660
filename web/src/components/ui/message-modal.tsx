import { Button, Flex, Text } from '@aws-amplify/ui-react';
import { es } from '@shared/i18n/es';
import { useStore } from '@tanstack/react-form';
import type { UseMutationResult } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Modal } from '@/components/admin/modal';
import { ServerErrors } from '@/components/admin/server-errors';
import { useAppForm } from '@/components/form/app-form';
import type { ContractRules } from '@/components/form/contract-rules';
import { AttachmentPicker, attachmentProblem } from './support-ticket/attachments';

/** What the person writes: the sender's address (asked only of a visitor), a subject and a description. */
export interface MessageValues {
  email: string;
  subject: string;
  description: string;
}

/** What a message is sent with: its values, and the files picked when the modal takes attachments. */
export type MessageDraft = MessageValues & { files: File[] };

export interface MessageTexts {
  title: string;
  /** The label of the sender's address, asked when given. */
  email?: string;
  subject: string;
  description: string;
  /** Under the description, with its count: '… (12/1024)'; also its message when the description fails. */
  descriptionHint: string;
  cancel: string;
  send: string;
  sending?: string;
}

/**
 * A message to the firm in a modal (portal spec §2): the support ticket of a signed-in person (subject, description,
 * attachments) and the landing's contact form (a visitor's e-mail, subject, description). The contract's body schema
 * decides when 'Enviar' is enabled; the description counts its characters; the submit state is `send`'s, and a sent
 * message closes the modal and hands the answer to `onSent`.
 */
export function MessageModal<Sent, Variables>({
  open,
  onClose,
  onSent,
  texts,
  testId,
  rules,
  descriptionMax,
  capDescription = false,
  attachments = false,
  initialSubject = '',
  send,
  body,
}: {
  open: boolean;
  onClose: () => void;
  onSent?: ((sent: Sent) => void) | undefined;
  texts: MessageTexts;
  testId: string;
  /** The contract's body schema, its fields named as here (contractRules; the fields it lacks are left out). */
  rules: ContractRules<MessageDraft>;
  descriptionMax: number;
  /** Whether the description stops at its maximum, rather than saying it is too long. */
  capDescription?: boolean;
  attachments?: boolean;
  initialSubject?: string;
  send: UseMutationResult<Sent, Error, Variables>;
  /** What `send` takes, built from the values and the files. */
  body: (draft: MessageDraft) => Variables;
}) {
  const form = useAppForm({
    defaultValues: { email: '', subject: initialSubject, description: '', files: [] as File[] },
    validators: { onChange: rules },
    onSubmit: ({ value }) =>
      send.mutate(body(value), {
        onSuccess: (sent) => {
          onClose();
          onSent?.(sent);
        },
      }),
  });
  const { reset } = send;
  // Each opening starts from an empty form (the contact's subject as the button that opened it says).
  useEffect(() => {
    if (!open) return;
    form.reset({ email: '', subject: initialSubject, description: '', files: [] });
    reset();
  }, [open, initialSubject, reset, form]);

  const values = useStore(form.store, (state) => state.values);
  const canSend = rules.passes(values) && !attachmentProblem(values.files) && !send.isPending;
  const submit = () => {
    if (canSend) void form.handleSubmit();
  };

  return (
    <Modal
      open={open}
      title={texts.title}
      onClose={() => !send.isPending && onClose()}
      testId={testId}
      actions={
        <>
          <Button onClick={onClose} isDisabled={send.isPending}>
            {texts.cancel}
          </Button>
          <Button
            variation="primary"
            onClick={submit}
            isDisabled={!canSend}
            isLoading={send.isPending}
            loadingText={texts.sending}
          >
            {texts.send}
          </Button>
        </>
      }
    >
      <Flex
        as="form"
        direction="column"
        gap="small"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        {texts.email !== undefined ? (
          <form.AppField name="email">
            {(field) => (
              <field.TextField
                label={texts.email}
                type="email"
                autoComplete="email"
                maxLength={100}
                isRequired
                shownAfter="leave"
              />
            )}
          </form.AppField>
        ) : null}
        <form.AppField name="subject">
          {(field) => <field.TextField label={texts.subject} maxLength={200} isRequired />}
        </form.AppField>
        <form.AppField name="description">
          {(field) => (
            <field.TextAreaField
              label={texts.description}
              rows={5}
              maxLength={capDescription ? descriptionMax : undefined}
              isRequired
              descriptiveText={`${texts.descriptionHint} (${values.description.trim().length}/${descriptionMax})`}
            />
          )}
        </form.AppField>
        {attachments ? (
          <AttachmentPicker
            files={values.files}
            onChange={(files) => form.setFieldValue('files', files)}
            disabled={send.isPending}
          />
        ) : null}
        {send.isPending && values.files.length > 0 ? (
          <Text as="span" role="status" fontSize="small">
            {es.support.uploading}
          </Text>
        ) : null}
      </Flex>
      <ServerErrors error={send.error} />
    </Modal>
  );
}
