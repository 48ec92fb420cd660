import { messageForError } from '@shared/i18n/es';
import { type FormEvent, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { validateRequiredEmail as checkEmail } from '@/components/admin/validators';
import { useRequestPasswordReset } from './request-password-reset';

/**
 * /forgottenPassword: the e-mail is checked as it changes; the request mails a link (EMAIL_SENT → /SuccessEmail). The
 * server answers EMAIL_SENT for every address, registered or not. Refusals: the per-address lock (m:ss),
 * anything else generic.
 */
export function useForgottenPassword() {
  const navigate = useNavigate();
  const [email, setEmail] = useState('');
  const [emailError, setEmailError] = useState<string | undefined>();
  const request = useRequestPasswordReset();
  // The submit state is the mutation's (issue 9); an answer other than EMAIL_SENT is worded like a failure.
  const sending = request.isPending;
  const error = request.error
    ? messageForError(request.error)
    : request.data && request.data.code !== 'EMAIL_SENT'
      ? messageForError(request.data)
      : null;

  function change(value: string) {
    setEmail(value);
    setEmailError(checkEmail(value));
    request.reset();
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    const problem = checkEmail(email);
    setEmailError(problem);
    if (problem || sending) return;
    request.mutate(
      { email: email.trim() },
      {
        onSuccess: (answer) => {
          if (answer.code === 'EMAIL_SENT') navigate('/SuccessEmail', { replace: true });
        },
      },
    );
  }

  return {
    email,
    emailError,
    error,
    sending,
    canSubmit: !sending && email.trim() !== '' && !emailError,
    change,
    submit,
  };
}
