import { putRequestTemplate } from '../../shared/contracts/requests';
import { httpHandler } from '../lib/http/http-handler';
import { putTemplate } from './templates';

/** PUT api/v1/requests/template/{uuid}/: replaces a template; its schedules follow its new dates. */
export const handler = httpHandler(putRequestTemplate, ({ caller, params, body }) =>
  putTemplate(caller, params.uuid, body),
);
