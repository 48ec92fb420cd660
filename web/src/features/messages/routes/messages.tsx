import '@/features/messages/messages.css';
import { Alert, Badge, Button, Card, Flex, Heading, Link, Loader, SelectField, Text } from '@aws-amplify/ui-react';
import { es } from '@shared/i18n/es';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router-dom';
import { type Thread, useThreads } from '@/features/messages/api/list-threads';
import { useMessageSocieties } from '@/features/messages/api/my-societies';
import { NewThreadForm } from '@/features/messages/components/new-thread-form';
import { authorLabel, formatWhen } from '@/features/messages/lib/format';
import { useSession } from '@/lib/session';

const t = es.conversations;

function ThreadItem({ thread, me }: { thread: Thread; me: string | undefined }) {
  return (
    <Card as="li" variation="outlined" className="messages-thread" data-testid="message-thread">
      <Flex justifyContent="space-between" alignItems="baseline" wrap="wrap" gap="xs">
        <Link as={RouterLink} to={`/messages/thread/${thread.uuid}`} fontWeight="bold">
          {thread.subject}
        </Link>
        {thread.unread > 0 ? (
          <Badge variation="info" data-testid="thread-unread">
            {t.unread(thread.unread)}
          </Badge>
        ) : null}
      </Flex>
      <Text className="messages-excerpt" marginTop="xxs">
        {`${authorLabel(thread.last.author, thread.last.side, me)}: ${thread.last.excerpt}`}
      </Text>
      {thread.request_item ? (
        <Text fontSize="small">{t.aboutRequest(thread.request_item.title, thread.request_item.name)}</Text>
      ) : null}
      <Text fontSize="small" color="font.secondary">
        {`${t.messageCount(thread.message_count)} · ${t.lastActivity}: ${formatWhen(thread.updated)}`}
      </Text>
    </Card>
  );
}

/**
 * /messages: the conversations of one of the caller's societies (chosen above, kept in the address), newest activity
 * first with the caller's unread counts, and a form to start one. `?society=…&request=…&item=…&subject=…` (a request
 * item's link: features never import each other) starts one about that item.
 */
export function MessagesRoute() {
  const { profile } = useSession();
  const navigate = useNavigate();
  const [search, setSearch] = useSearchParams();
  const societies = useMessageSocieties();
  const options = societies.data ?? [];
  const chosen = search.get('society') ?? options[0]?.uuid;
  const threads = useThreads(chosen);
  const rows = threads.data?.pages.flatMap((page) => page.results) ?? [];
  // Arrived from a request's item ('Preguntar sobre este ítem'): its form comes first, filled in and linked.
  const request = search.get('request');
  const item = search.get('item');
  const requestItem = request && item && chosen === search.get('society') ? { request, item } : undefined;
  const newThread = chosen ? (
    <NewThreadForm
      key={`${chosen}|${request ?? ''}|${item ?? ''}`}
      society={chosen}
      subject={requestItem ? (search.get('subject') ?? '') : ''}
      requestItem={requestItem}
      onCreated={(thread) => navigate(`/messages/thread/${thread}`)}
    />
  ) : null;

  return (
    <Flex direction="column" gap="medium" padding="medium" maxWidth="60rem">
      <Heading level={1}>{t.title}</Heading>
      <Text>{t.intro}</Text>
      {societies.isPending ? <Loader /> : null}
      {societies.isError ? <Alert variation="error">{t.loadError}</Alert> : null}
      {societies.isSuccess && options.length === 0 ? <Text>{t.noSocieties}</Text> : null}
      {options.length > 0 && chosen ? (
        <>
          <SelectField
            label={t.society}
            value={chosen}
            onChange={(event) => setSearch({ society: event.target.value })}
            maxWidth="30rem"
          >
            {options.map((s) => (
              <option key={s.uuid} value={s.uuid}>
                {s.society_business_name}
              </option>
            ))}
          </SelectField>
          {requestItem ? newThread : null}
          <Heading level={2}>{t.threads}</Heading>
          {threads.isPending ? <Loader /> : null}
          {threads.isError ? <Alert variation="error">{t.loadError}</Alert> : null}
          {threads.isSuccess && rows.length === 0 ? <Text>{t.noThreads}</Text> : null}
          {rows.length > 0 ? (
            <Flex as="ul" direction="column" gap="small" padding="0" margin="0" className="messages-list">
              {rows.map((thread) => (
                <ThreadItem key={thread.uuid} thread={thread} me={profile?.user.uuid} />
              ))}
            </Flex>
          ) : null}
          {threads.hasNextPage ? (
            <Button alignSelf="start" isLoading={threads.isFetchingNextPage} onClick={() => threads.fetchNextPage()}>
              {t.moreThreads}
            </Button>
          ) : null}
          {requestItem ? null : newThread}
        </>
      ) : null}
    </Flex>
  );
}
