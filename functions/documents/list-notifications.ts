import { listNotifications } from '../../shared/contracts/documents';
import { httpHandler } from '../lib/http/http-handler';
import { notificationsOf } from './notifications';

/** GET api/v1/documents/notification/: 'Archivo añadido' entries, newest first, paged. */
export const handler = httpHandler(
  listNotifications,
  ({ caller, query }) => notificationsOf(caller, query.offset, query.limit),
  { readOnlyList: true },
);
