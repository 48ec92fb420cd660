import { getUser } from '../../shared/contracts/users';
import { hasActiveFactor } from '../lib/data/second-factors';
import { readSuppressions, suppressionAddress } from '../lib/data/suppression';
import { httpHandler } from '../lib/http/http-handler';
import { userView } from './user-lists';
import { requireUser } from './users';

/**
 * GET api/v1/users/user/{uuid}/: one user in scope (404 outside), with whether its second factor is active, whether
 * its address is suppressed (both read beside the view), and its last sign-in by each way in.
 */
export const handler = httpHandler(getUser, async ({ caller, params }) => {
  const user = await requireUser(caller, params.uuid);
  const [mail, view, secondFactor] = await Promise.all([
    readSuppressions([user.email]),
    userView(caller, user),
    hasActiveFactor(user.uuid),
  ]);
  const suppressed = mail.get(suppressionAddress(user.email));
  // Sign-ins before ways were recorded apart were all by password.
  const ways = {
    password:
      user.last_login_password ??
      (user.last_login_microsoft || user.last_login_passkey ? null : (user.last_login ?? null)),
    microsoft: user.last_login_microsoft ?? null,
    passkey: user.last_login_passkey ?? null,
  };
  return {
    ...view,
    ...(suppressed && { mail_suppressed: suppressed }),
    second_factor: secondFactor,
    sign_in_ways: ways,
  };
});
