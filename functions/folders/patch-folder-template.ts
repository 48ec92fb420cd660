import { patchFolderTemplate } from '../../shared/contracts/folders';
import { httpHandler } from '../lib/http/http-handler';
import { renameTemplate } from './templates';

/** PATCH api/v1/folder-templates/folder/{uuid}/: rename. */
export const handler = httpHandler(patchFolderTemplate, ({ caller, params, body }) =>
  renameTemplate(caller, params.uuid, body.folder_name, body.project),
);
