import { es } from '@shared/i18n/es';
import { useMessageNoticesUnsubscribe } from '@/features/account/api/message-notices';
import { UnsubscribePage } from '@/features/account/components/unsubscribe-page';

/** /messages/notices/unsubscribe/{token}: the notice of new messages' mail link. */
export function MessageNoticesUnsubscribeRoute() {
  return <UnsubscribePage texts={es.account.messageNotices} unsubscribe={useMessageNoticesUnsubscribe()} />;
}
