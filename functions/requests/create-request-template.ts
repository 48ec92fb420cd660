import { createRequestTemplate } from '../../shared/contracts/requests';
import { httpHandler } from '../lib/http/http-handler';
import { createTemplate } from './templates';

/** POST api/v1/requests/templates/: a request template of a project (its PROJECT_ADMIN or the SUPER_ADMIN). */
export const handler = httpHandler(createRequestTemplate, ({ caller, body }) => createTemplate(caller, body));
