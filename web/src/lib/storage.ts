/**
 * Browser storage behind small, failure-proof helpers (private modes and blocked storage throw). Every key the SPA
 * keeps is named here; the session's tokens are not among them (HttpOnly cookies of the API, lib/session-marker.ts).
 */
export const STORAGE_KEYS = {
  signedInAt: 'portal_signed_in_at',
  primaryColor: 'primary_color',
  branding: 'branding',
  lastActivity: 'last_activity',
  sidebarCollapsed: 'sidebar_collapsed',
  /** The page a signed-out visitor asked for, opened after signing in (this tab only: session storage). */
  wantedPage: 'wanted_page',
} as const;

/** The user's current project, group and society (spec §3 "stored browser values"); cleared by the branded login. */
export const SELECTION_KEYS = ['project', 'group', 'society'] as const;

const hasDocument = () => typeof document !== 'undefined';

export function readCookie(name: string): string | undefined {
  if (!hasDocument()) return undefined;
  const prefix = `${encodeURIComponent(name)}=`;
  for (const part of document.cookie.split('; ')) {
    if (part.startsWith(prefix)) {
      try {
        return decodeURIComponent(part.slice(prefix.length));
      } catch {
        return undefined;
      }
    }
  }
  return undefined;
}

/** Sets a cookie for the whole site; without `days` it lasts as long as the browser session. */
export function writeCookie(name: string, value: string, days?: number): void {
  if (!hasDocument()) return;
  const parts = [`${encodeURIComponent(name)}=${encodeURIComponent(value)}`, 'path=/', 'SameSite=Strict'];
  if (days !== undefined) parts.push(`max-age=${Math.round(days * 86_400)}`);
  if (typeof location !== 'undefined' && location.protocol === 'https:') parts.push('Secure');
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is async and missing from some browsers the portal serves; values are encoded above.
  document.cookie = parts.join('; ');
}

export function removeCookie(name: string): void {
  if (!hasDocument()) return;
  // biome-ignore lint/suspicious/noDocumentCookie: as in writeCookie.
  document.cookie = `${encodeURIComponent(name)}=; path=/; max-age=0; SameSite=Strict`;
}

export function readLocal(key: string): string | undefined {
  try {
    return globalThis.localStorage?.getItem(key) ?? undefined;
  } catch {
    return undefined;
  }
}

export function writeLocal(key: string, value: string): void {
  try {
    globalThis.localStorage?.setItem(key, value);
  } catch {
    // Storage full or blocked: the value simply is not kept.
  }
}

export function removeLocal(key: string): void {
  try {
    globalThis.localStorage?.removeItem(key);
  } catch {
    // Nothing to remove.
  }
}

export function clearSelections(): void {
  for (const key of SELECTION_KEYS) removeLocal(key);
}

export function readSession(key: string): string | undefined {
  try {
    return globalThis.sessionStorage?.getItem(key) ?? undefined;
  } catch {
    return undefined;
  }
}

export function writeSession(key: string, value: string | undefined): void {
  try {
    if (value === undefined) globalThis.sessionStorage?.removeItem(key);
    else globalThis.sessionStorage?.setItem(key, value);
  } catch {
    // Blocked storage: the visitor lands on /home after signing in.
  }
}
