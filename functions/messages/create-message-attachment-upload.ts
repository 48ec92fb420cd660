import { createMessageAttachmentUpload } from '../../shared/contracts/messages';
import { countHit } from '../lib/data/throttle';
import { httpHandler } from '../lib/http/http-handler';
import { startAttachmentUpload } from './attachments';
import { requireSocietyPlace } from './messages';

/**
 * POST api/v1/messages/society/{uuid}/attachments/: a presigned POST for a message's file (404 outside the society);
 * a hundred an hour per person, since a client may start them too.
 */
export const handler = httpHandler(createMessageAttachmentUpload, async ({ caller, params, body }) => {
  const society = await requireSocietyPlace(caller, params.uuid);
  await countHit('USER_MESSAGE_UPLOAD', caller.user.uuid);
  return startAttachmentUpload(caller, society, body);
});
