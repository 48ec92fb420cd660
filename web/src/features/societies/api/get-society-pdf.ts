import { getSocietyPdf } from '@shared/contracts/societies';
import { api } from '@/lib/api-client';
import { cookieTokens } from '@/lib/tokens';

/**
 * GET api/v1/societies/detail/pdf/{uuid}/?token=: the detail PDF of 'Imprimir info' (admin-area §2, §7). The spec passes the
 * access token in the query too.
 */
export async function fetchSocietyPdf(uuid: string): Promise<Blob> {
  const token = cookieTokens.access();
  return (await api(getSocietyPdf, { params: { uuid }, query: token ? { token } : {} })) as unknown as Blob;
}
