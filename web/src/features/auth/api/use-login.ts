// The error texts and helpers alone, not the whole catalogue: /login's first load stays light.
import { fieldLabel, messageForError } from '@shared/i18n/error-messages';
import * as es from '@shared/i18n/es/errors';
import {
  MICROSOFT_CHALLENGE_HASH,
  MICROSOFT_DONE_PARAM,
  MICROSOFT_DONE_VALUE,
  MICROSOFT_ERROR_PARAM,
} from '@shared/microsoft';
import { type FormEvent, useEffect, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { markSignedIn, type SecondFactorChallenge, signIn } from '@/lib/session';
import { takeWantedPage } from '@/lib/wanted-page';

export interface LoginFields {
  email: string;
  password: string;
  remember: boolean;
}

type FieldErrors = Partial<Record<'email' | 'password', string>>;

/** A sign-in whose password was right and whose second factor is due. */
export type PendingSecondFactor = SecondFactorChallenge & { remember: boolean };

/**
 * What a Microsoft sign-in's redirect back to the login says (functions/auth/microsoft-sign-in-callback.ts): signed in,
 * a refusal's code, or the second factor's challenge. Read once, at the page's first render.
 */
function microsoftReturn(): { signedIn: boolean; error: string | null; challenge: PendingSecondFactor | null } {
  const query = new URLSearchParams(window.location.search);
  const hash = new URLSearchParams(window.location.hash.slice(1));
  const challenge = hash.get(MICROSOFT_CHALLENGE_HASH);
  const step = hash.get('step');
  return {
    signedIn: query.get(MICROSOFT_DONE_PARAM) === MICROSOFT_DONE_VALUE,
    error: query.get(MICROSOFT_ERROR_PARAM),
    challenge: challenge && (step === 'VERIFY' || step === 'ENROL') ? { challenge, step, remember: false } : null,
  };
}

/** The login form's state: fields, inline 'required' messages, the server's refusal worded per portal spec §8. */
export function useLogin(initialRemember: boolean) {
  const navigate = useNavigate();
  const [returned] = useState(microsoftReturn);
  const [fields, setFields] = useState<LoginFields>({ email: '', password: '', remember: initialRemember });
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  // The one submit state kept by hand: the login page renders without the query library, which would add 6 KB
  // gzipped to its first load (≤ 120 KB). A refusal is worded per portal spec §8.
  const [error, setError] = useState<string | null>(() =>
    returned.error ? messageForError({ code: returned.error }) : null,
  );
  const [submitting, setSubmitting] = useState(false);
  const [challenge, setChallenge] = useState<PendingSecondFactor | null>(returned.challenge);

  useEffect(() => {
    if (returned.signedIn) {
      // Microsoft's sign-in set the session's cookies: the SPA marks its session and goes on.
      markSignedIn(false);
      navigate(takeWantedPage(), { replace: true });
    } else if (returned.error || returned.challenge) {
      // The code and the challenge leave the address bar (and the history) once read.
      window.history.replaceState(window.history.state, '', window.location.pathname);
    }
  }, [returned, navigate]);

  function change<K extends keyof LoginFields>(name: K, value: LoginFields[K]) {
    setFields((current) => ({ ...current, [name]: value }));
    // Changing a field clears its message.
    if (name === 'email' || name === 'password') setFieldErrors((current) => ({ ...current, [name]: undefined }));
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    const email = fields.email.trim();
    const missing: FieldErrors = {};
    if (!email) missing.email = es.errors.field.required(fieldLabel('email'));
    if (!fields.password) missing.password = es.errors.field.required(fieldLabel('password'));
    setFieldErrors(missing);
    if (missing.email || missing.password) return;
    setSubmitting(true);
    setError(null);
    try {
      const secondFactor = await signIn(email, fields.password, fields.remember);
      // The second factor is due: the form gives way to the code (or the enrolment).
      if (secondFactor) {
        setChallenge({ ...secondFactor, remember: fields.remember });
        setSubmitting(false);
        return;
      }
      // The page a signed-out visitor asked for (a folder link, say), else /home.
      navigate(takeWantedPage(), { replace: true });
    } catch (failure) {
      setError(messageForError(failure, 'login'));
      setSubmitting(false);
    }
  }

  /** Back to the password (a challenge that expired, or another account). */
  const restart = () => setChallenge(null);

  return { fields, fieldErrors, error, submitting, change, submit, challenge, restart };
}
