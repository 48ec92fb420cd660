import { Button, Card, Flex, Text } from '@aws-amplify/ui-react';
import { MESSAGE_BODY_MAX, messageBodySchema } from '@shared/contracts/messages';
import { es } from '@shared/i18n/es';
import { useStore } from '@tanstack/react-form';
import { useRef, useState } from 'react';
import { ServerErrors } from '@/components/admin/server-errors';
import { useAppForm } from '@/components/form/app-form';
import { contractRules, messages } from '@/components/form/contract-rules';
import { usePostThreadMessage } from '@/features/messages/api/post-message';
import { AttachmentPicker, attachmentProblem } from '@/features/messages/components/attachment-picker';

const t = es.conversations;

interface Reply {
  body: string;
}
const RULES = contractRules<Reply>([messageBodySchema], { body: messages.text }, (v) => v);

/** The reply box under a thread's messages, with its files (each becomes a document of the thread's society). */
export function ReplyForm({ thread, society }: { thread: string; society: string }) {
  const post = usePostThreadMessage();
  const [files, setFiles] = useState<File[]>([]);
  const [progress, setProgress] = useState<Map<number, number> | null>(null);
  // Files uploaded by a try whose message failed: sent again, the message names the same uploads.
  const uploaded = useRef(new Map<File, string>());
  const form = useAppForm({
    defaultValues: { body: '' } as Reply,
    validators: { onChange: RULES },
    onSubmit: ({ value }) => {
      setProgress(new Map());
      post.mutate(
        {
          thread,
          society,
          body: value.body,
          files,
          uploaded: uploaded.current,
          onProgress: (index, percent) => setProgress((before) => new Map(before).set(index, percent)),
        },
        {
          onSuccess: () => {
            form.reset();
            setFiles([]);
            uploaded.current = new Map();
          },
          onSettled: () => setProgress(null),
        },
      );
    },
  });
  const values = useStore(form.store, (state) => state.values);
  const changed = useStore(form.store, (state) => state.isDirty);
  const canSend = RULES.passes(values) && !post.isPending && !attachmentProblem(files);
  return (
    <Card variation="outlined">
      <Flex
        as="form"
        direction="column"
        gap="small"
        onSubmit={(event) => {
          event.preventDefault();
          if (canSend) void form.handleSubmit();
        }}
      >
        <form.AppField name="body">
          {(field) => (
            <field.TextAreaField
              label={t.reply}
              rows={3}
              maxLength={MESSAGE_BODY_MAX}
              descriptiveText={t.messageHint(MESSAGE_BODY_MAX)}
            />
          )}
        </form.AppField>
        <AttachmentPicker files={files} onChange={setFiles} progress={progress} disabled={post.isPending} />
        <Flex gap="small" alignItems="center" wrap="wrap">
          <Button
            type="submit"
            variation="primary"
            isDisabled={!canSend}
            isLoading={post.isPending}
            loadingText={t.sending}
          >
            {t.send}
          </Button>
          {post.isSuccess && !changed ? (
            <Text as="span" role="status" color="font.success">
              {t.sent}
            </Text>
          ) : null}
        </Flex>
        <ServerErrors error={post.error} />
      </Flex>
    </Card>
  );
}
