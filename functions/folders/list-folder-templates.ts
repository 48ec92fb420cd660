import { listFolderTemplates } from '../../shared/contracts/folders';
import { httpHandler } from '../lib/http/http-handler';
import { listTemplates } from './templates';

/** GET api/v1/folder-templates/list?project=: a project's template folders at one level. */
export const handler = httpHandler(listFolderTemplates, ({ caller, query }) =>
  listTemplates(caller, query.project, query.folder, query.search),
);
