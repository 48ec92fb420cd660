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
import { Navigate, Link as RouterLink } from 'react-router-dom';
import { ServerErrors } from '@/components/admin/server-errors';
import { useTickets } from '@/features/support/api/list-tickets';
import { useUpdateTicket } from '@/features/support/api/update-ticket';
import { canReadTickets } from '@/features/support/lib/support-links';
import { formatDateTime, statusLabel, statusVariation } from '@/features/support/lib/ticket-format';
import { useSession } from '@/lib/session';

const t = es.support;
const PAGE = 15;
type StatusFilter = '' | TicketStatus;

/**
 * /support/tickets: SUPER_ADMIN every ticket, PROJECT_ADMIN its projects'; by status; close/reopen; each
 * subject opens the ticket's conversation, where the firm answers.
 */
export function TicketsRoute() {
  const { profile } = useSession();
  const [status, setStatus] = useState<StatusFilter>('OPEN');
  const [offset, setOffset] = useState(0);
  const role = profile?.profile.user_role;
  const allowed = canReadTickets(role);
  const tickets = useTickets({ limit: PAGE, offset, ...(status && { status }) });
  const update = useUpdateTicket();

  if (profile && !allowed) return <Navigate to="/home" replace />;
  const count = tickets.data?.count ?? 0;

  return (
    <Flex direction="column" gap="medium" padding="medium">
      <Heading level={1}>{t.ticketsTitle}</Heading>
      <SelectField
        label={t.statusFilter}
        value={status}
        maxWidth="16rem"
        onChange={(event) => {
          setStatus(event.target.value as StatusFilter);
          setOffset(0);
        }}
      >
        <option value="OPEN">{t.statusOpen}</option>
        <option value="ANSWERED">{t.statusAnswered}</option>
        <option value="CLOSED">{t.statusClosed}</option>
        <option value="">{t.statusAll}</option>
      </SelectField>
      <ServerErrors error={update.error} />
      {tickets.isError ? <Alert variation="error">{t.loadError}</Alert> : null}
      {tickets.isPending ? <Loader /> : null}
      {tickets.data ? (
        <Card variation="outlined" className="admin-table-card">
          {tickets.data.results.length === 0 ? (
            <Text>{t.noTickets}</Text>
          ) : (
            <Table className="support-tickets-table" size="small" data-testid="tickets-table">
              <TableHead>
                <TableRow>
                  <TableCell as="th">{t.columns.number}</TableCell>
                  <TableCell as="th">{t.columns.created}</TableCell>
                  <TableCell as="th">{t.columns.user}</TableCell>
                  <TableCell as="th">{t.columns.project}</TableCell>
                  <TableCell as="th">{t.columns.subject}</TableCell>
                  <TableCell as="th">{t.columns.status}</TableCell>
                  <TableCell as="th">
                    <span className="amplify-visually-hidden">{t.close}</span>
                  </TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {tickets.data.results.map((ticket) => (
                  <TableRow key={ticket.uuid}>
                    <TableCell>{ticket.number ? `#${ticket.number}` : '—'}</TableCell>
                    <TableCell>{formatDateTime(ticket.created)}</TableCell>
                    <TableCell>
                      {ticket.user.first_name} {ticket.user.last_name}
                      <Text fontSize="small" color="font.secondary">
                        {ticket.user.email}
                      </Text>
                    </TableCell>
                    <TableCell>{ticket.project?.project_name ?? t.noProject}</TableCell>
                    <TableCell>
                      <Link as={RouterLink} to={`/support/tickets/${ticket.uuid}`} fontWeight="bold">
                        {ticket.subject}
                      </Link>
                      <Text fontSize="small" whiteSpace="pre-wrap">
                        {ticket.description}
                      </Text>
                    </TableCell>
                    <TableCell>
                      <Badge variation={statusVariation(ticket.status)}>{statusLabel(ticket.status, 'firm')}</Badge>
                    </TableCell>
                    <TableCell>
                      <Button
                        size="small"
                        isLoading={update.isPending && update.variables?.uuid === ticket.uuid}
                        onClick={() =>
                          update.mutate({ uuid: ticket.uuid, status: ticket.status === 'CLOSED' ? 'OPEN' : 'CLOSED' })
                        }
                      >
                        {ticket.status === 'CLOSED' ? t.reopen : t.close}
                      </Button>
                    </TableCell>
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
