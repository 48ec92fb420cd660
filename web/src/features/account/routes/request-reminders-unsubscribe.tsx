import { es } from '@shared/i18n/es';
import { useRequestRemindersUnsubscribe } from '@/features/account/api/unsubscribe-request-reminders';
import { UnsubscribePage } from '@/features/account/components/unsubscribe-page';

/** /requests/reminders/unsubscribe/{token}: the request reminder mail's link. */
export function RequestRemindersUnsubscribeRoute() {
  return <UnsubscribePage texts={es.account.requestReminders} unsubscribe={useRequestRemindersUnsubscribe()} />;
}
