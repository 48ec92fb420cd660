import { getProjectPdf } from '@shared/contracts/projects';
import { api } from '@/lib/api-client';
import { cookieTokens } from '@/lib/tokens';

/**
 * GET api/v1/projects/detail/pdf/{uuid}/?token=: the detail PDF of 'Imprimir info' (admin-area §2, §7). The spec passes the
 * access token in the query too.
 */
export async function fetchProjectPdf(uuid: string): Promise<Blob> {
  const token = cookieTokens.access();
  return (await api(getProjectPdf, { params: { uuid }, query: token ? { token } : {} })) as unknown as Blob;
}
