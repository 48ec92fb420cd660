import { Button, Flex } from '@aws-amplify/ui-react';
import { REQUEST_COMMENT_MAX } from '@shared/contracts/requests';
import { es } from '@shared/i18n/es';
import { useStore } from '@tanstack/react-form';
import { ServerErrors } from '@/components/admin/server-errors';
import { useAppForm } from '@/components/form/app-form';
import { contractRules, messages } from '@/components/form/contract-rules';
import { commentSchema } from '../lib/request-form';

type Values = { comment: string };
const RULES = contractRules<Values>([commentSchema], { comment: messages.text }, (v) => ({
  comment: v.comment.trim(),
}));

/** A comment sent with an answer ('no aplica') or a review ('Devolver'); the comment is required in both. */
export function CommentForm({
  label,
  hint,
  submitLabel,
  formLabel,
  pending,
  error,
  onSend,
  onClose,
}: {
  label: string;
  hint: string;
  submitLabel: string;
  formLabel: string;
  pending: boolean;
  error: unknown;
  onSend: (comment: string) => void;
  onClose: () => void;
}) {
  const form = useAppForm({
    defaultValues: { comment: '' } as Values,
    validators: { onChange: RULES },
    onSubmit: ({ value }) => onSend(value.comment.trim()),
  });
  const values = useStore(form.store, (state) => state.values);
  const canSend = RULES.passes(values) && !pending;
  return (
    <Flex
      as="form"
      direction="column"
      gap="small"
      aria-label={formLabel}
      onSubmit={(event) => {
        event.preventDefault();
        if (canSend) void form.handleSubmit();
      }}
    >
      <form.AppField name="comment">
        {(field) => (
          <field.TextAreaField label={label} descriptiveText={hint} rows={3} maxLength={REQUEST_COMMENT_MAX} />
        )}
      </form.AppField>
      <ServerErrors error={error} />
      <Flex gap="small" wrap="wrap">
        <Button type="submit" variation="primary" size="small" isDisabled={!canSend} isLoading={pending}>
          {submitLabel}
        </Button>
        <Button type="button" size="small" onClick={onClose}>
          {es.requestScreens.upload.close}
        </Button>
      </Flex>
    </Flex>
  );
}
