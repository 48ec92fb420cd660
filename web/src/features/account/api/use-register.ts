import type { ResponseOf } from '@shared/contracts/define';
import { registrationSchema, type verifyInvitation } from '@shared/contracts/registration';
import { personName } from '@shared/contracts/users';
import { messagesForError } from '@shared/i18n/es';
import { formatRut } from '@shared/rut';
import { useStore } from '@tanstack/react-form';
import { type FormEvent, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import * as z from 'zod/mini';
import { useAppForm } from '@/components/form/app-form';
import { contractRules, messages } from '@/components/form/contract-rules';
import { ApiError } from '@/lib/api-client';
import { signIn } from '@/lib/session';
import { PASSWORD_MESSAGES } from './password-checks';
import { useRegisterInvitation } from './register-invitation';
import { useTokenCheck } from './use-token-check';
import { invitationCheckQueryOptions } from './verify-invitation';

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

/** The contract's body, whose names a new account must give (an existing one joins with its password alone). */
const SCHEMAS = [z.safeExtend(registrationSchema, { first_name: personName, last_name: personName })];
export const REGISTER_RULES = contractRules<RegisterValues & { token: string }>(SCHEMAS, {
  first_name: messages.name('first_name'),
  last_name: messages.name('last_name'),
  rut_user: messages.rut,
  phone_number: messages.phone,
  ...PASSWORD_MESSAGES,
});

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

export type InvitationCheck = ResponseOf<typeof verifyInvitation>;

/** The form starts from what the invitation knows of the person (a CSV row's names, RUT and phone). */
export function initialValues(invitation: InvitationCheck): RegisterValues {
  return {
    ...EMPTY,
    first_name: invitation.first_name ?? '',
    last_name: invitation.last_name ?? '',
    rut_user: invitation.rut_user ? formatRut(invitation.rut_user) : '',
    phone_number: invitation.phone_number ?? '',
  };
}

/** /register/{token}: the invitation is checked first (useInvitationCheck), then this form registers the account. */
export const useInvitationCheck = (token: string) => useTokenCheck(invitationCheckQueryOptions({ token }));

/**
 * The registration form of a live invitation. After the account is made the person is signed in with the password
 * just chosen and lands on /home rather than on the login; should that sign-in
 * fail, the success page with its link to the login still says the account exists.
 */
export function useRegister(token: string, invitation: InvitationCheck) {
  const navigate = useNavigate();
  const [signingIn, setSigningIn] = useState(false);
  const register = useRegisterInvitation();
  // The form's values are the contract's body: the token rides along, unseen.
  const form = useAppForm({
    defaultValues: { token, ...initialValues(invitation) },
    validators: { onChange: REGISTER_RULES },
    onSubmit: ({ value }) =>
      register.mutate(registrationBody(token, value), {
        onSuccess: async () => {
          setSigningIn(true);
          try {
            // With a second factor due (a SUPER_ADMIN, a firm that asks for it) the person signs in and enrols.
            const secondFactor = await signIn(invitation.email, value.password, false);
            navigate(secondFactor ? '/successRegister' : '/home', { replace: true });
          } catch {
            navigate('/successRegister', { replace: true });
          }
        },
        onError: (error) => {
          if (error instanceof ApiError && error.code === 'INVALID_TOKEN') navigate('/expiredToken', { replace: true });
        },
      }),
  });
  const complete = useStore(form.store, (state) => REGISTER_RULES.passes(state.values));
  // An invitation that expired meanwhile leads to /expiredToken.
  const expired = register.error instanceof ApiError && register.error.code === 'INVALID_TOKEN';
  const errors = register.error && !expired ? messagesForError(register.error) : [];
  const submitting = register.isPending || register.isSuccess || expired || signingIn;

  function submit(event: FormEvent) {
    event.preventDefault();
    if (complete && !submitting) void form.handleSubmit();
  }

  return { form, canSubmit: complete, errors, submitting, submit };
}

/**
 * An invitation to an address that has an account (another firm's client): the person accepts it with that
 * account's password, which the API checks; names and password stay as they are. Then signed in, as after a registration.
 */
export function useJoinInvitation(token: string, invitation: InvitationCheck) {
  const navigate = useNavigate();
  const [password, setPassword] = useState('');
  const [signingIn, setSigningIn] = useState(false);
  const register = useRegisterInvitation();
  const expired = register.error instanceof ApiError && register.error.code === 'INVALID_TOKEN';
  const errors = register.error && !expired ? messagesForError(register.error) : [];
  const submitting = register.isPending || register.isSuccess || expired || signingIn;

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!password || submitting) return;
    register.mutate(
      { token, password, password_confirmation: password },
      {
        onSuccess: async () => {
          setSigningIn(true);
          try {
            // With a second factor due (a SUPER_ADMIN, a firm that asks for it) the person signs in and enrols.
            const secondFactor = await signIn(invitation.email, password, false);
            navigate(secondFactor ? '/successRegister' : '/home', { replace: true });
          } catch {
            navigate('/successRegister', { replace: true });
          }
        },
        onError: (error) => {
          if (error instanceof ApiError && error.code === 'INVALID_TOKEN') navigate('/expiredToken', { replace: true });
        },
      },
    );
  }

  return { password, setPassword, errors, submitting, submit };
}
