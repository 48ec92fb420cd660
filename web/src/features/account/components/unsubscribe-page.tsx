import { Alert, Button, Text } from '@aws-amplify/ui-react';
import { es, messageForError } from '@shared/i18n/es';
import type { UseMutationResult } from '@tanstack/react-query';
import { useParams } from 'react-router-dom';
import { GuestFrame } from '@/features/account/components/guest-frame';
import { MessagePage } from '@/features/account/components/message-page';

interface Texts {
  unsubscribeTitle: string;
  unsubscribeText: string;
  unsubscribe: string;
  unsubscribing: string;
  doneTitle: string;
  doneText: string;
}

/**
 * A mail's unsubscribe link (`…/unsubscribe/{token}`), signed out. It acts on a click, never on page load (mail
 * scanners open links).
 */
export function UnsubscribePage<A>({
  texts,
  unsubscribe,
}: {
  texts: Texts;
  unsubscribe: UseMutationResult<A, Error, { token: string }>;
}) {
  const { token = '' } = useParams();
  if (unsubscribe.isSuccess) {
    return (
      <MessagePage
        title={texts.doneTitle}
        text={texts.doneText}
        action={{ label: es.account.goToLogin, to: '/login' }}
      />
    );
  }
  return (
    <GuestFrame title={texts.unsubscribeTitle}>
      <Text textAlign="center">{texts.unsubscribeText}</Text>
      {unsubscribe.error ? <Alert variation="error">{messageForError(unsubscribe.error)}</Alert> : null}
      <Button
        variation="primary"
        isFullWidth
        onClick={() => unsubscribe.mutate({ token })}
        isLoading={unsubscribe.isPending}
        loadingText={texts.unsubscribing}
      >
        {texts.unsubscribe}
      </Button>
    </GuestFrame>
  );
}
