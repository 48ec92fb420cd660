import { markNotificationsRead } from '../../shared/contracts/documents';
import { httpHandler } from '../lib/http/http-handler';
import { markRead } from './notifications';

/** POST api/v1/documents/notification/read/: one (uuid) or all. */
export const handler = httpHandler(markNotificationsRead, ({ caller, body }) => markRead(caller, body.notification));
