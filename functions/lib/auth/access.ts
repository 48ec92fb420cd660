import { nowMs } from '../clock';
import { disabledError, disabledMembership } from '../data/membership-status';
import { endUserSessions } from '../data/sessions';
import type { UserRecord } from '../data/user-record';
import { ApiError } from '../errors';
import { signOutEverywhere } from './sessions';

/**
 * Who may hold a session, checked at sign-in, at every refresh and on every call: an enabled user whose
 * projects and groups are enabled; the SUPER_ADMIN manages disabled ones and is never cut off by them.
 */
export async function assertMembershipsEnabled(user: UserRecord): Promise<void> {
  if (user.user_role === 'SUPER_ADMIN') return;
  const disabled = await disabledMembership(user);
  if (disabled) throw disabledError(disabled);
}

/** An access token issued before the user's sessions were ended. */
export function sessionEnded(user: UserRecord, issuedAt: number): boolean {
  return issuedAt < (user.sessions_valid_after ?? 0);
}

export const sessionEndedError = () => new ApiError(401, 'SESSION_ENDED');

/** Ends every session of the user at once: the portal's own instant, and Cognito's refresh tokens. */
export async function endSessions(userUuid: string): Promise<void> {
  await Promise.all([endUserSessions(userUuid), signOutEverywhere(userUuid)]);
}

/**
 * Token times have a one-second grain: a sign-in right after the user's sessions were ended waits for that second to
 * pass, so its tokens are not refused as old (at most one second).
 */
export async function waitForSessionStart(user: UserRecord): Promise<void> {
  const waitMs = (user.sessions_valid_after ?? 0) * 1000 - nowMs();
  if (waitMs > 0) await new Promise((resolve) => setTimeout(resolve, Math.min(waitMs, 1000)));
}
