import { createFolderTemplate } from '../../shared/contracts/folders';
import { httpHandler } from '../lib/http/http-handler';
import { createTemplate } from './templates';

/** POST api/v1/folder-templates/folder/: a template folder (project, folder_name, main_folder). */
export const handler = httpHandler(createFolderTemplate, ({ caller, body }) => createTemplate(caller, body));
