import { getHealth } from '@shared/contracts/health';
import { api } from '@/lib/api-client';

/** GET api/v1/health/: the API and its table answer. The public page has no query cache, so a plain call. */
export const fetchHealth = (signal?: AbortSignal) => api(getHealth, { signal });
