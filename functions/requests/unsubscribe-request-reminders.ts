import { unsubscribeRequestReminders } from '../../shared/contracts/requests';
import { httpHandler } from '../lib/http/http-handler';
import { unsubscribeByLink } from '../lib/mail-unsubscribe';

/** POST api/v1/requests/reminders/unsubscribe/ (public): a reminder mail's link turns its person's reminders off. */
export const handler = httpHandler(unsubscribeRequestReminders, async ({ body }) => {
  await unsubscribeByLink('REMINDER', 'request_reminders', body.token);
  return { detail: 'Ya no recibirás recordatorios de solicitudes' };
});
