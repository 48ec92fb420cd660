import type { BadgeVariations } from '@aws-amplify/ui-react';

/** A request's badge by its board state: late in red, done in green, cancelled plain. */
export const boardBadge = (state: string): BadgeVariations | undefined =>
  state === 'OVERDUE' ? 'error' : state === 'COMPLETE' ? 'success' : state === 'CANCELLED' ? undefined : 'info';

/** An item's badge: returned asks for the client's attention, accepted and 'no aplica' accepted are done. */
export const itemBadge = (state: string): BadgeVariations | undefined =>
  state === 'RETURNED' ? 'warning' : state === 'ACCEPTED' ? 'success' : state === 'PENDING' ? undefined : 'info';

export const ADMIN_ROLES: readonly string[] = ['SUPER_ADMIN', 'PROJECT_ADMIN', 'GROUP_ADMIN'];
export const isAdmin = (role: string | undefined) => role !== undefined && ADMIN_ROLES.includes(role);
