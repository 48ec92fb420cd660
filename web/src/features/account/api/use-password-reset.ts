import { passwordResetSchema } from '@shared/contracts/registration';
import { messageForError } from '@shared/i18n/es';
import { useStore } from '@tanstack/react-form';
import type { FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { useAppForm } from '@/components/form/app-form';
import { contractRules } from '@/components/form/contract-rules';
import { ApiError } from '@/lib/api-client';
import { passwordResetCheckQueryOptions } from './confirm-password-reset';
import { PASSWORD_MESSAGES, type PasswordValues } from './password-checks';
import { useResetPassword } from './reset-password';
import { useTokenCheck } from './use-token-check';

type ResetValues = PasswordValues & { token: string };

const SCHEMAS = [passwordResetSchema];
const RULES = contractRules<ResetValues>(SCHEMAS, PASSWORD_MESSAGES);

/** /password_reset/{token}: the link is confirmed first, then the new password is set (→ /SuccessResetPass). */
export function usePasswordReset(token: string) {
  const navigate = useNavigate();
  const link = useTokenCheck(passwordResetCheckQueryOptions({ token }));
  const save = useResetPassword();
  // The form's values are the contract's body: the token rides along, unseen.
  const form = useAppForm({
    defaultValues: { token, password: '', password_confirmation: '' } as ResetValues,
    validators: { onChange: RULES },
    onSubmit: ({ value }) =>
      save.mutate(value, {
        onSuccess: () => navigate('/SuccessResetPass', { replace: true }),
        onError: (failure) => {
          if (failure instanceof ApiError && failure.code === 'INVALID_TOKEN')
            navigate('/expiredToken', { replace: true });
        },
      }),
  });
  const complete = useStore(form.store, (state) => RULES.passes(state.values));
  // A link that expired meanwhile leads to /expiredToken.
  const expired = save.error instanceof ApiError && save.error.code === 'INVALID_TOKEN';
  const error = save.error && !expired ? messageForError(save.error) : null;
  const submitting = save.isPending || save.isSuccess || expired;

  function submit(event: FormEvent) {
    event.preventDefault();
    if (complete && !submitting) void form.handleSubmit();
  }

  return { link, form, canSubmit: complete, error, submitting, submit };
}
