import { Badge, Button, Flex, Text } from '@aws-amplify/ui-react';
import { es } from '@shared/i18n/es';
import { ServerErrors } from '@/components/admin/server-errors';
import { useProjectDomain } from '@/features/projects/api/get-project-domain';

const t = es.projectsAdmin.domain;
const m = es.mailDomain;

const BADGE = {
  none: undefined,
  provisioning: 'info',
  pending: 'warning',
  active: 'success',
  failed: 'error',
  in_use: 'error',
  unavailable: undefined,
} as const;

/** DNS records as the firm's DNS person copies them: type, name and value. */
function RecordList({
  records,
  testId,
}: {
  records: Array<{ type: string; name: string; value: string }>;
  testId: string;
}) {
  return records.map((record) => (
    <dl key={record.name} className="admin-detail-grid" data-testid={testId}>
      <dt>{t.recordType}</dt>
      <dd>{record.type}</dd>
      <dt>{t.recordName}</dt>
      <dd style={{ overflowWrap: 'anywhere' }}>{record.name}</dd>
      <dt>{t.recordValue}</dt>
      <dd style={{ overflowWrap: 'anywhere' }}>{record.value}</dd>
    </dl>
  ));
}

/**
 * The firm's own domain on the project detail: its status, the DNS record the firm must create (a CNAME to the
 * portal's edge) and the certificate's validation, then its mail domain's DKIM records and status, read fresh from the
 * edge and SES on load and on 'Actualizar estado'.
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
          <RecordList records={data.dns_records} testId="project-domain-record" />
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
      {data?.mail_domain ? (
        <Flex direction="column" gap="xxs" data-testid="project-mail-domain">
          <Text fontWeight="bold">{m.title}</Text>
          <Flex gap="small" alignItems="center" wrap="wrap">
            <Badge
              variation={data.mail_domain.status === 'VERIFIED' ? 'success' : 'warning'}
              data-testid="project-mail-domain-status"
            >
              {m.status[data.mail_domain.status]}
            </Badge>
          </Flex>
          <Text fontSize="small">{m.intro}</Text>
          <RecordList records={data.mail_domain.dns_records} testId="project-mail-domain-record" />
          <Text fontSize="small">{data.mail_domain.sender ? m.sender(data.mail_domain.sender) : m.noSender}</Text>
        </Flex>
      ) : null}
    </Flex>
  );
}
