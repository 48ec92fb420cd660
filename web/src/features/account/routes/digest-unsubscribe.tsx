import { es } from '@shared/i18n/es';
import { useDigestUnsubscribe } from '@/features/account/api/document-digest';
import { UnsubscribePage } from '@/features/account/components/unsubscribe-page';

/** /digest/unsubscribe/{token}: the document digest mail's link. */
export function DigestUnsubscribeRoute() {
  return <UnsubscribePage texts={es.account.digest} unsubscribe={useDigestUnsubscribe()} />;
}
