import {
  Alert,
  Avatar,
  Button,
  Divider,
  Flex,
  Image,
  Link,
  Menu,
  MenuButton,
  MenuItem,
  Text,
} from '@aws-amplify/ui-react';
import { es } from '@shared/i18n/es';
import { type RefObject, useState } from 'react';
import { Link as RouterLink, useLocation, useNavigate } from 'react-router-dom';
import { MessagesBadge } from '@/components/messages-badge';
import { NotificationsMenu } from '@/components/notifications-menu';
import { AppIcon } from '@/components/ui/icons';
import { type SentTicket, TicketModal } from '@/components/ui/support-ticket/ticket-modal';
import { useTopBarProfile } from '@/features/shell/api/use-top-bar-profile';
import { useBranding } from '@/lib/branding';
import { signOut, type UserInfo } from '@/lib/session';
import { HelpMenu } from './help-menu';

/** The drawer button of narrow screens (shell-frame.tsx owns the drawer's state). */
export interface DrawerControl {
  open: boolean;
  controls: string;
  onToggle: () => void;
  buttonRef: RefObject<HTMLButtonElement | null>;
}

/**
 * The top bar of every signed-in screen (portal spec §2): the drawer button (below 768 px), logo to /home, 'Volver'
 * (not on /home), 'Ayuda', 'Mensajes' with its unread count, the notifications menu and the user menu.
 */
export function TopBar({ profile: sessionProfile, drawer }: { profile: UserInfo | null; drawer: DrawerControl }) {
  const { site } = useBranding();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const profile = useTopBarProfile(sessionProfile);
  const fullName = profile ? `${profile.user.first_name} ${profile.user.last_name}`.trim() : '';
  const [ticketOpen, setTicketOpen] = useState(false);
  const [ticketSent, setTicketSent] = useState<SentTicket | null>(null);

  return (
    <Flex
      as="header"
      className="portal-topbar"
      alignItems="center"
      justifyContent="space-between"
      gap="xs"
      padding="xs small"
    >
      <Flex alignItems="center" gap="small" minWidth="0">
        <Button
          ref={drawer.buttonRef}
          className="portal-menu-button"
          variation="link"
          size="small"
          aria-expanded={drawer.open}
          aria-controls={drawer.controls}
          aria-label={drawer.open ? es.sidebar.closeMenu : es.sidebar.openMenu}
          onClick={drawer.onToggle}
        >
          <AppIcon name="menu" />
        </Button>
        <Link
          as={RouterLink}
          to="/home"
          aria-label={site?.logo ? es.topBar.logo : es.topBar.logoTitled(site?.header_title || es.app.title)}
          className="portal-logo"
        >
          {site?.logo ? (
            <Image src={site.logo} alt={es.login.logoAlt(site.project_name)} height="40px" objectFit="contain" />
          ) : (
            <Text as="span" fontWeight="bold" fontSize="large" color="primary.80">
              {site?.header_title || es.app.title}
            </Text>
          )}
        </Link>
        {pathname !== '/home' ? (
          <Button size="small" variation="link" gap="xs" onClick={() => navigate(-1)} aria-label={es.topBar.back}>
            <AppIcon name="back" />
            <span className="portal-topbar-label">{es.topBar.back}</span>
          </Button>
        ) : null}
      </Flex>
      <Flex alignItems="center" gap="xxs">
        <HelpMenu
          onTicket={() => {
            setTicketSent(null);
            setTicketOpen(true);
          }}
        />
        <MessagesBadge />
        <NotificationsMenu />
        <Menu
          menuAlign="end"
          trigger={
            <MenuButton variation="link" size="small" aria-label={es.topBar.userMenu} title={es.topBar.userMenu}>
              <Avatar
                src={profile?.profile.image ?? undefined}
                alt={fullName}
                size="small"
                data-testid="top-bar-avatar"
              />
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
          <MenuItem gap="small" onClick={() => navigate('/support/mine')}>
            <AppIcon name="ticket" />
            {es.topBar.myTickets}
          </MenuItem>
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
      <TicketModal open={ticketOpen} onClose={() => setTicketOpen(false)} onSent={setTicketSent} />
      {ticketSent ? (
        <Alert
          className="portal-toast"
          variation="success"
          role="status"
          isDismissible
          onDismiss={() => setTicketSent(null)}
        >
          <Text as="span" display="block" fontWeight="bold">
            {es.support.ticketReceived(ticketSent.number)}
          </Text>
          <Link as={RouterLink} to={`/support/tickets/${ticketSent.uuid}`} onClick={() => setTicketSent(null)}>
            {es.support.seeTicket}
          </Link>
        </Alert>
      ) : null}
    </Flex>
  );
}
