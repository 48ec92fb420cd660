import type { Role } from '@shared/roles';

/** Who reads the support tickets: SUPER_ADMIN all of them, PROJECT_ADMIN its projects'. */
export const canReadTickets = (role: Role | undefined) => role === 'SUPER_ADMIN' || role === 'PROJECT_ADMIN';
