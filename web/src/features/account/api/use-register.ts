import { registerInvitation, verifyInvitation } from '@shared/contracts/registration';
import { messagesForError } from '@shared/i18n/es';
import { type FormEvent, useCallback, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { validatePhone, validateRut } from '@/components/admin/validators';
import { useValidatedFields } from '@/features/account/lib/form-fields';
import { ApiError, api } from '@/lib/api-client';
import { checkName } from '@/lib/validation';
import { PASSWORD_DEPENDENTS, passwordChecks } from './password-checks';
import { useTokenCheck } from './use-token-check';

export type RegisterValues = {
  first_name: string;
  last_name: string;
  rut_user: string;
  phone_number: string;
  password: string;
  password_confirmation: string;
};

const EMPTY: RegisterValues = {
  first_name: '',
  last_name: '',
  rut_user: '',
  phone_number: '',
  password: '',
  password_confirmation: '',
};

const checks = {
  first_name: (value: string) => checkName(value, 'first_name'),
  last_name: (value: string) => checkName(value, 'last_name'),
  rut_user: (value: string) => validateRut(value),
  phone_number: (value: string) => validatePhone(value),
  ...passwordChecks,
};

/** Every field but the optional RUT and phone must be filled before 'Finalizar registro' enables. */
const REQUIRED = ['first_name', 'last_name', 'password', 'password_confirmation'] as const;

/** The body of the registration: trimmed names, the optional fields left out when empty. */
export function registrationBody(token: string, values: RegisterValues) {
  const rut = values.rut_user.trim();
  const phone = values.phone_number.trim();
  return {
    token,
    first_name: values.first_name.trim(),
    last_name: values.last_name.trim(),
    ...(rut && { rut_user: rut }),
    ...(phone && { phone_number: phone }),
    password: values.password,
    password_confirmation: values.password_confirmation,
  };
}

/** /register/{token}: the invitation is checked first, then the form registers the account. */
export function useRegister(token: string) {
  const navigate = useNavigate();
  const check = useCallback((signal: AbortSignal) => api(verifyInvitation, { query: { token }, signal }), [token]);
  const invitation = useTokenCheck(check);
  const form = useValidatedFields(EMPTY, checks, { required: REQUIRED, dependents: PASSWORD_DEPENDENTS });
  const [errors, setErrors] = useState<string[]>([]);
  const [submitting, setSubmitting] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!form.canSubmit || submitting || !form.validate()) return;
    setSubmitting(true);
    setErrors([]);
    try {
      await api(registerInvitation, { body: registrationBody(token, form.values) });
      navigate('/successRegister', { replace: true });
    } catch (error) {
      if (error instanceof ApiError && error.code === 'INVALID_TOKEN') {
        navigate('/expiredToken', { replace: true });
        return;
      }
      setErrors(messagesForError(error));
      setSubmitting(false);
    }
  }

  return { invitation, form, errors, submitting, submit };
}
