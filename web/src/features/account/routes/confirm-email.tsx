import { Alert, Button, Text } from '@aws-amplify/ui-react';
import { useState } from 'react';
import { Navigate, useParams } from 'react-router-dom';
import { confirmEmailChange } from '../../../../../shared/contracts/users';
import { es, messageForError } from '../../../../../shared/i18n/es';
import { api } from '../../../lib/api-client';
import { isRefusedToken } from '../api/use-token-check';
import { GuestFrame } from '../components/guest-frame';
import { MessagePage } from '../components/message-page';

const t = es.account.confirmEmail;

type State = { step: 'ask' | 'sending' | 'done' | 'expired' } | { step: 'failed'; message: string };

/**
 * /email_confirm/{token}: the link of an e-mail change (issue 8). The link is single-use, so it is spent on a click,
 * not on page load (a prefetch or a second render cannot use it up); a refused link shows the expired-link page.
 */
export function ConfirmEmailRoute() {
  const { token = '' } = useParams();
  const [state, setState] = useState<State>({ step: 'ask' });

  async function confirm() {
    setState({ step: 'sending' });
    try {
      await api(confirmEmailChange, { body: { token } });
      setState({ step: 'done' });
    } catch (failure) {
      setState(isRefusedToken(failure) ? { step: 'expired' } : { step: 'failed', message: messageForError(failure) });
    }
  }

  if (state.step === 'expired') return <Navigate to="/expiredToken" replace />;
  if (state.step === 'done') {
    return <MessagePage title={t.doneTitle} text={t.doneText} action={{ label: es.account.goToLogin, to: '/login' }} />;
  }
  return (
    <GuestFrame title={t.title}>
      <Text textAlign="center">{t.text}</Text>
      {state.step === 'failed' ? <Alert variation="error">{state.message}</Alert> : null}
      <Button
        variation="primary"
        isFullWidth
        onClick={confirm}
        isLoading={state.step === 'sending'}
        loadingText={t.submitting}
      >
        {t.submit}
      </Button>
    </GuestFrame>
  );
}
