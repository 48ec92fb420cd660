import { describe, expect, it } from 'vitest';
import { msUntilForcedSignOut, sessionEndReason } from './activity';
import { FORCED_SIGN_OUT_MS, INACTIVITY_CHECK_MS, INACTIVITY_LIMIT_MS } from './constants';

const MIN = 60_000;

describe('session rules (portal §4, §9)', () => {
  it('uses the spec durations', () => {
    expect(INACTIVITY_LIMIT_MS).toBe(15 * MIN);
    expect(INACTIVITY_CHECK_MS).toBe(5 * MIN);
    expect(FORCED_SIGN_OUT_MS).toBe(3_300_000);
  });

  it('ends an idle session after 15 minutes, not before', () => {
    const now = 100 * MIN;
    expect(sessionEndReason(now, { lastActivity: now - 14 * MIN, signedInAt: now - 20 * MIN })).toBeNull();
    expect(sessionEndReason(now, { lastActivity: now - 15 * MIN, signedInAt: now - 20 * MIN })).toBe('inactivity');
  });

  it('forces the end 55 minutes after sign-in, even for an active user', () => {
    const now = 100 * MIN;
    expect(sessionEndReason(now, { lastActivity: now, signedInAt: now - 54 * MIN })).toBeNull();
    expect(sessionEndReason(now, { lastActivity: now, signedInAt: now - 55 * MIN })).toBe('security');
    expect(sessionEndReason(now, { lastActivity: now - 30 * MIN, signedInAt: now - 56 * MIN })).toBe('security');
  });

  it('counts the time left before the forced sign-out', () => {
    expect(msUntilForcedSignOut(10 * MIN, 0)).toBe(45 * MIN);
    expect(msUntilForcedSignOut(60 * MIN, 0)).toBe(0);
  });
});
