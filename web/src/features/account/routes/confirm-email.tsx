import { Alert, Button, Text } from '@aws-amplify/ui-react';
import { es, messageForError } from '@shared/i18n/es';
import { Navigate, useParams } from 'react-router-dom';
import { useConfirmEmailChange } from '@/features/account/api/confirm-email-change';
import { isRefusedToken } from '@/features/account/api/use-token-check';
import { GuestFrame } from '@/features/account/components/guest-frame';
import { MessagePage } from '@/features/account/components/message-page';

const t = es.account.confirmEmail;

/**
 * /email_confirm/{token}: the link of an e-mail change. The link is single-use, so it is spent on a click,
 * not on page load (a prefetch or a second render cannot use it up); a refused link shows the expired-link page.
 */
export function ConfirmEmailRoute() {
  const { token = '' } = useParams();
  const confirm = useConfirmEmailChange();

  if (confirm.error && isRefusedToken(confirm.error)) return <Navigate to="/expiredToken" replace />;
  if (confirm.isSuccess) {
    return <MessagePage title={t.doneTitle} text={t.doneText} action={{ label: es.account.goToLogin, to: '/login' }} />;
  }
  return (
    <GuestFrame title={t.title}>
      <Text textAlign="center">{t.text}</Text>
      {confirm.error ? <Alert variation="error">{messageForError(confirm.error)}</Alert> : null}
      <Button
        variation="primary"
        isFullWidth
        onClick={() => confirm.mutate({ token })}
        isLoading={confirm.isPending}
        loadingText={t.submitting}
      >
        {t.submit}
      </Button>
    </GuestFrame>
  );
}
