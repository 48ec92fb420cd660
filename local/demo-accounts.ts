import type { Role } from '../shared/roles';

/** The demo accounts of local mode (never deployed), one per role; kept apart from seed.ts so reading them loads no AWS client. */
export const DEMO_PASSWORD = 'Portal.Demo1';

export const DEMO_ACCOUNTS: ReadonlyArray<{ email: string; role: Role; first_name: string; last_name: string }> = [
  { email: 'superadmin@demo.cl', role: 'SUPER_ADMIN', first_name: 'Sofía', last_name: 'Superadmin' },
  { email: 'proyecto@demo.cl', role: 'PROJECT_ADMIN', first_name: 'Pablo', last_name: 'Proyecto' },
  { email: 'grupo@demo.cl', role: 'GROUP_ADMIN', first_name: 'Gabriela', last_name: 'Grupo' },
  { email: 'usuariogrupo@demo.cl', role: 'USER_GROUP', first_name: 'Ulises', last_name: 'Usuario Grupo' },
  { email: 'sociedad@demo.cl', role: 'USER_SOCIETY', first_name: 'Sara', last_name: 'Sociedad' },
];

/**
 * The demo SUPER_ADMIN's second factor (the role always has one): its TOTP secret, to add to an authenticator app
 * (`npm run demo:code` prints the current code), and a trusted-device token every demo account holds, which the test
 * helpers send so that signing in as the demo accounts asks for no code (shared/second-factor.ts).
 */
export const DEMO_TOTP_SECRET = 'PORTALDEMOSEGUNDOFACTORPORTALDEM';
export const DEMO_TRUSTED_DEVICE = 'demo-trusted-device-of-the-local-portal-only';
