import { deleteFolderTemplate } from '../../shared/contracts/folders';
import { httpHandler } from '../lib/http/http-handler';
import { deleteTemplate } from './templates';

/** DELETE api/v1/folder-templates/folder/{uuid}/: refused (400) while a society's variant holds files. */
export const handler = httpHandler(deleteFolderTemplate, ({ caller, params }) => deleteTemplate(caller, params.uuid));
