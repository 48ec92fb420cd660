import { createMessageAttachmentUpload } from '../../shared/contracts/messages';
import { httpHandler } from '../lib/http/http-handler';
import { startAttachmentUpload } from './attachments';
import { requireSocietyPlace } from './messages';

/** POST api/v1/messages/society/{uuid}/attachments/: a presigned POST for a message's file (404 outside the society). */
export const handler = httpHandler(createMessageAttachmentUpload, async ({ caller, params, body }) =>
  startAttachmentUpload(caller, await requireSocietyPlace(caller, params.uuid), body),
);
