import { useEffect } from 'react';
import { Outlet, useLocation } from 'react-router-dom';
import { useBrowsingLog, useSessionRules } from './session-watch';

/** The root of every route: session rules and page-view logging apply everywhere. */
export function RootLayout() {
  useSessionRules();
  useBrowsingLog();
  useRenderedRoute();
  return <Outlet />;
}

/**
 * The path the router has rendered, on <html data-route>: with <html data-navigating> (router.tsx), a script that drives
 * the SPA (the browser tests) knows by it that a navigation has landed, lazy page and redirects included.
 */
function useRenderedRoute() {
  const { pathname } = useLocation();
  useEffect(() => {
    document.documentElement.dataset.route = pathname;
  }, [pathname]);
}
