import { putMessageNoticePreference } from '../../shared/contracts/messages';
import { setMailPreference } from '../lib/data/users';
import { httpHandler } from '../lib/http/http-handler';

/** PUT api/v1/messages/notices/preference/: the caller's own notices of new messages, on or off. */
export const handler = httpHandler(putMessageNoticePreference, async ({ caller, body }) => {
  await setMailPreference(caller.user.uuid, 'message_notices', body.notices);
  return { notices: body.notices };
});
