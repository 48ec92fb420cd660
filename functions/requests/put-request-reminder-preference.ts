import { putRequestReminderPreference } from '../../shared/contracts/requests';
import { setRequestReminders } from '../lib/data/users';
import { httpHandler } from '../lib/http/http-handler';

/** PUT api/v1/requests/reminders/preference/: the caller's own request reminder mails, on or off. */
export const handler = httpHandler(putRequestReminderPreference, async ({ caller, body }) => {
  await setRequestReminders(caller.user.uuid, body.reminders);
  return { reminders: body.reminders };
});
