import '@/features/support/support.css';
import {
  Alert,
  Badge,
  Button,
  Card,
  Flex,
  Heading,
  Link,
  Loader,
  SelectField,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Text,
} from '@aws-amplify/ui-react';
import type { TicketStatus } from '@shared/contracts/external';
import { es } from '@shared/i18n/es';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { useMyTickets } from '@/features/support/api/list-my-tickets';
import { formatDateTime, statusLabel, statusVariation } from '@/features/support/lib/ticket-format';

const t = es.support;
const PAGE = 15;

/** /support/mine ('Mis tickets'): the caller's own tickets, latest activity first, each opening its conversation. */
export function MyTicketsRoute() {
  const [status, setStatus] = useState<'' | TicketStatus>('');
  const [offset, setOffset] = useState(0);
  const tickets = useMyTickets({ limit: PAGE, offset, ...(status && { status }) });
  const count = tickets.data?.count ?? 0;

  return (
    <Flex direction="column" gap="medium" padding="medium" maxWidth="60rem">
      <Heading level={1}>{t.myTickets}</Heading>
      <Text>{t.myTicketsIntro}</Text>
      <SelectField
        label={t.statusFilter}
        value={status}
        maxWidth="16rem"
        onChange={(event) => {
          setStatus(event.target.value as '' | TicketStatus);
          setOffset(0);
        }}
      >
        <option value="">{t.statusAll}</option>
        <option value="OPEN">{t.statusOpen}</option>
        <option value="ANSWERED">{t.statusAnswered}</option>
        <option value="CLOSED">{t.statusClosed}</option>
      </SelectField>
      {tickets.isError ? <Alert variation="error">{t.loadError}</Alert> : null}
      {tickets.isPending ? <Loader /> : null}
      {tickets.data ? (
        <Card variation="outlined" className="admin-table-card">
          {tickets.data.results.length === 0 ? (
            <Text>{t.noMyTickets}</Text>
          ) : (
            <Table className="support-tickets-table" size="small" data-testid="my-tickets-table">
              <TableHead>
                <TableRow>
                  <TableCell as="th">{t.columns.number}</TableCell>
                  <TableCell as="th">{t.columns.subject}</TableCell>
                  <TableCell as="th">{t.columns.status}</TableCell>
                  <TableCell as="th">{t.columns.updated}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {tickets.data.results.map((ticket) => (
                  <TableRow key={ticket.uuid}>
                    <TableCell>{ticket.number ? `#${ticket.number}` : '—'}</TableCell>
                    <TableCell>
                      <Link as={RouterLink} to={`/support/tickets/${ticket.uuid}`}>
                        {ticket.subject}
                      </Link>
                    </TableCell>
                    <TableCell>
                      <Badge variation={statusVariation(ticket.status)}>{statusLabel(ticket.status, 'client')}</Badge>
                    </TableCell>
                    <TableCell>{formatDateTime(ticket.updated)}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          )}
        </Card>
      ) : null}
      {count > PAGE ? (
        <Flex gap="small" alignItems="center">
          <Button size="small" isDisabled={offset === 0} onClick={() => setOffset(Math.max(0, offset - PAGE))}>
            {t.previous}
          </Button>
          <Text>
            {offset + 1}–{Math.min(offset + PAGE, count)} / {count}
          </Text>
          <Button size="small" isDisabled={offset + PAGE >= count} onClick={() => setOffset(offset + PAGE)}>
            {t.next}
          </Button>
        </Flex>
      ) : null}
    </Flex>
  );
}
