import { searchProjects } from '../../shared/contracts/projects';
import { httpHandler } from '../lib/http/http-handler';
import { PROJECT_LIST_ORDERS, pageProjects } from './project-lists';

/** GET api/v1/projects/search/: projects whose name or client contains the text, by name. */
export const handler = httpHandler(searchProjects, ({ query }) => pageProjects(query, PROJECT_LIST_ORDERS.search));
