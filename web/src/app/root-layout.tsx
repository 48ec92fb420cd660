import { useEffect } from 'react';
import { Outlet, useLocation, useNavigation } from 'react-router-dom';
import { useBrowsingLog, useSessionRules } from './session-watch';

/** The root of every route: session rules and page-view logging apply everywhere. */
export function RootLayout() {
  useSessionRules();
  useBrowsingLog();
  useRenderedRoute();
  return <Outlet />;
}

/**
 * The path the router has rendered, on <html data-route>, and none while it loads another page: a script that drives
 * the SPA (the browser tests) knows by it that a navigation has landed, lazy page and redirects included.
 */
function useRenderedRoute() {
  const { pathname } = useLocation();
  const loading = useNavigation().state !== 'idle';
  useEffect(() => {
    if (loading) delete document.documentElement.dataset.route;
    else document.documentElement.dataset.route = pathname;
  }, [pathname, loading]);
}
