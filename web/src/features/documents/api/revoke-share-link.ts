import { revokeShareLink } from '@shared/contracts/documents';
import { api } from '@/lib/api-client';

/** DELETE api/v1/documents/share/link/{uuid}/. */
export const revokeLink = (uuid: string) => api(revokeShareLink, { params: { uuid } });
