import { Badge, Button, Flex, Text } from '@aws-amplify/ui-react';
import { es } from '@shared/i18n/es';
import { ServerErrors } from '@/components/admin/server-errors';
import { useProjectDomain } from '@/features/projects/api/get-project-domain';

const t = es.projectsAdmin.domain;

const BADGE = {
  none: undefined,
  provisioning: 'info',
  pending: 'warning',
  active: 'success',
  failed: 'error',
  in_use: 'error',
  unavailable: undefined,
} as const;

/**
 * The firm's own domain on the project detail: its status, the DNS record the firm must create (a CNAME to the
 * portal's edge) and the certificate's validation, read fresh from the edge on load and on 'Actualizar estado'.
 */
export function ProjectDomain({ uuid }: { uuid: string }) {
  const { data, error, isFetching, refetch } = useProjectDomain(uuid);
  return (
    <Flex direction="column" gap="small" data-testid="project-domain">
      <Flex gap="small" alignItems="center" wrap="wrap">
        {data ? (
          <Badge variation={BADGE[data.status]} data-testid="project-domain-status">
            {t.statuses[data.status]}
          </Badge>
        ) : null}
        <Button size="small" onClick={() => void refetch()} isLoading={isFetching} loadingText={t.refreshing}>
          {t.refresh}
        </Button>
      </Flex>
      <ServerErrors error={error} />
      {data && !data.domain ? <Text>{t.noDomain}</Text> : null}
      {data?.certificate_status ? (
        <Text>{`${t.certificate}: ${t.certificates[data.certificate_status] ?? data.certificate_status}`}</Text>
      ) : null}
      {data && data.dns_records.length > 0 ? (
        <Flex direction="column" gap="xxs">
          <Text fontWeight="bold">{t.records}</Text>
          {data.dns_records.map((record) => (
            <dl key={record.name} className="admin-detail-grid" data-testid="project-domain-record">
              <dt>{t.recordType}</dt>
              <dd>{record.type}</dd>
              <dt>{t.recordName}</dt>
              <dd style={{ overflowWrap: 'anywhere' }}>{record.name}</dd>
              <dt>{t.recordValue}</dt>
              <dd style={{ overflowWrap: 'anywhere' }}>{record.value}</dd>
            </dl>
          ))}
          <Text fontSize="small">{t.recordsHint}</Text>
        </Flex>
      ) : null}
      {data && data.validation.length > 0 ? (
        <Flex direction="column" gap="xxs">
          <Text fontWeight="bold">{t.validationTitle}</Text>
          <Text fontSize="small">{t.validationHint}</Text>
          {data.validation.map((v) => (
            <Text key={v.redirect_from} fontSize="small" style={{ overflowWrap: 'anywhere' }}>
              {`${v.redirect_from} → ${v.redirect_to}`}
            </Text>
          ))}
        </Flex>
      ) : null}
    </Flex>
  );
}
