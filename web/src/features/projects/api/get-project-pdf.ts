import { getProjectPdf } from '@shared/contracts/projects';
import { api } from '@/lib/api-client';

/**
 * GET api/v1/projects/detail/pdf/{uuid}/: the detail PDF of 'Imprimir info' (admin-area §2, §7). The spec passes the
 * access token as ?token=; the SPA's fetch rides the session cookie instead, so no token is ever in a URL.
 */
export async function fetchProjectPdf(uuid: string): Promise<Blob> {
  return (await api(getProjectPdf, { params: { uuid } })) as unknown as Blob;
}
