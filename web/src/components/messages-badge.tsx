import { Link, Text } from '@aws-amplify/ui-react';
import { getMessagesUnread } from '@shared/contracts/messages';
import { es } from '@shared/i18n/es';
import { useQuery } from '@tanstack/react-query';
import { Link as RouterLink } from 'react-router-dom';
import { AppIcon } from '@/components/ui/icons';
import { api } from '@/lib/api-client';

const t = es.conversations;
/** New messages show within a minute without a reload; reading a thread refreshes it at once (a mutation). */
const REFRESH_MS = 60_000;

/** The top bar's link to 'Mensajes' with the caller's unread count across its societies. */
export function MessagesBadge() {
  const query = useQuery({
    queryKey: [getMessagesUnread.id],
    queryFn: ({ signal }) => api(getMessagesUnread, { signal }),
    refetchInterval: REFRESH_MS,
  });
  const unread = query.data?.unread ?? 0;
  const label = unread > 0 ? t.topBarUnread(unread) : t.topBar;
  return (
    <Link
      as={RouterLink}
      to="/messages"
      aria-label={label}
      title={label}
      data-testid="messages-link"
      className="portal-messages-link"
    >
      <AppIcon name="chat" />
      {unread > 0 ? (
        <Text
          as="span"
          data-testid="messages-count"
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
    </Link>
  );
}
