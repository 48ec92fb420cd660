import { es, fieldLabel, messageForError } from '@shared/i18n/es';
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { signIn } from '@/lib/session';

export interface LoginFields {
  email: string;
  password: string;
  remember: boolean;
}

type FieldErrors = Partial<Record<'email' | 'password', string>>;

/** The login form's state: fields, inline 'required' messages, the server's refusal worded per portal spec §8. */
export function useLogin(initialRemember: boolean) {
  const navigate = useNavigate();
  const [fields, setFields] = useState<LoginFields>({ email: '', password: '', remember: initialRemember });
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const login = useMutation({
    mutationFn: (fields: LoginFields) => signIn(fields.email, fields.password, fields.remember),
    // Signing in starts from an empty cache (lib/session.ts); nothing to invalidate.
    meta: { invalidates: false },
  });
  // The submit state is the mutation's (issue 9); a refusal is worded per portal spec §8. After success the page
  // is leaving: the button stays busy.
  const error = login.error ? messageForError(login.error, 'login') : null;
  const submitting = login.isPending || login.isSuccess;

  function change<K extends keyof LoginFields>(name: K, value: LoginFields[K]) {
    setFields((current) => ({ ...current, [name]: value }));
    // Changing a field clears its message.
    if (name === 'email' || name === 'password') setFieldErrors((current) => ({ ...current, [name]: undefined }));
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    const email = fields.email.trim();
    const missing: FieldErrors = {};
    if (!email) missing.email = es.errors.field.required(fieldLabel('email'));
    if (!fields.password) missing.password = es.errors.field.required(fieldLabel('password'));
    setFieldErrors(missing);
    if (missing.email || missing.password) return;
    login.mutate({ ...fields, email }, { onSuccess: () => navigate('/home', { replace: true }) });
  }

  return { fields, fieldErrors, error, submitting, change, submit };
}
