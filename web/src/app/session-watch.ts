import { es } from '@shared/i18n/es';
import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router-dom';
import {
  lastActivity,
  markActivity,
  msUntilForcedSignOut,
  sessionEndReason,
  throttledActivityMarker,
} from '@/lib/activity';
import { logPageView } from '@/lib/browsing-log';
import { INACTIVITY_CHECK_MS } from '@/lib/constants';
import { signOut, useSession } from '@/lib/session';
import { sessionMarker } from '@/lib/session-marker';
import { routeKind } from './guard-rules';

const ACTIVITY_EVENTS = ['pointerdown', 'pointermove', 'keydown', 'wheel', 'touchstart', 'scroll'] as const;

function endIfDue(): void {
  const reason = sessionEndReason(Date.now(), { lastActivity: lastActivity(), signedInAt: sessionMarker.signedInAt() });
  if (reason) signOut(reason === 'security' ? es.session.security : es.session.inactivity);
}

/**
 * Session rules (portal spec §4, §9): 15 minutes without activity, checked every 5 minutes, end the session with
 * 'Sesión terminada por inactividad'; 55 minutes after sign-in it ends with 'Por seguridad estamos cerrando sesión.'
 * The check also runs at once, so a tab reopened after hours does not resume a stale session.
 */
export function useSessionRules(): void {
  const { signedIn } = useSession();
  useEffect(() => {
    if (!signedIn) return;
    if (lastActivity() === undefined) markActivity();
    endIfDue();
    const mark = throttledActivityMarker();
    const onActivity = () => mark();
    for (const type of ACTIVITY_EVENTS) window.addEventListener(type, onActivity, { passive: true });
    const check = setInterval(endIfDue, INACTIVITY_CHECK_MS);
    const signedInAt = sessionMarker.signedInAt();
    const forced =
      signedInAt === undefined
        ? undefined
        : setTimeout(() => signOut(es.session.security), msUntilForcedSignOut(Date.now(), signedInAt));
    return () => {
      for (const type of ACTIVITY_EVENTS) window.removeEventListener(type, onActivity);
      clearInterval(check);
      if (forced !== undefined) clearTimeout(forced);
    };
  }, [signedIn]);
}

/** Records each page a signed-in user opens (POST api/v1/logs/browsing-log/), fire-and-forget. */
export function useBrowsingLog(): void {
  const { signedIn } = useSession();
  const { pathname, search } = useLocation();
  // Development's StrictMode runs effects twice; one view is one record.
  const lastLogged = useRef<string | null>(null);
  useEffect(() => {
    if (!signedIn) {
      lastLogged.current = null;
      return;
    }
    const url = `${pathname}${search}`;
    if (routeKind(pathname) === 'guest' || lastLogged.current === url) return;
    lastLogged.current = url;
    logPageView(pathname, search);
  }, [signedIn, pathname, search]);
}
