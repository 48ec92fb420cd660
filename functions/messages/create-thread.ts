import { createThread as contract } from '../../shared/contracts/messages';
import { httpHandler } from '../lib/http/http-handler';
import { createThread } from './messages';

/** POST api/v1/messages/society/{uuid}/threads/: a new thread with its first message (404 outside the society). */
export const handler = httpHandler(contract, ({ caller, params, body }) => createThread(caller, params.uuid, body));
