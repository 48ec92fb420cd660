import { passwordResetRequestSchema } from '@shared/contracts/registration';
import { messageForError } from '@shared/i18n/es';
import { useStore } from '@tanstack/react-form';
import type { FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { useAppForm } from '@/components/form/app-form';
import { contractRules, messages } from '@/components/form/contract-rules';
import { useRequestPasswordReset } from './request-password-reset';

type ForgottenValues = { email: string };

const SCHEMAS = [passwordResetRequestSchema];
const RULES = contractRules<ForgottenValues>(SCHEMAS, { email: messages.requiredEmail });

/**
 * /forgottenPassword: the e-mail is checked as it changes; the request mails a link (EMAIL_SENT → /SuccessEmail). The
 * server answers EMAIL_SENT for every address, registered or not. Refusals: the per-address lock (m:ss),
 * anything else generic.
 */
export function useForgottenPassword() {
  const navigate = useNavigate();
  const request = useRequestPasswordReset();
  const form = useAppForm({
    defaultValues: { email: '' } as ForgottenValues,
    validators: { onChange: RULES },
    listeners: { onChange: () => request.reset() },
    onSubmit: ({ value }) =>
      request.mutate(
        { email: value.email.trim() },
        {
          onSuccess: (answer) => {
            if (answer.code === 'EMAIL_SENT') navigate('/SuccessEmail', { replace: true });
          },
        },
      ),
  });
  const complete = useStore(form.store, (state) => RULES.passes(state.values));
  // An answer other than EMAIL_SENT is worded like a failure.
  const sending = request.isPending;
  const error = request.error
    ? messageForError(request.error)
    : request.data && request.data.code !== 'EMAIL_SENT'
      ? messageForError(request.data)
      : null;

  function submit(event: FormEvent) {
    event.preventDefault();
    if (complete && !sending) void form.handleSubmit();
  }

  return { form, error, sending, canSubmit: complete && !sending, submit };
}
