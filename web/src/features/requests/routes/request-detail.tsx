import '../requests.css';
import { Alert, Badge, Button, Card, Flex, Heading, Link, Loader, Text } from '@aws-amplify/ui-react';
import { formatDay } from '@shared/day';
import { es } from '@shared/i18n/es';
import { useState } from 'react';
import { Link as RouterLink, useLocation, useParams } from 'react-router-dom';
import { ConfirmDialog } from '@/components/admin/modal';
import { useSession } from '@/lib/session';
import { useCancelRequest } from '../api/cancel-request';
import { useRequest } from '../api/get-request';
import { ItemCard } from '../components/item-card';
import { boardBadge, isAdmin } from '../lib/states';

const t = es.requestScreens;

function Fact({ label, value }: { label: string; value: string }) {
  return (
    <Text fontSize="small">
      <Text as="span" fontWeight="bold">{`${label}: `}</Text>
      {value}
    </Text>
  );
}

/**
 * /requests/:uuid: a request with its items. The society's client users answer each item (a file, or 'no aplica'
 * with a comment) and read the firm's comments; the firm's admins accept or return each answer, download the files,
 * and may cancel the request.
 */
export function RequestDetailRoute() {
  const { uuid = '' } = useParams();
  // Opened from the board: back to it with its view and filters.
  const board = (useLocation().state as { board?: string } | null)?.board ?? '';
  const { profile } = useSession();
  const admin = isAdmin(profile?.profile.user_role);
  const request = useRequest(uuid);
  const cancel = useCancelRequest(uuid);
  const [confirming, setConfirming] = useState(false);
  const data = request.data;
  const open = data?.state === 'OPEN';

  return (
    <Flex direction="column" gap="medium" padding="medium" maxWidth="60rem">
      <Link as={RouterLink} to={`/requests${board}`}>
        {t.boardLink}
      </Link>
      {request.isPending ? <Loader /> : null}
      {request.isError ? (
        <>
          <Heading level={1}>{t.title}</Heading>
          <Alert variation="error">
            {(request.error as { status?: number }).status === 404 ? t.detail.notFound : t.loadError}
          </Alert>
        </>
      ) : null}
      {data ? (
        <>
          <Flex justifyContent="space-between" alignItems="baseline" wrap="wrap" gap="xs">
            <Heading level={1} className="requests-row">
              {data.title}
            </Heading>
            <Badge variation={boardBadge(data.board_state)} data-testid="request-state">
              {t.states[data.board_state]}
            </Badge>
          </Flex>
          <Card variation="outlined">
            <Flex direction="column" gap="xxs">
              <Fact label={t.detail.society} value={data.society.name} />
              <Fact label={t.detail.due} value={formatDay(data.due_date)} />
              <Fact label={t.detail.folder} value={data.folder?.name ?? t.detail.defaultFolder} />
              {data.template ? <Fact label={t.detail.template} value={data.template.name} /> : null}
              {data.period ? <Fact label={t.detail.period} value={data.period} /> : null}
              <Fact
                label={t.detail.createdBy}
                value={`${data.created_by.first_name} ${data.created_by.last_name}, ${formatDay(data.created)}`}
              />
              <progress
                className="requests-progress"
                max={Math.max(data.counts.total, 1)}
                value={data.counts.answered}
                aria-label={t.progressLabel(data.title)}
              />
              <Text fontSize="small" data-testid="request-progress">
                {t.progress(data.counts.answered, data.counts.accepted, data.counts.total)}
              </Text>
            </Flex>
          </Card>
          {cancel.isSuccess ? (
            <Alert variation="info" role="status">
              {t.detail.cancelled}
            </Alert>
          ) : null}
          <Heading level={2} fontSize="large">
            {t.detail.items}
          </Heading>
          <Flex as="ul" direction="column" gap="small" className="requests-list">
            {data.items.map((item) => (
              <ItemCard
                key={item.uuid}
                request={data.uuid}
                society={data.society.uuid}
                item={item}
                open={open}
                admin={admin}
              />
            ))}
          </Flex>
          {admin && open ? (
            <div>
              <Button colorTheme="error" onClick={() => setConfirming(true)}>
                {t.detail.cancel}
              </Button>
            </div>
          ) : null}
          <ConfirmDialog
            open={confirming}
            title={t.detail.cancel}
            message={t.detail.cancelConfirm}
            confirmLabel={t.detail.cancelYes}
            onConfirm={() => cancel.mutateAsync()}
            onClose={() => setConfirming(false)}
          />
        </>
      ) : null}
    </Flex>
  );
}
