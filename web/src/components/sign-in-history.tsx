import { Alert, Button, Flex, Loader, Text, View } from '@aws-amplify/ui-react';
import type { ResponseOf } from '@shared/contracts/define';
import type { listUserSignIns } from '@shared/contracts/users';
import { es, messageForError } from '@shared/i18n/es';
import { formatDateTime } from '@/components/admin/format';

const t = es.signInHistory;

type Page = ResponseOf<typeof listUserSignIns>;
export type SignInEvent = Page['results'][number];

const methodLabel = (method: string) => (t.methods as Record<string, string>)[method] ?? t.unknownMethod;
const reasonLabel = (reason: string | undefined) => (reason && t.reasons[reason]) || t.unknownReason;
const refused = (event: SignInEvent) => event.action.endsWith('_REFUSED');

/** What the list reads of a feature's infinite query of the history. */
interface HistoryQuery {
  isPending: boolean;
  error: unknown;
  data?: { pages: readonly Page[] };
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => Promise<unknown>;
}

/** One event: when and what, then its way in (a sign-in) or its reason (a refusal), then the address. */
function EventItem({ event }: { event: SignInEvent }) {
  return (
    <li data-testid="sign-in-event" data-action={event.action}>
      <Flex direction="column" gap="xxxs" paddingBlock="xs">
        <Text fontWeight="bold" color={refused(event) ? 'font.error' : undefined}>
          <time dateTime={event.at}>{formatDateTime(event.at)}</time> · {t.actions[event.action]}
        </Text>
        {event.method ? (
          <Text fontSize="small" data-testid="sign-in-method">
            {t.way}: {methodLabel(event.method)}
          </Text>
        ) : null}
        {refused(event) ? (
          <Text fontSize="small" data-testid="sign-in-reason">
            {t.reason}: {reasonLabel(event.reason)}
          </Text>
        ) : null}
        <Text fontSize="small" color="font.tertiary" style={{ overflowWrap: 'anywhere' }}>
          {t.address}: {event.source_ip || t.unknownAddress}
        </Text>
      </Flex>
    </li>
  );
}

/**
 * A sign-in history (the session log), newest first, with 'Ver más' for the next page. Both the admin's user detail
 * and 'Mi perfil' show it, each through its own feature's query.
 */
export function SignInHistory({ query, label }: { query: HistoryQuery; label: string }) {
  if (query.isPending) return <Loader ariaLabel={t.loadingMore} />;
  if (query.error && !query.data) return <Alert variation="error">{messageForError(query.error)}</Alert>;
  const events = query.data?.pages.flatMap((page) => page.results) ?? [];
  return (
    <Flex direction="column" gap="xs" data-testid="sign-in-history">
      {events.length === 0 ? (
        <Text color="font.tertiary">{t.empty}</Text>
      ) : (
        <View as="ul" margin="0" padding="0" style={{ listStyle: 'none' }} aria-label={label}>
          {events.map((event) => (
            <EventItem key={`${event.at}-${event.action}-${event.source_ip}`} event={event} />
          ))}
        </View>
      )}
      {query.hasNextPage ? (
        <Button
          size="small"
          alignSelf="flex-start"
          onClick={() => void query.fetchNextPage()}
          isLoading={query.isFetchingNextPage}
          loadingText={t.loadingMore}
          data-testid="sign-in-more"
        >
          {t.more}
        </Button>
      ) : null}
    </Flex>
  );
}
