import { Menu, MenuButton, MenuItem } from '@aws-amplify/ui-react';
import { es } from '@shared/i18n/es';
import { AppIcon } from '@/components/ui/icons';
import { messagingLink, useFirmPhone } from '@/components/ui/messaging-link';

/** 'Ayuda' (portal spec §2): the messaging-app link from the project's phone, and the support ticket modal. */
export function HelpMenu({ onTicket }: { onTicket: () => void }) {
  const messaging = messagingLink(useFirmPhone());
  return (
    <Menu
      menuAlign="end"
      trigger={
        <MenuButton variation="link" size="small" gap="xs" aria-label={es.topBar.help}>
          <AppIcon name="help" />
          <span className="portal-topbar-label">{es.topBar.help}</span>
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
      <MenuItem gap="small" onClick={onTicket}>
        <AppIcon name="ticket" />
        {es.topBar.ticket}
      </MenuItem>
    </Menu>
  );
}
