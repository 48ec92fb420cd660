import { Alert, Button, Text } from '@aws-amplify/ui-react';
import { es, messageForError } from '@shared/i18n/es';
import { useParams } from 'react-router-dom';
import { useRequestRemindersUnsubscribe } from '@/features/account/api/unsubscribe-request-reminders';
import { GuestFrame } from '@/features/account/components/guest-frame';
import { MessagePage } from '@/features/account/components/message-page';

const t = es.account.requestReminders;

/**
 * /requests/reminders/unsubscribe/{token}: the request reminder mail's link. It acts on a click, never on page load
 * (mail scanners open links), and works signed out.
 */
export function RequestRemindersUnsubscribeRoute() {
  const { token = '' } = useParams();
  const unsubscribe = useRequestRemindersUnsubscribe();

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
