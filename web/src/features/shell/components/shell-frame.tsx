import { View } from '@aws-amplify/ui-react';
import type { ReactNode } from 'react';
import { Outlet } from 'react-router-dom';
import { ProfileError } from '@/components/ui/profile-error';
import { useSession } from '@/lib/session';
import { TopBar } from './top-bar';

/** Top bar, a sidebar, and the page; a profile that failed to load shows its error with a retry instead. */
export function ShellFrame({ sidebar }: { sidebar: ReactNode }) {
  const { profile, profileError } = useSession();
  return (
    <View className="portal-shell">
      <TopBar profile={profile} />
      {sidebar}
      <View as="main" className="portal-main">
        {profileError && !profile ? <ProfileError error={profileError} /> : <Outlet />}
      </View>
    </View>
  );
}
