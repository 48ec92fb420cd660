import { postBrowsingLog } from '@shared/contracts/auth';
import type { BodyInputOf } from '@shared/contracts/define';
import { api } from './api-client';

export type BrowsingEntry = BodyInputOf<typeof postBrowsingLog>;

/**
 * What a page view is recorded as: the URL (path and query), the module (the first path segment, or 'admin/<area>'
 * under the admin area) and the view (the rest of the path without ids). '/admin/users/edit/<uuid>' gives module
 * 'admin/users', view 'edit'; '/home' gives 'home', 'home'.
 */
export function browsingEntry(pathname: string, search = ''): BrowsingEntry {
  const segments = pathname.split('/').filter(Boolean);
  const isId = (s: string) => /^[0-9a-f-]{16,}$/i.test(s) || /^\d+$/.test(s) || s.length > 40;
  const named = segments.filter((s) => !isId(s));
  const moduleDepth = named[0] === 'admin' && named.length > 1 ? 2 : 1;
  const module = named.slice(0, moduleDepth).join('/') || 'home';
  const view = named.slice(moduleDepth).join('/') || named[named.length - 1] || 'home';
  return {
    browsing_url: `${pathname}${search}`.slice(0, 2048) || '/',
    browsing_module: module.slice(0, 100),
    browsing_view: view.slice(0, 100),
  };
}

/** Records a page view; failures are ignored (a log must never disturb the user). */
export function logPageView(pathname: string, search = ''): void {
  api(postBrowsingLog, { body: browsingEntry(pathname, search) }).catch(() => undefined);
}
