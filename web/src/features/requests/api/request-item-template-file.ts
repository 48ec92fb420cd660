import { requestItemTemplateFile } from '@shared/contracts/requests';
import { api } from '@/lib/api-client';

/**
 * GET api/v1/requests/request/{uuid}/item/{item}/template-file/: the firm's file for an item; its one-minute link is
 * followed at once (the access rides the session, never a URL the browser keeps).
 */
export async function downloadItemTemplateFile(request: string, item: string) {
  const { link } = await api(requestItemTemplateFile, { params: { uuid: request, item } });
  window.location.assign(link);
}
