import { updatePassword } from '@shared/contracts/users';
import { messageForError } from '@shared/i18n/es';
import { type FormEvent, useState } from 'react';
import { useValidatedFields } from '@/features/account/lib/form-fields';
import { api } from '@/lib/api-client';
import { PASSWORD_DEPENDENTS, PASSWORD_REQUIRED, type PasswordValues, passwordChecks } from './password-checks';

const EMPTY: PasswordValues = { password: '', password_confirmation: '' };

/** /changePassword: the signed-in user's new password; the same password as now is refused (PASSWORD_EXISTS). */
export function useChangePassword() {
  const form = useValidatedFields(EMPTY, passwordChecks, {
    required: PASSWORD_REQUIRED,
    dependents: PASSWORD_DEPENDENTS,
  });
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  const [submitting, setSubmitting] = useState(false);

  function change(name: keyof PasswordValues, value: string) {
    form.change(name, value);
    setDone(false);
    setError(null);
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!form.canSubmit || submitting || !form.validate()) return;
    setSubmitting(true);
    setError(null);
    try {
      await api(updatePassword, { body: form.values });
      form.reset(EMPTY);
      setDone(true);
    } catch (failure) {
      setError(messageForError(failure));
    }
    setSubmitting(false);
  }

  return {
    values: form.values,
    errors: form.errors,
    canSubmit: form.canSubmit,
    error,
    done,
    submitting,
    change,
    submit,
  };
}
