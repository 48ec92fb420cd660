import { routeKind } from '@/app/guard-rules';
import { readSession, STORAGE_KEYS, writeSession } from './storage';

/**
 * A signed-out visitor who opens a portal page (a folder link, a statement from an e-mail) is sent to sign in; the
 * page is kept for this tab and opened once the sign-in succeeds, instead of /home.
 */
export function rememberWantedPage(location: { pathname: string; search: string; hash: string }): void {
  writeSession(STORAGE_KEYS.wantedPage, `${location.pathname}${location.search}${location.hash}`);
}

/** The kept page, once (it is forgotten as it is read), or /home; only the portal's own signed-in pages qualify. */
export function takeWantedPage(): string {
  const wanted = readSession(STORAGE_KEYS.wantedPage);
  writeSession(STORAGE_KEYS.wantedPage, undefined);
  if (!wanted?.startsWith('/') || wanted.startsWith('//') || wanted.startsWith('/\\')) return '/home';
  const kind = routeKind(wanted.split(/[?#]/)[0] as string);
  return kind === 'protected' || kind === 'admin' ? wanted : '/home';
}
