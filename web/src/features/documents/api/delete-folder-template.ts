import { deleteFolderTemplate } from '@shared/contracts/folders';
import { api } from '@/lib/api-client';

/** DELETE api/v1/folder-templates/folder/{uuid}/ (400 TEMPLATE_HAS_FILES while a society's variant holds files). */
export const deleteTemplateFolder = (uuid: string) => api(deleteFolderTemplate, { params: { uuid } });
