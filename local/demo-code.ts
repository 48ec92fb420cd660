import { generate } from 'otplib';
import { DEMO_TOTP_SECRET } from './demo-accounts';

/**
 * `npm run demo:code`: the code an authenticator app with the demo SUPER_ADMIN's secret shows now, for `npm start`
 * without a phone (local/demo-accounts.ts). Each code counts once: a second sign-in within the same 30 s needs the next.
 */
const now = Math.floor(Date.now() / 1000);
const [current, next] = await Promise.all([
  generate({ secret: DEMO_TOTP_SECRET, epoch: now }),
  generate({ secret: DEMO_TOTP_SECRET, epoch: now + 30 }),
]);
console.log(
  `superadmin@demo.cl code: ${current} (the next one, also accepted now: ${next}; secret ${DEMO_TOTP_SECRET})`,
);
