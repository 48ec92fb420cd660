import { messageForError } from '@shared/i18n/es';
import type { FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { useValidatedFields } from '@/features/account/lib/form-fields';
import { ApiError } from '@/lib/api-client';
import { passwordResetCheckQueryOptions } from './confirm-password-reset';
import { PASSWORD_DEPENDENTS, PASSWORD_REQUIRED, type PasswordValues, passwordChecks } from './password-checks';
import { useResetPassword } from './reset-password';
import { useTokenCheck } from './use-token-check';

const EMPTY: PasswordValues = { password: '', password_confirmation: '' };

/** /password_reset/{token}: the link is confirmed first, then the new password is set (→ /SuccessResetPass). */
export function usePasswordReset(token: string) {
  const navigate = useNavigate();
  const link = useTokenCheck(passwordResetCheckQueryOptions({ token }));
  const form = useValidatedFields(EMPTY, passwordChecks, {
    required: PASSWORD_REQUIRED,
    dependents: PASSWORD_DEPENDENTS,
  });
  const save = useResetPassword();
  // The submit state is the mutation's (issue 9); a link that expired meanwhile leads to /expiredToken.
  const expired = save.error instanceof ApiError && save.error.code === 'INVALID_TOKEN';
  const error = save.error && !expired ? messageForError(save.error) : null;
  const submitting = save.isPending || save.isSuccess || expired;

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!form.canSubmit || submitting || !form.validate()) return;
    save.mutate(
      { token, ...form.values },
      {
        onSuccess: () => navigate('/SuccessResetPass', { replace: true }),
        onError: (failure) => {
          if (failure instanceof ApiError && failure.code === 'INVALID_TOKEN')
            navigate('/expiredToken', { replace: true });
        },
      },
    );
  }

  return { link, form, error, submitting, submit };
}
