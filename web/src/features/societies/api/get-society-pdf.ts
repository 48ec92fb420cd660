import { getSocietyPdf } from '@shared/contracts/societies';
import { api } from '@/lib/api-client';

/**
 * GET api/v1/societies/detail/pdf/{uuid}/: the detail PDF of 'Imprimir info' (admin-area §2, §7). The spec passes the
 * access token as ?token=; the SPA's fetch rides the session cookie instead, so no token is ever in a URL.
 */
export async function fetchSocietyPdf(uuid: string): Promise<Blob> {
  return (await api(getSocietyPdf, { params: { uuid } })) as unknown as Blob;
}
