import { View } from '@aws-amplify/ui-react';
import type { ReactNode } from 'react';
import { Outlet } from 'react-router-dom';
import { ProfileError } from '@/components/ui/profile-error';
import { useSession } from '@/lib/session';
import { useDrawer } from './drawer';
import { TopBar } from './top-bar';

/** What a layout's sidebar is drawn with: collapsed or not, and what its collapse button does. */
export interface SidebarState {
  collapsed: boolean;
  onToggle: () => void;
}

/**
 * Top bar, a sidebar, and the page; a profile that failed to load shows its error with a retry instead. Below 768 px
 * the sidebar is a drawer: hidden until the top bar's menu button opens it, never collapsed, closed by
 * Escape, the backdrop or a navigation, with focus moved into it and back to the button.
 */
export function ShellFrame({
  sidebar,
  collapsed,
  onToggle,
}: {
  sidebar: (state: SidebarState) => ReactNode;
  collapsed: boolean;
  onToggle: () => void;
}) {
  const { profile, profileError } = useSession();
  const drawer = useDrawer();
  return (
    <View className="portal-shell">
      <TopBar profile={profile} drawer={drawer.control} />
      <div
        id={drawer.control.controls}
        ref={drawer.panelRef}
        className="portal-drawer"
        data-open={drawer.control.open}
        data-phone={drawer.phone}
        // Closed on a phone, the drawer is off screen: inert keeps it out of the keyboard order and the accessibility
        // tree at once, also during the slide-out and right after a resize (its CSS visibility changes 0.2 s later).
        inert={drawer.phone && !drawer.control.open}
      >
        {sidebar(drawer.phone ? { collapsed: false, onToggle: drawer.close } : { collapsed, onToggle })}
      </div>
      {drawer.phone && drawer.control.open ? (
        <div className="portal-drawer-backdrop" aria-hidden="true" onClick={drawer.close} />
      ) : null}
      <View as="main" className="portal-main">
        {profileError && !profile ? <ProfileError error={profileError} /> : <Outlet />}
      </View>
    </View>
  );
}
