import { putRequestReminderPreference } from '../../shared/contracts/requests';
import { setMailPreference } from '../lib/data/users';
import { httpHandler } from '../lib/http/http-handler';

/** PUT api/v1/requests/reminders/preference/: the caller's own request reminder mails, on or off. */
export const handler = httpHandler(putRequestReminderPreference, async ({ caller, body }) => {
  await setMailPreference(caller.user.uuid, 'request_reminders', body.reminders);
  return { reminders: body.reminders };
});
