import { confirmPasswordReset, resetPassword } from '@shared/contracts/registration';
import { messageForError } from '@shared/i18n/es';
import { type FormEvent, useCallback, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useValidatedFields } from '@/features/account/lib/form-fields';
import { ApiError, api } from '@/lib/api-client';
import { PASSWORD_DEPENDENTS, PASSWORD_REQUIRED, type PasswordValues, passwordChecks } from './password-checks';
import { useTokenCheck } from './use-token-check';

const EMPTY: PasswordValues = { password: '', password_confirmation: '' };

/** /password_reset/{token}: the link is confirmed first, then the new password is set (→ /SuccessResetPass). */
export function usePasswordReset(token: string) {
  const navigate = useNavigate();
  const check = useCallback((signal: AbortSignal) => api(confirmPasswordReset, { query: { token }, signal }), [token]);
  const link = useTokenCheck(check);
  const form = useValidatedFields(EMPTY, passwordChecks, {
    required: PASSWORD_REQUIRED,
    dependents: PASSWORD_DEPENDENTS,
  });
  const [error, setError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!form.canSubmit || submitting || !form.validate()) return;
    setSubmitting(true);
    setError(null);
    try {
      await api(resetPassword, { body: { token, ...form.values } });
      navigate('/SuccessResetPass', { replace: true });
    } catch (failure) {
      if (failure instanceof ApiError && failure.code === 'INVALID_TOKEN') {
        navigate('/expiredToken', { replace: true });
        return;
      }
      setError(messageForError(failure));
      setSubmitting(false);
    }
  }

  return { link, form, error, submitting, submit };
}
