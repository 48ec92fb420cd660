import { deleteRequestTemplate } from '../../shared/contracts/requests';
import { httpHandler } from '../lib/http/http-handler';
import { deleteTemplate } from './templates';

/** DELETE api/v1/requests/template/{uuid}/: the template and its schedules go; requests already made stay. */
export const handler = httpHandler(deleteRequestTemplate, ({ caller, params }) => deleteTemplate(caller, params.uuid));
