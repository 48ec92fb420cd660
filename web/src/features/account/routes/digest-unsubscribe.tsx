import { Alert, Button, Text } from '@aws-amplify/ui-react';
import { es, messageForError } from '@shared/i18n/es';
import { useParams } from 'react-router-dom';
import { useDigestUnsubscribe } from '@/features/account/api/document-digest';
import { GuestFrame } from '@/features/account/components/guest-frame';
import { MessagePage } from '@/features/account/components/message-page';

const t = es.account.digest;

/**
 * /digest/unsubscribe/{token}: the document digest mail's link. It acts on a click, never on page load (mail scanners
 * open links), and works signed out.
 */
export function DigestUnsubscribeRoute() {
  const { token = '' } = useParams();
  const unsubscribe = useDigestUnsubscribe();

  if (unsubscribe.isSuccess) {
    return <MessagePage title={t.doneTitle} text={t.doneText} action={{ label: es.account.goToLogin, to: '/login' }} />;
  }
  return (
    <GuestFrame title={t.unsubscribeTitle}>
      <Text textAlign="center">{t.unsubscribeText}</Text>
      {unsubscribe.error ? <Alert variation="error">{messageForError(unsubscribe.error)}</Alert> : null}
      <Button
        variation="primary"
        isFullWidth
        onClick={() => unsubscribe.mutate({ token })}
        isLoading={unsubscribe.isPending}
        loadingText={t.unsubscribing}
      >
        {t.unsubscribe}
      </Button>
    </GuestFrame>
  );
}
