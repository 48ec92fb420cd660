import { postSessionLogout } from '@shared/contracts/auth';
import type { createApiClient } from './api-client';

/**
 * Tells the API the user signed out: the session's cookies name it, the refresh cookie even after the access
 * token expired, and the answer clears them. Never throws: the sign-out has already happened on this side.
 */
export async function tellLogout(api: ReturnType<typeof createApiClient>): Promise<void> {
  await api(postSessionLogout, { body: {}, refreshOnUnauthorized: false }).catch(() => undefined);
}
