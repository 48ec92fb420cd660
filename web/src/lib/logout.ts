import { postSessionLogout } from '@shared/contracts/auth';
import { ApiError, type createApiClient } from './api-client';

/**
 * Tells the API the user signed out (issue 8): the body always names the session by its refresh token, so it works
 * with an expired access token too. The access token goes along when there is one; when it is refused the call is
 * made again without it. Never throws: the sign-out has already happened on this side.
 */
export async function tellLogout(
  api: ReturnType<typeof createApiClient>,
  access: string | undefined,
  refresh: string | undefined,
): Promise<void> {
  if (!access && !refresh) return;
  const body = refresh ? { refresh } : {};
  try {
    await api(postSessionLogout, { body, token: access ?? null });
  } catch (error) {
    if (!(error instanceof ApiError && error.status === 401 && access && refresh)) return;
    await api(postSessionLogout, { body, token: null }).catch(() => undefined);
  }
}
