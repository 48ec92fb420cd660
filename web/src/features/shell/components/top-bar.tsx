import { Avatar, Button, Divider, Flex, Image, Link, Menu, MenuButton, MenuItem, Text } from '@aws-amplify/ui-react';
import { es } from '@shared/i18n/es';
import { Link as RouterLink, useLocation, useNavigate } from 'react-router-dom';
import { NotificationsMenu } from '@/components/notifications-menu';
import { AppIcon } from '@/components/ui/icons';
import { messagingLink } from '@/features/shell/menus';
import { useBranding } from '@/lib/branding';
import { signOut, type UserInfo } from '@/lib/session';

/**
 * The top bar of every signed-in screen (portal spec §2): logo to /home, 'Volver' (not on /home), 'Ayuda', the
 * notifications menu and the user menu.
 */
export function TopBar({ profile }: { profile: UserInfo | null }) {
  const { site } = useBranding();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const messaging = messagingLink(site?.contact_phone);
  const fullName = profile ? `${profile.user.first_name} ${profile.user.last_name}`.trim() : '';

  return (
    <Flex as="header" className="portal-topbar" alignItems="center" justifyContent="space-between" padding="xs medium">
      <Flex alignItems="center" gap="medium">
        <Link as={RouterLink} to="/home" aria-label={es.topBar.logo} className="portal-logo">
          {site?.logo ? (
            <Image src={site.logo} alt={es.login.logoAlt(site.project_name)} height="40px" objectFit="contain" />
          ) : (
            <Text as="span" fontWeight="bold" fontSize="large" color="primary.80">
              {site?.header_title || es.app.title}
            </Text>
          )}
        </Link>
        {pathname !== '/home' ? (
          <Button size="small" variation="link" gap="xs" onClick={() => navigate(-1)}>
            <AppIcon name="back" />
            {es.topBar.back}
          </Button>
        ) : null}
      </Flex>
      <Flex alignItems="center" gap="xs">
        <Menu
          menuAlign="end"
          trigger={
            <MenuButton variation="link" size="small" gap="xs">
              <AppIcon name="help" />
              {es.topBar.help}
            </MenuButton>
          }
        >
          <MenuItem
            isDisabled={!messaging}
            gap="small"
            onClick={() => messaging && window.open(messaging, '_blank', 'noopener,noreferrer')}
          >
            <AppIcon name="chat" />
            {es.topBar.messaging}
          </MenuItem>
          <MenuItem gap="small" onClick={() => navigate('/support')}>
            <AppIcon name="ticket" />
            {es.topBar.ticket}
          </MenuItem>
        </Menu>
        <NotificationsMenu />
        <Menu
          menuAlign="end"
          trigger={
            <MenuButton variation="link" size="small" aria-label={es.topBar.userMenu} title={es.topBar.userMenu}>
              <Avatar src={profile?.profile.image ?? undefined} alt={fullName} size="small" />
            </MenuButton>
          }
        >
          <Flex alignItems="center" gap="small" padding="small medium">
            <Avatar src={profile?.profile.image ?? undefined} alt={fullName} />
            <Text fontWeight="bold" data-testid="user-full-name">
              {fullName}
            </Text>
          </Flex>
          <Divider />
          <MenuItem gap="small" onClick={() => navigate('/changePassword')}>
            <AppIcon name="lock" />
            {es.topBar.changePassword}
          </MenuItem>
          <MenuItem gap="small" onClick={() => signOut()}>
            <AppIcon name="logout" />
            {es.topBar.signOut}
          </MenuItem>
        </Menu>
      </Flex>
    </Flex>
  );
}
