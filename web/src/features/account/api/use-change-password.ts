import { es, messageForError } from '@shared/i18n/es';
import type { FormEvent } from 'react';
import { type FieldChecks, useValidatedFields } from '@/features/account/lib/form-fields';
import { signOut } from '@/lib/session';
import { PASSWORD_DEPENDENTS, PASSWORD_REQUIRED, type PasswordValues, passwordChecks } from './password-checks';
import { useUpdatePassword } from './update-password';

type ChangeValues = PasswordValues & { current_password: string };

const EMPTY: ChangeValues = { current_password: '', password: '', password_confirmation: '' };
const CHECKS: FieldChecks<ChangeValues> = passwordChecks;

/**
 * /changePassword: the current password and the new one (issue 8: without the current one a stolen session could lock
 * the owner out). The same password as now is refused (PASSWORD_EXISTS), a wrong current one too (WRONG_PASSWORD). A
 * change ends every session of the user, this one included: the user is signed out with a notice to sign in again.
 */
export function useChangePassword() {
  const form = useValidatedFields(EMPTY, CHECKS, {
    required: ['current_password', ...PASSWORD_REQUIRED],
    dependents: PASSWORD_DEPENDENTS,
  });
  const save = useUpdatePassword();
  // The submit state is the mutation's (issue 9).
  const error = save.error ? messageForError(save.error) : null;
  const submitting = save.isPending;

  function change(name: keyof ChangeValues, value: string) {
    form.change(name, value);
    save.reset();
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!form.canSubmit || submitting || !form.validate()) return;
    save.mutate(form.values, { onSuccess: () => signOut(es.account.changePassword.signInAgain) });
  }

  return { values: form.values, errors: form.errors, canSubmit: form.canSubmit, error, submitting, change, submit };
}
