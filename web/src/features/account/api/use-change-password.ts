import { passwordUpdateSchema } from '@shared/contracts/users';
import { es, messageForError } from '@shared/i18n/es';
import { useStore } from '@tanstack/react-form';
import type { FormEvent } from 'react';
import { useAppForm } from '@/components/form/app-form';
import { contractRules } from '@/components/form/contract-rules';
import { signOut } from '@/lib/session';
import { PASSWORD_MESSAGES, type PasswordValues } from './password-checks';
import { useUpdatePassword } from './update-password';

type ChangeValues = PasswordValues & { current_password: string };

const SCHEMAS = [passwordUpdateSchema];
const RULES = contractRules<ChangeValues>(SCHEMAS, PASSWORD_MESSAGES);

/**
 * /changePassword: the current password and the new one (without the current one a stolen session could lock the
 * owner out). The same password as now is refused (PASSWORD_EXISTS), a wrong current one too (WRONG_PASSWORD). A
 * change ends every session of the user, this one included: the user is signed out with a notice to sign in again.
 */
export function useChangePassword() {
  const save = useUpdatePassword();
  const form = useAppForm({
    defaultValues: { current_password: '', password: '', password_confirmation: '' } as ChangeValues,
    validators: { onChange: RULES },
    listeners: { onChange: () => save.reset() },
    onSubmit: ({ value }) => save.mutate(value, { onSuccess: () => signOut(es.account.changePassword.signInAgain) }),
  });
  const complete = useStore(form.store, (state) => RULES.passes(state.values));
  const error = save.error ? messageForError(save.error) : null;
  const submitting = save.isPending;

  function submit(event: FormEvent) {
    event.preventDefault();
    if (complete && !submitting) void form.handleSubmit();
  }

  return { form, canSubmit: complete, error, submitting, submit };
}
