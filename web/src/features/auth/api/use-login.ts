// The error texts and helpers alone, not the whole catalogue: /login's first load stays light.

import { tokenBodySchema } from '@shared/contracts/auth';
import { fieldLabel, messageForError } from '@shared/i18n/error-messages';
import * as es from '@shared/i18n/es/errors';
import { useStore } from '@tanstack/react-form';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { contractRules } from '@/components/form/contract-rules';
import { useLightForm } from '@/components/form/light-form';
import { signIn } from '@/lib/session';
import { takeWantedPage } from '@/lib/wanted-page';

export interface LoginFields {
  email: string;
  password: string;
  remember: boolean;
}

/**
 * The contract's body; only an empty field is named here (portal §8): any other refusal, a malformed address
 * included, is the API's, worded as a failed sign-in.
 */
export const LOGIN_RULES = contractRules<LoginFields>(
  [tokenBodySchema],
  {
    email: { blank: es.errors.field.required(fieldLabel('email')) },
    password: { blank: es.errors.field.required(fieldLabel('password')) },
  },
  (values) => ({ ...values, email: values.email.trim() }),
);

/** The login form: fields, inline 'required' messages once sent, the server's refusal worded per portal spec §8. */
export function useLogin(initialRemember: boolean) {
  const navigate = useNavigate();
  // The refusal is kept here rather than in a mutation: the login page renders without the query library, which
  // would add 6 KB gzipped to its first load.
  const [error, setError] = useState<string | null>(null);
  const form = useLightForm({
    defaultValues: { email: '', password: '', remember: initialRemember } as LoginFields,
    validators: { onSubmit: LOGIN_RULES },
    onSubmit: async ({ value }) => {
      setError(null);
      try {
        await signIn(value.email.trim(), value.password, value.remember);
        // The page a signed-out visitor asked for (a folder link, say), else /home.
        navigate(takeWantedPage(), { replace: true });
      } catch (failure) {
        setError(messageForError(failure, 'login'));
      }
    },
  });
  const submitting = useStore(form.store, (state) => state.isSubmitting);
  return { form, error, submitting };
}
