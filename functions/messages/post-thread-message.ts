import { postThreadMessage } from '../../shared/contracts/messages';
import { httpHandler } from '../lib/http/http-handler';
import { postMessage } from './messages';

/** POST api/v1/messages/thread/{uuid}/: a message in a thread the caller takes part in (404 otherwise). */
export const handler = httpHandler(postThreadMessage, ({ caller, params, body }) =>
  postMessage(caller, params.uuid, body.body, body.attachments),
);
