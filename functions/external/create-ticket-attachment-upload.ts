import { createTicketAttachmentUpload } from '../../shared/contracts/external';
import { countHit } from '../lib/data/throttle';
import { httpHandler } from '../lib/http/http-handler';
import { startTicketAttachmentUpload } from './ticket-attachments';

/** POST api/v1/external/zoho/desk/attachment/: a presigned POST for one attachment; a few dozen an hour. */
export const handler = httpHandler(createTicketAttachmentUpload, async ({ caller, body }) => {
  await countHit('USER_TICKET_UPLOAD', caller.user.uuid);
  return startTicketAttachmentUpload(caller, body);
});
