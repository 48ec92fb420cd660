import { listProjects } from '../../shared/contracts/projects';
import { httpHandler } from '../lib/http/http-handler';
import { PROJECT_LIST_ORDERS, pageProjects } from './project-lists';

/** GET api/v1/projects/project/: every project, newest first, searched by name or client. */
export const handler = httpHandler(listProjects, ({ query }) => pageProjects(query, PROJECT_LIST_ORDERS.list));
