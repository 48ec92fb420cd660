import { useEffect, useState } from 'react';
import { Navigate, Outlet, useLocation, useMatches } from 'react-router-dom';
import { NotFound } from '@/components/ui/not-found';
import { PageLoader } from '@/components/ui/page-loader';
import { ProfileError } from '@/components/ui/profile-error';
import { WelcomeScreen } from '@/components/ui/welcome-screen';
import { WELCOME_SCREEN_MAX_MS } from '@/lib/constants';
import { loadProfile, useSession } from '@/lib/session';
import { rememberWantedPage } from '@/lib/wanted-page';
import { guardRedirect } from './guard-rules';

/** Guest-only pages: a signed-in user goes to /home. */
export function GuestOnly() {
  const { signedIn } = useSession();
  const to = guardRedirect('guest', { signedIn, role: undefined }, '');
  return to ? <Navigate to={to} replace /> : <Outlet />;
}

/**
 * Protected pages: a visitor goes to /. Loads the profile and shows the welcome screen while it loads, for at most
 * WELCOME_SCREEN_MAX_MS; after that the layout shows and fills in when the profile arrives.
 */
export function RequireAuth() {
  const { signedIn, profile, profileError } = useSession();
  const [waitedEnough, setWaitedEnough] = useState(false);

  useEffect(() => {
    if (signedIn && !profile) void loadProfile();
  }, [signedIn, profile]);

  useEffect(() => {
    const timer = setTimeout(() => setWaitedEnough(true), WELCOME_SCREEN_MAX_MS);
    return () => clearTimeout(timer);
  }, []);

  // An address no page has is 'Página no encontrada' for a visitor too, not the landing.
  const unknown = useMatches().some((match) => (match.handle as { notFound?: boolean } | undefined)?.notFound);
  const location = useLocation();
  const to = guardRedirect('protected', { signedIn, role: undefined }, '');
  if (to && unknown) return <NotFound />;
  if (to) return <SignInFirst to={to} wanted={location} />;
  if (!profile && !profileError && !waitedEnough) return <WelcomeScreen />;
  return <Outlet />;
}

/** Sends a signed-out visitor to sign in, keeping the page it asked for (opened after the sign-in). */
function SignInFirst({ to, wanted }: { to: string; wanted: ReturnType<typeof useLocation> }) {
  useEffect(() => {
    rememberWantedPage(wanted);
  }, [wanted]);
  return <Navigate to={to} replace />;
}

/** Admin pages: closed to non-admin roles, and to GROUP_ADMIN and PROJECT_ADMIN outside their routes (→ /home). */
export function AdminGuard() {
  const { signedIn, profile, profileError } = useSession();
  const { pathname } = useLocation();
  const to = guardRedirect('admin', { signedIn, role: profile?.profile.user_role }, pathname);
  if (to === 'wait') return profileError ? <ProfileError error={profileError} /> : <PageLoader />;
  return to ? <Navigate to={to} replace /> : <Outlet />;
}
