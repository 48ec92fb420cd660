import { messageForError } from '@shared/i18n/es';
import type { FormEvent } from 'react';
import { useValidatedFields } from '@/features/account/lib/form-fields';
import { PASSWORD_DEPENDENTS, PASSWORD_REQUIRED, type PasswordValues, passwordChecks } from './password-checks';
import { useUpdatePassword } from './update-password';

const EMPTY: PasswordValues = { password: '', password_confirmation: '' };

/** /changePassword: the signed-in user's new password; the same password as now is refused (PASSWORD_EXISTS). */
export function useChangePassword() {
  const form = useValidatedFields(EMPTY, passwordChecks, {
    required: PASSWORD_REQUIRED,
    dependents: PASSWORD_DEPENDENTS,
  });
  const save = useUpdatePassword();
  // The submit state is the mutation's (issue 9).
  const error = save.error ? messageForError(save.error) : null;
  const done = save.isSuccess;
  const submitting = save.isPending;

  function change(name: keyof PasswordValues, value: string) {
    form.change(name, value);
    save.reset();
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!form.canSubmit || submitting || !form.validate()) return;
    save.mutate(form.values, { onSuccess: () => form.reset(EMPTY) });
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
