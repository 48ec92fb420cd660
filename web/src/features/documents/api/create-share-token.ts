import { createShareToken } from '@shared/contracts/documents';
import { api } from '@/lib/api-client';

/** GET api/v1/documents/share/token/{uuid}/?days=: a new link's token (shown once). */
export const mintShareToken = (uuid: string, days: 1 | 7 | 30) =>
  api(createShareToken, { params: { uuid }, query: { days } });
