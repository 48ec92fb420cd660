import { messageAttachmentLink } from '../../shared/contracts/messages';
import { httpHandler } from '../lib/http/http-handler';
import { attachmentLink } from './attachments';

/** GET api/v1/messages/attachment/{uuid}/: a one-minute link to a message's file, for its thread's participants. */
export const handler = httpHandler(messageAttachmentLink, ({ caller, params, query }) =>
  attachmentLink(caller, params.uuid, query.type),
);
