import { Button, Card, Flex, Heading, Text } from '@aws-amplify/ui-react';
import { MESSAGE_BODY_MAX, MESSAGE_SUBJECT_MAX, threadCreateSchema } from '@shared/contracts/messages';
import { es } from '@shared/i18n/es';
import { useStore } from '@tanstack/react-form';
import { useRef, useState } from 'react';
import { ServerErrors } from '@/components/admin/server-errors';
import { useAppForm } from '@/components/form/app-form';
import { contractRules, messages } from '@/components/form/contract-rules';
import { useCreateThread } from '@/features/messages/api/create-thread';
import { AttachmentPicker, attachmentProblem } from '@/features/messages/components/attachment-picker';

const t = es.conversations;

interface NewThread {
  subject: string;
  body: string;
}
const RULES = contractRules<NewThread>([threadCreateSchema], { subject: messages.text, body: messages.text }, (v) => v);
const EMPTY: NewThread = { subject: '', body: '' };

/**
 * 'Nueva conversación': a subject, a first message and its files in the chosen society; opened from a request's item,
 * its subject comes filled in and the thread is about that item.
 */
export function NewThreadForm({
  society,
  onCreated,
  subject = '',
  requestItem,
}: {
  society: string;
  onCreated: (thread: string) => void;
  subject?: string;
  requestItem?: { request: string; item: string };
}) {
  const create = useCreateThread();
  const [files, setFiles] = useState<File[]>([]);
  const [progress, setProgress] = useState<Map<number, number> | null>(null);
  // Files uploaded by a try whose thread failed: sent again, the thread names the same uploads.
  const uploaded = useRef(new Map<File, string>());
  const form = useAppForm({
    defaultValues: { ...EMPTY, subject: subject.slice(0, MESSAGE_SUBJECT_MAX) },
    validators: { onChange: RULES },
    onSubmit: ({ value }) => {
      setProgress(new Map());
      create.mutate(
        {
          society,
          ...value,
          requestItem,
          files,
          uploaded: uploaded.current,
          onProgress: (index, percent) => setProgress((before) => new Map(before).set(index, percent)),
        },
        {
          onSuccess: (thread) => {
            form.reset();
            setFiles([]);
            uploaded.current = new Map();
            onCreated(thread.uuid);
          },
          onSettled: () => setProgress(null),
        },
      );
    },
  });
  const values = useStore(form.store, (state) => state.values);
  const canSend = RULES.passes(values) && !create.isPending && !attachmentProblem(files);
  return (
    <Card variation="outlined">
      <Flex
        as="form"
        direction="column"
        gap="small"
        aria-labelledby="new-thread-heading"
        onSubmit={(event) => {
          event.preventDefault();
          if (canSend) void form.handleSubmit();
        }}
      >
        <Heading level={2} id="new-thread-heading">
          {t.newThread}
        </Heading>
        {requestItem ? (
          <Text fontSize="small" data-testid="new-thread-linked">
            {t.linkedToItem}
          </Text>
        ) : null}
        <form.AppField name="subject">
          {(field) => <field.TextField label={t.subject} maxLength={MESSAGE_SUBJECT_MAX} />}
        </form.AppField>
        <form.AppField name="body">
          {(field) => (
            <field.TextAreaField
              label={t.message}
              rows={4}
              maxLength={MESSAGE_BODY_MAX}
              descriptiveText={t.messageHint(MESSAGE_BODY_MAX)}
            />
          )}
        </form.AppField>
        <AttachmentPicker files={files} onChange={setFiles} progress={progress} disabled={create.isPending} />
        <Flex gap="small" alignItems="center" wrap="wrap">
          <Button
            type="submit"
            variation="primary"
            isDisabled={!canSend}
            isLoading={create.isPending}
            loadingText={t.sending}
          >
            {t.start}
          </Button>
          {create.isSuccess ? (
            <Text as="span" role="status" color="font.success">
              {t.started}
            </Text>
          ) : null}
        </Flex>
        <ServerErrors error={create.error} />
      </Flex>
    </Card>
  );
}
