import { ACTIVITY_WRITE_INTERVAL_MS, FORCED_SIGN_OUT_MS, INACTIVITY_LIMIT_MS } from './constants';
import { readLocal, STORAGE_KEYS, writeLocal } from './storage';

/** Why a session must end now, if it must: idle too long, or signed in too long ago. */
export type SessionEnd = 'inactivity' | 'security';

export function sessionEndReason(
  now: number,
  times: { lastActivity: number | undefined; signedInAt: number | undefined },
): SessionEnd | null {
  if (times.signedInAt !== undefined && now - times.signedInAt >= FORCED_SIGN_OUT_MS) return 'security';
  if (times.lastActivity !== undefined && now - times.lastActivity >= INACTIVITY_LIMIT_MS) return 'inactivity';
  return null;
}

/** Milliseconds until the forced sign-out (never negative). */
export function msUntilForcedSignOut(now: number, signedInAt: number): number {
  return Math.max(0, signedInAt + FORCED_SIGN_OUT_MS - now);
}

/** Last user activity, shared by every tab of the portal through local storage. */
export function lastActivity(): number | undefined {
  const value = Number(readLocal(STORAGE_KEYS.lastActivity));
  return Number.isFinite(value) && value > 0 ? value : undefined;
}

export function markActivity(now = Date.now()): void {
  writeLocal(STORAGE_KEYS.lastActivity, String(now));
}

/** Records activity at most once per interval, since pointer and key events come in bursts. */
export function throttledActivityMarker(interval = ACTIVITY_WRITE_INTERVAL_MS) {
  let last = 0;
  return (now = Date.now()) => {
    if (now - last < interval) return;
    last = now;
    markActivity(now);
  };
}
