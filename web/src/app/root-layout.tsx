import { Outlet } from 'react-router-dom';
import { useBrowsingLog, useSessionRules } from './session-watch';

/** The root of every route: session rules and page-view logging apply everywhere. */
export function RootLayout() {
  useSessionRules();
  useBrowsingLog();
  return <Outlet />;
}
