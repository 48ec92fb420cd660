import '@/features/support/support.css';
import { Alert, Button, Card, Flex, Heading, Link, Text } from '@aws-amplify/ui-react';
import { es } from '@shared/i18n/es';
import { useState } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import { AppIcon } from '@/components/ui/icons';
import { messagingLink, useFirmPhone } from '@/components/ui/messaging-link';
import { type SentTicket, TicketModal } from '@/components/ui/support-ticket/ticket-modal';
import { NARROW_QUERY, useMediaQuery } from '@/components/ui/use-media-query';
import { ChatbotPanel } from '@/features/support/components/chatbot-panel';
import { SupportCarousel } from '@/features/support/components/support-carousel';
import { canReadTickets } from '@/features/support/lib/support-links';
import { useSession } from '@/lib/session';

const t = es.support;

/**
 * /support (portal spec §2): slide one the contact channels (the messaging-app link from the project's phone, the
 * ticket button), slide two the chatbot; below 1024 px the chatbot has its own page, /chatbot. `?slide=2` opens on it.
 */
export function SupportRoute() {
  const [params, setParams] = useSearchParams();
  const current = params.get('slide') === '2' ? 1 : 0;
  const narrow = useMediaQuery(NARROW_QUERY);
  const { profile } = useSession();
  const [ticketOpen, setTicketOpen] = useState(false);
  const [sent, setSent] = useState<SentTicket | null>(null);
  const messaging = messagingLink(useFirmPhone());

  const channels = (
    <Card variation="outlined">
      <Flex direction="column" gap="medium">
        <Heading level={2}>{t.channelsTitle}</Heading>
        <Text>{t.channelsIntro}</Text>
        <Flex gap="small" wrap="wrap">
          {messaging ? (
            <Link href={messaging} isExternal className="amplify-button amplify-button--primary">
              <AppIcon name="chat" /> {t.whatsapp}
            </Link>
          ) : (
            <Text color="font.secondary">{t.noPhone}</Text>
          )}
          <Button
            gap="xs"
            onClick={() => {
              setSent(null);
              setTicketOpen(true);
            }}
          >
            <AppIcon name="ticket" />
            {t.openTicket}
          </Button>
          <Link as={RouterLink} to="/support/mine" className="amplify-button amplify-button--link">
            {t.myTickets}
          </Link>
          {canReadTickets(profile?.profile.user_role) ? (
            <Link as={RouterLink} to="/support/tickets" className="amplify-button amplify-button--link">
              {t.seeTickets}
            </Link>
          ) : null}
        </Flex>
        {sent ? (
          <Alert variation="success" role="status">
            <Text as="span" display="block" fontWeight="bold">
              {t.ticketReceived(sent.number)}
            </Text>
            <Link as={RouterLink} to={`/support/tickets/${sent.uuid}`}>
              {t.seeTicket}
            </Link>
          </Alert>
        ) : null}
      </Flex>
    </Card>
  );

  const chatbot = narrow ? (
    <Card variation="outlined">
      <Flex direction="column" gap="medium">
        <Heading level={2}>{es.chatbot.title}</Heading>
        <Text>{es.chatbot.intro}</Text>
        <Link as={RouterLink} to="/chatbot" className="amplify-button amplify-button--primary">
          {es.chatbot.ask}
        </Link>
      </Flex>
    </Card>
  ) : (
    <Card variation="outlined">
      <ChatbotPanel />
    </Card>
  );

  return (
    <Flex direction="column" gap="medium" padding="medium" maxWidth="60rem">
      <Heading level={1}>{es.pages.support}</Heading>
      <SupportCarousel
        current={current}
        onChange={(index) => setParams(index === 1 ? { slide: '2' } : {}, { replace: true })}
        slides={[
          { label: t.slideChannels, content: channels },
          { label: t.slideChatbot, content: chatbot },
        ]}
      />
      <TicketModal open={ticketOpen} onClose={() => setTicketOpen(false)} onSent={setSent} />
    </Flex>
  );
}
