import '@/features/support/support.css';
import { Alert, Badge, Button, Card, Flex, Heading, Link, Loader, Text } from '@aws-amplify/ui-react';
import { TICKET_DESCRIPTION, ticketMessageBodySchema } from '@shared/contracts/external';
import { es } from '@shared/i18n/es';
import { useStore } from '@tanstack/react-form';
import { useState } from 'react';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { ServerErrors } from '@/components/admin/server-errors';
import { useAppForm } from '@/components/form/app-form';
import { contractRules } from '@/components/form/contract-rules';
import { AttachmentPicker, attachmentProblem } from '@/components/ui/support-ticket/attachments';
import { fetchAttachmentLink } from '@/features/support/api/attachment-link';
import { type TicketDetail, useTicket } from '@/features/support/api/get-ticket';
import { usePostMessage } from '@/features/support/api/post-message';
import { useUpdateTicket } from '@/features/support/api/update-ticket';
import { canReadTickets } from '@/features/support/lib/support-links';
import { formatDateTime, statusLabel, statusVariation } from '@/features/support/lib/ticket-format';
import { useSession } from '@/lib/session';

const t = es.support;

type Message = TicketDetail['messages'][number];

interface Reply {
  description: string;
  files: File[];
}

/** The contract's message: 4 to 1024 characters, which the count under the field tells; 'Enviar' waits for them. */
const REPLY_RULES = contractRules<Reply>([ticketMessageBodySchema], {}, ({ description }) => ({ description }));
const NO_REPLY: Reply = { description: '', files: [] };

/** One attachment: its link is asked for at the click (it lives a minute), then the browser downloads it. */
function AttachmentLink({ file }: { file: Message['attachments'][number] }) {
  const [failed, setFailed] = useState(false);
  return (
    <Button
      size="small"
      variation="link"
      gap="xs"
      aria-label={t.download(file.file_name)}
      onClick={async () => {
        setFailed(false);
        try {
          window.location.assign((await fetchAttachmentLink(file.uuid)).link);
        } catch {
          setFailed(true);
        }
      }}
    >
      {file.file_name}
      {failed ? <Text as="span" color="font.error">{` (${t.uploadFailed})`}</Text> : null}
    </Button>
  );
}

function MessageCard({ message, mine }: { message: Message; mine: boolean }) {
  const who = mine
    ? t.you
    : `${message.author.first_name} ${message.author.last_name} · ${message.side === 'FIRM' ? t.firmSide : t.clientSide}`;
  return (
    <Card
      as="li"
      variation="outlined"
      className={`ticket-message ticket-message--${message.side.toLowerCase()}`}
      data-side={message.side}
    >
      <Flex justifyContent="space-between" wrap="wrap" gap="xs">
        <Text fontWeight="bold">{who}</Text>
        <Text as="span" fontSize="small" color="font.secondary">
          {formatDateTime(message.created)}
        </Text>
      </Flex>
      <Text whiteSpace="pre-wrap" marginTop="xs">
        {message.description}
      </Text>
      {message.attachments.length > 0 ? (
        <Flex
          as="ul"
          direction="column"
          gap="xxs"
          marginTop="xs"
          className="ticket-attachments"
          aria-label={t.attachments}
        >
          {message.attachments.map((file) => (
            <li key={file.uuid}>
              <AttachmentLink file={file} />
            </li>
          ))}
        </Flex>
      ) : null}
    </Card>
  );
}

/**
 * /support/tickets/{uuid}: a ticket's conversation, to its sender and to the admins whose scope holds it
 * (the API decides; anything else reads as not found). Each side answers below the messages; an admin also closes and
 * reopens it. A message with files uploads them first and is written only once they are there.
 */
export function TicketRoute() {
  const { uuid = '' } = useParams();
  const { profile } = useSession();
  const ticket = useTicket(uuid);
  const post = usePostMessage();
  const update = useUpdateTicket();
  const form = useAppForm({
    defaultValues: NO_REPLY,
    validators: { onChange: REPLY_RULES },
    onSubmit: ({ value }) => post.mutate({ uuid, ...value }, { onSuccess: () => form.reset() }),
  });
  const reply = useStore(form.store, (state) => state.values);
  // 'Respuesta enviada' while the form stays as the send left it.
  const changed = useStore(form.store, (state) => state.isDirty);
  const sent = post.isSuccess && !changed;

  if (ticket.isPending) return <Loader margin="medium" />;
  if (ticket.isError || !ticket.data)
    return (
      <Flex direction="column" gap="medium" padding="medium">
        <Heading level={1}>{t.ticketTitle}</Heading>
        <Alert variation="error">{t.loadTicketError}</Alert>
      </Flex>
    );

  const data = ticket.data;
  const me = profile?.user.uuid;
  const isSender = data.user.uuid === me;
  const reader = isSender ? 'client' : 'firm';
  const firmAdmin = !isSender && canReadTickets(profile?.profile.user_role);
  const canSend = REPLY_RULES.passes(reply) && !attachmentProblem(reply.files) && !post.isPending;
  const submit = () => {
    if (canSend) void form.handleSubmit();
  };

  return (
    <Flex direction="column" gap="medium" padding="medium" maxWidth="60rem">
      <Link as={RouterLink} to={isSender ? '/support/mine' : '/support/tickets'}>
        {isSender ? t.backToMyTickets : t.backToTickets}
      </Link>
      <Heading level={1}>{t.ticketHeading(data.number, data.subject)}</Heading>
      <Flex gap="small" alignItems="center" wrap="wrap">
        <Badge variation={statusVariation(data.status)} data-testid="ticket-status">
          {statusLabel(data.status, reader)}
        </Badge>
        <Text fontSize="small" color="font.secondary">
          {`${t.lastActivity}: ${formatDateTime(data.updated)}`}
        </Text>
        {firmAdmin ? (
          <Text fontSize="small">
            {`${data.user.first_name} ${data.user.last_name} · ${data.user.email}${data.project ? ` · ${data.project.project_name}` : ''}`}
          </Text>
        ) : null}
        {firmAdmin ? (
          <Button
            size="small"
            isLoading={update.isPending}
            onClick={() => update.mutate({ uuid, status: data.status === 'CLOSED' ? 'OPEN' : 'CLOSED' })}
          >
            {data.status === 'CLOSED' ? t.reopen : t.close}
          </Button>
        ) : null}
      </Flex>
      <ServerErrors error={update.error} />
      <Heading level={2}>{t.conversation}</Heading>
      <Flex as="ol" direction="column" gap="small" className="ticket-conversation" padding="0" margin="0">
        {data.messages.map((message) => (
          <MessageCard key={message.uuid} message={message} mine={message.side === 'CLIENT' ? isSender : false} />
        ))}
      </Flex>
      <Card variation="outlined">
        <Flex
          as="form"
          direction="column"
          gap="small"
          onSubmit={(event) => {
            event.preventDefault();
            submit();
          }}
        >
          {data.status === 'CLOSED' && isSender ? <Text>{t.closedNote}</Text> : null}
          <form.AppField name="description">
            {(field) => (
              <field.TextAreaField
                label={t.reply}
                rows={4}
                maxLength={TICKET_DESCRIPTION.max}
                descriptiveText={`${isSender ? t.replyHint : t.firmReplyHint} (${reply.description.trim().length}/${TICKET_DESCRIPTION.max})`}
              />
            )}
          </form.AppField>
          <AttachmentPicker
            files={reply.files}
            onChange={(files) => form.setFieldValue('files', files)}
            disabled={post.isPending}
          />
          <Flex gap="small" alignItems="center" wrap="wrap">
            <Button
              type="submit"
              variation="primary"
              isDisabled={!canSend}
              isLoading={post.isPending}
              loadingText={t.sending}
            >
              {t.sendReply}
            </Button>
            {sent ? (
              <Text as="span" role="status" color="font.success">
                {t.replySent}
              </Text>
            ) : null}
          </Flex>
          <ServerErrors error={post.error} />
        </Flex>
      </Card>
    </Flex>
  );
}
