import { Card, Heading, Link, Loader, Text } from '@aws-amplify/ui-react';
import { formatDay } from '@shared/day';
import { es } from '@shared/i18n/es';
import { Link as RouterLink } from 'react-router-dom';
import { useOpenRequests } from '../api/list-open-requests';

const t = es.requestScreens;
/** Requests a client sees on its home; the rest are one click away. */
const CLIENT_ROWS = 5;
/** Requests an admin's count reads at most before saying there are more. */
const ADMIN_ROWS = 50;

/**
 * The home's 'Solicitudes abiertas': for a client, its societies' open requests with their due dates (first on the
 * home: what the firm waits for); for the firm's admins, how many are open in their view, and the way to the board.
 */
export function OpenRequestsCard({ client }: { client: boolean }) {
  const open = useOpenRequests(client ? CLIENT_ROWS : ADMIN_ROWS);
  const rows = open.data?.results ?? [];
  return (
    <Card variation="outlined" className="home-requests" data-testid="home-requests">
      <Heading level={2} className="home-tax-month-title">
        {t.homeTitle}
      </Heading>
      {open.isPending ? <Loader /> : null}
      {open.isError ? <Text>{t.loadError}</Text> : null}
      {open.isSuccess && rows.length === 0 ? <Text>{t.noneOpen}</Text> : null}
      {client && rows.length > 0 ? (
        <ul className="home-tax-month-list">
          {rows.map((request) => (
            <li key={request.uuid} data-testid="home-request">
              <Link as={RouterLink} to={`/requests/${request.uuid}`}>
                {request.title}
              </Link>{' '}
              <Text as="span" fontSize="small">
                {`· ${request.society.name} · ${t.homeDue(formatDay(request.due_date))}`}
              </Text>
            </li>
          ))}
        </ul>
      ) : null}
      {!client && rows.length > 0 ? (
        <Text marginBottom="xs">
          {t.homeAdminCount(rows.length)}
          {open.data?.next ? ` ${t.homeAdminMore}` : ''}
        </Text>
      ) : null}
      <Link as={RouterLink} to="/requests">
        {client ? t.homeLink : t.homeAdminLink}
      </Link>
    </Card>
  );
}
