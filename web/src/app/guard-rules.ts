import { canOpenAdminPath } from '@shared/roles';

/**
 * Route access (portal spec §2, admin spec §2) as pure decisions; the guard components in guards.tsx apply them.
 * The role rules themselves come from shared/roles.ts, which the API also reads.
 */

/** Pages only a visitor sees; a signed-in user is sent to /home. */
export const GUEST_ONLY_PATHS = [
  '/',
  '/login',
  '/admin',
  '/forgottenPassword',
  '/password_reset/:token',
  '/SuccessEmail',
  '/SuccessResetPass',
  '/successRegister',
  '/expiredToken',
  '/register/:token',
] as const;

/** Pages anyone sees, signed in or not. */
export const PUBLIC_PATHS = [
  '/share/:token',
  '/health-check',
  '/digest/unsubscribe/:token',
  '/requests/reminders/unsubscribe/:token',
  '/messages/notices/unsubscribe/:token',
] as const;

export type RouteKind = 'guest' | 'public' | 'protected' | 'admin';

export interface Viewer {
  signedIn: boolean;
  /** The profile's role; undefined while the profile loads. */
  role: string | undefined;
}

/**
 * Where a viewer must be sent instead of `pathname`, null to let them in, or 'wait' while the role is unknown.
 */
export function guardRedirect(kind: RouteKind, viewer: Viewer, pathname: string): string | null | 'wait' {
  switch (kind) {
    case 'public':
      return null;
    case 'guest':
      return viewer.signedIn ? '/home' : null;
    case 'protected':
      return viewer.signedIn ? null : '/';
    case 'admin':
      if (!viewer.signedIn) return '/';
      if (viewer.role === undefined) return 'wait';
      return canOpenAdminPath(viewer.role, pathname) ? null : '/home';
  }
}

/** The kind of route a path belongs to (the router's table agrees; the guard tests check both). */
export function routeKind(pathname: string): RouteKind {
  const path = pathname.replace(/\/+$/, '') || '/';
  const matches = (patterns: readonly string[]) =>
    patterns.some((pattern) => {
      const regex = new RegExp(`^${pattern.replace(/:\w+/g, '[^/]+')}$`, 'i');
      return regex.test(path);
    });
  if (matches(GUEST_ONLY_PATHS)) return 'guest';
  if (matches(PUBLIC_PATHS)) return 'public';
  if (/^\/admin\//i.test(path)) return 'admin';
  return 'protected';
}
