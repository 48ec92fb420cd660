import type { Caller } from '../lib/auth/caller';
import { getRequestFile } from '../lib/data/request-files';
import { notFound } from '../lib/errors';
import { documentDownloadUrl } from '../lib/storage/documents';
import { requireItem, requireRequest } from './requests';

/**
 * GET api/v1/requests/request/{uuid}/item/{item}/template-file/: a one-minute link to the item's file, for whoever
 * reaches the request (getRequest's rule); 404 outside it, or for an item without a file.
 */
export async function itemTemplateFileLink(caller: Caller, uuid: string, itemUuid: string) {
  const request = await requireRequest(caller, uuid);
  const item = requireItem(request, itemUuid);
  if (!item.template_file) throw notFound();
  const file = await getRequestFile(item.template_file.uuid);
  if (!file || file.project_uuid !== request.project_uuid) throw notFound();
  return { link: await documentDownloadUrl(file.key, file.file_name, 'attachment', file.content_type) };
}
