import { Button, Divider, Flex, Menu, MenuButton, MenuItem, Text, View } from '@aws-amplify/ui-react';
import { listNotifications, markNotificationsRead } from '@shared/contracts/documents';
import { es } from '@shared/i18n/es';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router-dom';
import { AppIcon } from '@/components/ui/icons';
import { api } from '@/lib/api-client';

const t = es.documents.notifications;
/** New documents show within a minute without a reload. */
const REFRESH_MS = 60_000;

/**
 * The top bar's notifications (portal §2): 'Archivo añadido' and the document's name, newest first, each
 * leading to its folder in the user browser; an unread count on the bell; 'No hay notificaciones' when empty.
 * A shared component (features do not import each other): the shell mounts it, the documents API feeds it.
 */
export function NotificationsMenu() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: [listNotifications.id],
    queryFn: ({ signal }) => api(listNotifications, { query: { limit: 10 }, signal }),
    refetchInterval: REFRESH_MS,
  });
  const unread = query.data?.unread ?? 0;
  const items = query.data?.results ?? [];
  const markRead = async (notification?: string) => {
    await api(markNotificationsRead, { body: notification ? { notification } : {} });
    await queryClient.invalidateQueries({ queryKey: [listNotifications.id] });
  };
  const label = unread > 0 ? `${t.label}: ${t.unread(unread)}` : t.label;
  return (
    <Menu
      menuAlign="end"
      trigger={
        <MenuButton variation="link" size="small" aria-label={label} title={label} data-testid="notifications-button">
          <AppIcon name="bell" />
          {unread > 0 ? (
            <Text
              as="span"
              data-testid="notifications-count"
              backgroundColor="red.80"
              color="white"
              borderRadius="xl"
              padding="0 xs"
              fontSize="xs"
              fontWeight="bold"
            >
              {unread > 99 ? '99+' : unread}
            </Text>
          ) : null}
        </MenuButton>
      }
    >
      {items.length === 0 ? (
        <View padding="small medium" minWidth="14rem">
          <Text color="font.tertiary">{t.empty}</Text>
        </View>
      ) : (
        items.map((n) => (
          <MenuItem
            key={n.uuid}
            data-testid="notification-item"
            onClick={() => {
              markRead(n.uuid).catch(() => undefined);
              const search = new URLSearchParams({ society: n.folder.society });
              if (n.folder.uuid) search.set('folder', n.folder.uuid);
              if (n.folder.form) search.set('form', n.folder.form);
              if (n.folder.year) search.set('year', String(n.folder.year));
              navigate(`/documents_user/${n.folder.uuid ?? n.folder.society}?${search}`);
            }}
          >
            <Flex direction="column" gap="0">
              <Text fontWeight={n.read ? 'normal' : 'bold'}>{n.title}</Text>
              <Text fontSize="small">{n.document_name}</Text>
            </Flex>
          </MenuItem>
        ))
      )}
      {unread > 0 ? (
        <>
          <Divider />
          <View padding="xs medium">
            <Button size="small" variation="link" onClick={() => markRead()}>
              {t.markAll}
            </Button>
          </View>
        </>
      ) : null}
    </Menu>
  );
}
