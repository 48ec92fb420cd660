import { getGroupPdf } from '@shared/contracts/groups';
import { api } from '@/lib/api-client';
import { cookieTokens } from '@/lib/tokens';

/**
 * GET api/v1/groups/detail/pdf/{uuid}/?token=: the detail PDF of 'Imprimir info' (admin-area §2, §7). The spec passes the
 * access token in the query too.
 */
export async function fetchGroupPdf(uuid: string): Promise<Blob> {
  const token = cookieTokens.access();
  return (await api(getGroupPdf, { params: { uuid }, query: token ? { token } : {} })) as unknown as Blob;
}
