import '@/features/messages/messages.css';
import { Alert, Button, Card, Flex, Heading, Link, Loader, Text } from '@aws-amplify/ui-react';
import { es } from '@shared/i18n/es';
import { useEffect, useRef, useState } from 'react';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { downloadAttachment } from '@/features/messages/api/attachment-link';
import { type Message, useThread } from '@/features/messages/api/get-thread';
import { useMarkThreadRead } from '@/features/messages/api/mark-read';
import { ReplyForm } from '@/features/messages/components/reply-form';
import { authorLabel, formatSize, formatWhen } from '@/features/messages/lib/format';
import { useSession } from '@/lib/session';

const t = es.conversations;

/** One file of a message: its link is asked for at the click (it lives a minute), then the browser downloads it. */
function AttachmentLink({ file }: { file: Message['attachments'][number] }) {
  const [failed, setFailed] = useState(false);
  return (
    <Flex as="li" direction="column" gap="xxs">
      <Button
        size="small"
        variation="link"
        alignSelf="start"
        aria-label={t.download(file.file_name)}
        className="messages-body"
        onClick={async () => {
          setFailed(false);
          try {
            await downloadAttachment(file.uuid);
          } catch {
            setFailed(true);
          }
        }}
      >
        {file.file_name} ({formatSize(file.size)})
      </Button>
      {failed ? (
        <Text as="span" fontSize="small" color="font.error" role="alert">
          {t.downloadFailed}
        </Text>
      ) : null}
    </Flex>
  );
}

function MessageItem({ message, me }: { message: Message; me: string | undefined }) {
  return (
    <Card
      as="li"
      variation="outlined"
      className={`messages-message messages-message--${message.side.toLowerCase()}`}
      data-testid="thread-message"
    >
      <Flex justifyContent="space-between" wrap="wrap" gap="xs">
        <Text fontWeight="bold">{authorLabel(message.author, message.side, me)}</Text>
        <Text as="span" fontSize="small" color="font.secondary">
          {formatWhen(message.created)}
        </Text>
      </Flex>
      <Text whiteSpace="pre-wrap" marginTop="xs" className="messages-body">
        {message.body}
      </Text>
      {message.attachments.length > 0 ? (
        <Flex
          as="ul"
          direction="column"
          gap="xxs"
          padding="0"
          margin="0"
          marginTop="xs"
          className="messages-list"
          aria-label={t.attachmentsOf(message.attachments.length)}
        >
          {message.attachments.map((file) => (
            <AttachmentLink key={file.uuid} file={file} />
          ))}
        </Flex>
      ) : null}
    </Card>
  );
}

/**
 * /messages/thread/{uuid}: a thread's messages, oldest first with older pages on demand, who has read it, and the reply
 * box. Opening it marks it read (once per visit), which clears the caller's unread count.
 */
export function ThreadRoute() {
  const { uuid = '' } = useParams();
  const { profile } = useSession();
  const me = profile?.user.uuid;
  const thread = useThread(uuid);
  const markRead = useMarkThreadRead();
  const marked = useRef<string | null>(null);
  const loaded = thread.isSuccess;
  useEffect(() => {
    if (loaded && marked.current !== uuid) {
      marked.current = uuid;
      markRead.mutate(uuid);
    }
  }, [loaded, uuid, markRead]);

  if (thread.isPending) return <Loader margin="medium" />;
  if (thread.isError || !thread.data)
    return (
      <Flex direction="column" gap="medium" padding="medium">
        <Heading level={1}>{t.threadTitle}</Heading>
        <Alert variation="error">{t.loadError}</Alert>
      </Flex>
    );
  const pages = thread.data.pages;
  const head = pages[0]?.thread;
  const receipts = (pages[0]?.receipts ?? []).filter((r) => r.user.uuid !== me);
  const messages = pages.flatMap((page) => page.messages).reverse();

  return (
    <Flex direction="column" gap="medium" padding="medium" maxWidth="60rem">
      <Link as={RouterLink} to={head ? `/messages?society=${head.society}` : '/messages'}>
        {t.back}
      </Link>
      <Heading level={1}>{head?.subject ?? t.threadTitle}</Heading>
      {head?.request_item ? (
        <Link as={RouterLink} to={`/requests/${head.request_item.request}`} data-testid="thread-request">
          {t.aboutRequest(head.request_item.title, head.request_item.name)}
        </Link>
      ) : null}
      {thread.hasNextPage ? (
        <Button alignSelf="start" isLoading={thread.isFetchingNextPage} onClick={() => thread.fetchNextPage()}>
          {t.olderMessages}
        </Button>
      ) : null}
      <Flex as="ol" direction="column" gap="small" padding="0" margin="0" className="messages-list">
        {messages.map((message) => (
          <MessageItem key={message.uuid} message={message} me={me} />
        ))}
      </Flex>
      <Text fontSize="small" color="font.secondary" data-testid="thread-receipts">
        {receipts.length > 0
          ? `${t.readBy}: ${receipts.map((r) => `${r.user.first_name} ${r.user.last_name} (${formatWhen(r.read_at)})`).join(', ')}`
          : t.nobodyRead}
      </Text>
      {head ? <ReplyForm thread={uuid} society={head.society} /> : null}
    </Flex>
  );
}
