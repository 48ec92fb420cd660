import { unsubscribeMessageNotices } from '../../shared/contracts/messages';
import { httpHandler } from '../lib/http/http-handler';
import { unsubscribeByLink } from '../lib/mail-unsubscribe';

/** POST api/v1/messages/notices/unsubscribe/ (public): a notice mail's link turns its person's notices off. */
export const handler = httpHandler(unsubscribeMessageNotices, async ({ body }) => {
  await unsubscribeByLink('NOTICE', 'message_notices', body.token);
  return { detail: 'Ya no recibirás avisos de mensajes nuevos' };
});
