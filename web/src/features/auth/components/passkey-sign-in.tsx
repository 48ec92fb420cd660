// Only the sign-in texts and the error messages: /login's first load stays light.
import { messageForError } from '@shared/i18n/error-messages';
import * as es from '@shared/i18n/es/auth';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { Alert } from '@/components/ui/light/alert';
import { Button } from '@/components/ui/light/button';
import { Stack } from '@/components/ui/light/stack';
import { PasskeyCancelled, signInWithPasskey } from '@/features/auth/api/passkey-sign-in';
import { takeWantedPage } from '@/lib/wanted-page';

/** Whether this browser can use passkeys at all (WebAuthn). */
const supported = () => typeof window !== 'undefined' && typeof window.PublicKeyCredential === 'function';

/**
 * 'Ingresar con llave de acceso': no e-mail, no password; the device offers the passkeys it holds for this portal.
 * Shown only where the browser can use passkeys.
 */
export function PasskeySignIn({ remember }: { remember: boolean }) {
  const navigate = useNavigate();
  const [working, setWorking] = useState(false);
  const [error, setError] = useState<string | null>(null);
  if (!supported()) return null;
  async function start() {
    setWorking(true);
    setError(null);
    try {
      await signInWithPasskey(remember);
      navigate(takeWantedPage(), { replace: true });
    } catch (failure) {
      setError(failure instanceof PasskeyCancelled ? es.login.passkeyCancelled : messageForError(failure));
      setWorking(false);
    }
  }
  return (
    <Stack gap="xs">
      {error ? (
        <Alert variation="error" testId="passkey-error">
          {error}
        </Alert>
      ) : null}
      <Button fullWidth loading={working} loadingText={es.login.passkeyWorking} onClick={() => void start()}>
        {es.login.passkey}
      </Button>
    </Stack>
  );
}
