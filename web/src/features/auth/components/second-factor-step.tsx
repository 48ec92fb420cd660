// Only this step's texts and the error messages: it is a chunk of /login of its own.
import { postSecondFactor, postSecondFactorEnrolment } from '@shared/contracts/second-factor';
import { messageForError } from '@shared/i18n/error-messages';
import * as es from '@shared/i18n/es/second-factor';
import { type FormEvent, useEffect, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { EnrolmentSecret, qrCodeOf, RecoveryCodesList } from '@/components/second-factor/enrolment';
import { Alert } from '@/components/ui/light/alert';
import { Button } from '@/components/ui/light/button';
import { Checkbox } from '@/components/ui/light/checkbox';
import { Heading } from '@/components/ui/light/heading';
import { InputField } from '@/components/ui/light/input-field';
import { Loader } from '@/components/ui/light/loader';
import { Stack } from '@/components/ui/light/stack';
import { Text } from '@/components/ui/light/text';
import type { PendingSecondFactor } from '@/features/auth/api/use-login';
import { api } from '@/lib/api-client';
import { markSignedIn } from '@/lib/session';
import { takeWantedPage } from '@/lib/wanted-page';

const t = es.secondFactor;
/** Under the login's own title: a step of it, not a page of its own. */
const STEP_HEADING = { fontSize: 'var(--amplify-font-sizes-xl)' } as const;

/** The secret to enrol and its QR code (drawn here from the otpauth:// URI; the qrcode library loads only now). */
function useEnrolment(challenge: string, wanted: boolean) {
  const [enrolment, setEnrolment] = useState<{ secret: string; qr: string } | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    if (!wanted) return;
    let live = true;
    (async () => {
      const { secret, otpauth_uri } = await api(postSecondFactorEnrolment, { body: { challenge } });
      const qr = await qrCodeOf(otpauth_uri);
      if (live) setEnrolment({ secret, qr });
    })().catch((failure: unknown) => live && setError(messageForError(failure)));
    return () => {
      live = false;
    };
  }, [challenge, wanted]);
  return { enrolment, error };
}

/**
 * The sign-in's second step: the code of the authenticator app (or a recovery code), or, where the firm makes the
 * factor mandatory and the person has none, its enrolment (QR code, the key in text, the first code) and then the ten
 * recovery codes, shown once. The session opens with the right code; 'Confiar en este dispositivo' skips the code on
 * this browser for 30 days.
 */
export function SecondFactorStep({ pending, onRestart }: { pending: PendingSecondFactor; onRestart: () => void }) {
  const navigate = useNavigate();
  const enrolling = pending.step === 'ENROL';
  const { enrolment, error: enrolError } = useEnrolment(pending.challenge, enrolling);
  const [code, setCode] = useState('');
  const [recoveryMode, setRecoveryMode] = useState(false);
  const [trust, setTrust] = useState(false);
  const [fieldError, setFieldError] = useState<string | undefined>();
  const [error, setError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);

  const finish = () => {
    markSignedIn(pending.remember);
    navigate(takeWantedPage(), { replace: true });
  };

  async function submit(event: FormEvent) {
    event.preventDefault();
    const value = code.trim();
    if (!value || (!recoveryMode && !/^\d{6}$/.test(value))) {
      setFieldError(t.required);
      return;
    }
    setSubmitting(true);
    setError(null);
    try {
      const body = recoveryMode
        ? { challenge: pending.challenge, recovery_code: value, trust_device: trust }
        : { challenge: pending.challenge, code: value, trust_device: trust };
      const answer = await api(postSecondFactor, { body });
      if (answer.recovery_codes?.length) {
        setRecoveryCodes(answer.recovery_codes);
        return;
      }
      finish();
    } catch (failure) {
      setError(messageForError(failure));
      setSubmitting(false);
    }
  }

  if (recoveryCodes) {
    return (
      <Stack gap="medium">
        <Heading level={2} style={STEP_HEADING}>
          {t.recoveryTitle}
        </Heading>
        <RecoveryCodesList codes={recoveryCodes} />
        <Button primary fullWidth onClick={finish}>
          {t.continue}
        </Button>
      </Stack>
    );
  }

  const label = recoveryMode ? t.recovery : t.code;
  return (
    <Stack as="form" onSubmit={submit} noValidate>
      <Heading level={2} style={STEP_HEADING}>
        {enrolling ? t.enrolTitle : t.codeTitle}
      </Heading>
      {error || enrolError ? (
        <Alert variation="error" testId="second-factor-error">
          {error ?? enrolError}
        </Alert>
      ) : null}
      {enrolling ? (
        <>
          <Text>{t.enrolIntro}</Text>
          {enrolment ? (
            <EnrolmentSecret secret={enrolment.secret} qr={enrolment.qr} />
          ) : enrolError ? null : (
            <Stack gap="small">
              <Loader />
              <Text>{t.enrolLoading}</Text>
            </Stack>
          )}
        </>
      ) : (
        <Text>{recoveryMode ? t.recoveryIntro : t.codeIntro}</Text>
      )}
      <InputField
        label={label}
        name={recoveryMode ? 'recovery_code' : 'code'}
        autoComplete={recoveryMode ? 'off' : 'one-time-code'}
        value={code}
        onChange={(value) => {
          setCode(value);
          setFieldError(undefined);
        }}
        error={fieldError}
      />
      <Checkbox label={t.trustDevice} name="trust_device" checked={trust} onChange={setTrust} />
      <Button type="submit" primary fullWidth loading={submitting} loadingText={t.verifying}>
        {enrolling ? t.activate : t.verify}
      </Button>
      {enrolling ? null : (
        <button
          type="button"
          className="amplify-button amplify-button--link"
          onClick={() => {
            setRecoveryMode((current) => !current);
            setCode('');
            setFieldError(undefined);
            setError(null);
          }}
        >
          {recoveryMode ? t.useApp : t.useRecovery}
        </button>
      )}
      <button type="button" className="amplify-button amplify-button--link" onClick={onRestart}>
        {t.restart}
      </button>
    </Stack>
  );
}
