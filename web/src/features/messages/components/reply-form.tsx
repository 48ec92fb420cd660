import { Button, Card, Flex, Text } from '@aws-amplify/ui-react';
import { MESSAGE_BODY_MAX, messageBodySchema } from '@shared/contracts/messages';
import { es } from '@shared/i18n/es';
import { useStore } from '@tanstack/react-form';
import { ServerErrors } from '@/components/admin/server-errors';
import { useAppForm } from '@/components/form/app-form';
import { contractRules, messages } from '@/components/form/contract-rules';
import { usePostThreadMessage } from '@/features/messages/api/post-message';

const t = es.conversations;

interface Reply {
  body: string;
}
const RULES = contractRules<Reply>([messageBodySchema], { body: messages.text }, (v) => v);

/** The reply box under a thread's messages. */
export function ReplyForm({ thread }: { thread: string }) {
  const post = usePostThreadMessage();
  const form = useAppForm({
    defaultValues: { body: '' } as Reply,
    validators: { onChange: RULES },
    onSubmit: ({ value }) => post.mutate({ thread, body: value.body }, { onSuccess: () => form.reset() }),
  });
  const values = useStore(form.store, (state) => state.values);
  const changed = useStore(form.store, (state) => state.isDirty);
  const canSend = RULES.passes(values) && !post.isPending;
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
