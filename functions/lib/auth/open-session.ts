import { firstFactorOf, type SignInMethod } from '../../../shared/second-factor';
import { startSession } from '../data/sessions';
import { epochSeconds, nowIso } from '../data/table';
import { type RequestOrigin, writeSessionEvent } from '../data/user-logs';
import type { UserRecord } from '../data/user-record';
import { recordSignIn } from '../data/users';
import { accessTokenClaims } from './sessions';

/**
 * What every way in does once its factors are proven: the session record (bound to the portal, the refresh's 55
 * minutes counted from now), the LOGIN event with the way it went, and the users list's 'Último ingreso' with the
 * access token's portal, in one UpdateItem on the user record, which also keeps the last sign-in of each way in
 * (`last_login_password`, `last_login_microsoft`, `last_login_passkey`): the user detail shows which ways a person uses.
 */
export async function openSession(
  user: UserRecord,
  tokens: { access: string; refresh: string },
  session: { portal: string; remember: boolean; origin: RequestOrigin; method: SignInMethod },
): Promise<void> {
  await Promise.all([
    startSession(user.uuid, tokens.refresh, epochSeconds(), session.portal, session.remember),
    writeSessionEvent({ userUuid: user.uuid }, 'LOGIN', session.origin, undefined, session.method),
    recordSignIn(
      user,
      nowIso(),
      { ...accessTokenClaims(tokens.access), portal: session.portal },
      // A passkey is a way in of its own (both factors); the others are named by their first factor.
      session.method === 'PASSKEY' ? 'PASSKEY' : firstFactorOf(session.method),
    ),
  ]);
}
