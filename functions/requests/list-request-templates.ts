import { listRequestTemplates } from '../../shared/contracts/requests';
import { httpHandler } from '../lib/http/http-handler';
import { listTemplates } from './templates';

/** GET api/v1/requests/templates/?project=: a project's request templates, by name. */
export const handler = httpHandler(listRequestTemplates, ({ caller, query }) => listTemplates(caller, query.project));
