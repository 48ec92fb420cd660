import { requestPasswordReset } from '@shared/contracts/registration';
import { messageForError } from '@shared/i18n/es';
import { type FormEvent, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { validateRequiredEmail as checkEmail } from '@/components/admin/validators';
import { api } from '@/lib/api-client';

/**
 * /forgottenPassword: the e-mail is checked as it changes; the request mails a link (EMAIL_SENT → /SuccessEmail).
 * Refusals: unknown address, the per-address lock (m:ss), anything else generic.
 */
export function useForgottenPassword() {
  const navigate = useNavigate();
  const [email, setEmail] = useState('');
  const [emailError, setEmailError] = useState<string | undefined>();
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);

  function change(value: string) {
    setEmail(value);
    setEmailError(checkEmail(value));
    setError(null);
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    const problem = checkEmail(email);
    setEmailError(problem);
    if (problem || sending) return;
    setSending(true);
    setError(null);
    try {
      const answer = await api(requestPasswordReset, { body: { email: email.trim() } });
      if (answer.code === 'EMAIL_SENT') {
        navigate('/SuccessEmail', { replace: true });
        return;
      }
      setError(messageForError(answer));
    } catch (failure) {
      setError(messageForError(failure));
    }
    setSending(false);
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
