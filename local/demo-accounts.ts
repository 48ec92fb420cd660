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
