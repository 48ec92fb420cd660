import {
  postPasskeyRegistration,
  postPasskeyRegistrationOptions,
  postPasskeySignInOptions,
} from '../../shared/contracts/passkeys';
import { call, DEMO_PASSWORD, ok, signIn } from './api';
import { SoftPasskey } from './soft-authenticator';

/** The registration's options ask the current password (the demo's, which test users have). */
export const CONFIRMED = { current_password: DEMO_PASSWORD };

/** A portal that is no firm's: it admits every user, so a test person needs no firm of its own for a passkey. */
export const NEUTRAL_PORTAL = 'https://portal.example.cl';

/** The person signed in on `portal` (password), with a passkey of that portal made by a software authenticator. */
export async function registeredPasskey(email: string, portal = NEUTRAL_PORTAL) {
  const { access, refresh } = await signIn(email, undefined, { portal });
  const passkey = new SoftPasskey();
  const { options } = ok(
    'registration options',
    await call(postPasskeyRegistrationOptions, { token: access, portal, body: CONFIRMED }),
  );
  const made = ok(
    'registration',
    await call(postPasskeyRegistration, {
      token: access,
      portal,
      body: { name: 'Mi notebook', response: passkey.create(options as never, portal) },
    }),
  );
  return { access, refresh, passkey, uuid: made.uuid };
}

/** Fresh registration options of `portal` for a signed-in person (its token of that portal). */
export async function registrationOptions(access: string, portal = NEUTRAL_PORTAL) {
  return ok(
    'registration options',
    await call(postPasskeyRegistrationOptions, { token: access, portal, body: CONFIRMED }),
  ).options;
}

/** Sign-in options of `portal` answered by the passkey (for that portal's origin); `tweak` as SoftPasskey.get's. */
export async function passkeyAssertion(
  passkey: SoftPasskey,
  portal = NEUTRAL_PORTAL,
  tweak: Parameters<SoftPasskey['get']>[2] = {},
) {
  const { options } = ok('sign-in options', await call(postPasskeySignInOptions, { portal }));
  return passkey.get(options as never, portal, tweak);
}
