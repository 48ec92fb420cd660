import { Badge, Card, Flex, Link, Text } from '@aws-amplify/ui-react';
import { formatDay } from '@shared/day';
import { es } from '@shared/i18n/es';
import { Link as RouterLink, useLocation } from 'react-router-dom';
import type { RequestSummary } from '../api/list-requests';
import { boardBadge } from '../lib/states';

const t = es.requestScreens;

/** One request of a list: its society, title (the way in), due date, progress and state. */
function RequestRow({ request }: { request: RequestSummary }) {
  const { answered, accepted, total } = request.counts;
  // The request's page leads back to this list as it was (its view and filters).
  const { search } = useLocation();
  return (
    <Card as="li" variation="outlined" className="requests-row" data-testid="request-row" data-request={request.uuid}>
      <Flex justifyContent="space-between" alignItems="baseline" wrap="wrap" gap="xs">
        <Link as={RouterLink} to={`/requests/${request.uuid}`} state={{ board: search }} fontWeight="bold">
          {request.title}
        </Link>
        <Badge variation={boardBadge(request.board_state)}>{t.states[request.board_state]}</Badge>
      </Flex>
      <Text fontSize="small" marginTop="xxs">
        {`${t.columns.society}: ${request.society.name} · ${t.columns.due}: ${formatDay(request.due_date)}`}
      </Text>
      <Flex direction="column" gap="xxs" marginTop="xs">
        <progress
          className="requests-progress"
          max={Math.max(total, 1)}
          value={answered}
          aria-label={t.progressLabel(request.title)}
        />
        <Text fontSize="small" color="font.secondary" data-testid="request-progress">
          {t.progress(answered, accepted, total)}
        </Text>
      </Flex>
    </Card>
  );
}

export function RequestRows({ rows }: { rows: RequestSummary[] }) {
  return (
    <Flex as="ul" direction="column" gap="small" className="requests-list">
      {rows.map((request) => (
        <RequestRow key={request.uuid} request={request} />
      ))}
    </Flex>
  );
}
