import { unsubscribeRequestReminders } from '../../shared/contracts/requests';
import { invalidToken, tokenOwner } from '../lib/data/tokens';
import { setRequestReminders } from '../lib/data/users';
import { httpHandler } from '../lib/http/http-handler';

/**
 * POST api/v1/requests/reminders/unsubscribe/ (public): the link of a reminder mail turns its person's reminders off.
 * As the digest's link: a random token whose hash the table keeps (tokens.ts), written with the mail, not consumed (a
 * second click answers the same); the SPA sends it on a click, never on opening the page (mail scanners open links).
 */
export const handler = httpHandler(unsubscribeRequestReminders, async ({ body }) => {
  const owner = await tokenOwner('REMINDER', body.token);
  try {
    await setRequestReminders(owner, false);
  } catch (error) {
    // The account was deleted since the mail went.
    if ((error as Error).name === 'ConditionalCheckFailedException') throw invalidToken();
    throw error;
  }
  return { detail: 'Ya no recibirás recordatorios de solicitudes' };
});
