import { Alert, Badge, Button, Flex, Heading, SelectField, Text } from '@aws-amplify/ui-react';
import { es } from '@shared/i18n/es';
import { ROLE_LABELS, type Role } from '@shared/roles';
import { useState } from 'react';
import { AdminTable } from '@/components/admin/admin-table';
import { DEFAULT_PAGE_SIZE } from '@/components/admin/constants';
import { ListFooter } from '@/components/admin/pager';
import { pageOffset } from '@/components/admin/pagination';
import { SearchBox } from '@/components/admin/search-box';
import { ServerErrors } from '@/components/admin/server-errors';
import { useReportAudience } from '@/features/reports/api/list-report-audience';
import { useSetReportReference } from '@/features/reports/api/put-report-reference';

const t = es.reportReferences;
type Filter = 'all' | 'visible' | 'hidden';
const fullName = (user: { first_name: string; last_name: string; email: string }) =>
  `${user.first_name} ${user.last_name}`.trim() || user.email;
const CANT_SEE: Record<Filter, boolean | undefined> = { all: undefined, visible: false, hidden: true };

/**
 * Report references on the report's detail page (the spec gives them no screen of their own): the users of
 * the admin's scope the report reaches, searched and paged on the server (there may be thousands), each with a button
 * that hides the report from that user only (cant_see) or shows it again. Only an admin of every target may change it.
 */
export function ReportAudience({ report, editable }: { report: string; editable: boolean }) {
  const [search, setSearch] = useState('');
  const [filter, setFilter] = useState<Filter>('all');
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState<number>(DEFAULT_PAGE_SIZE);
  const [done, setDone] = useState<string | null>(null);
  const { data, isFetching, error } = useReportAudience({
    reporte: report,
    search: search || undefined,
    cant_see: CANT_SEE[filter],
    offset: pageOffset(page, pageSize),
    limit: pageSize,
  });
  const change = useSetReportReference();
  const toggle = async (user: { uuid: string; cant_see: boolean }, name: string) => {
    setDone(null);
    await change.mutateAsync({ reporte: report, usuario: user.uuid, cant_see: !user.cant_see });
    setDone(user.cant_see ? t.shownDone(name) : t.hiddenDone(name));
  };
  return (
    <Flex
      as="section"
      direction="column"
      gap="small"
      paddingInline="large"
      paddingBottom="large"
      aria-labelledby="report-audience-title"
    >
      <Heading level={3} id="report-audience-title">
        {t.title}
      </Heading>
      <Text>{t.hint}</Text>
      {editable ? null : <Text color="font.tertiary">{t.readOnly}</Text>}
      <Flex gap="small" wrap="wrap" alignItems="flex-end">
        <SearchBox
          value={search}
          label={t.searchLabel}
          onSearch={(text) => {
            setSearch(text);
            setPage(1);
          }}
        />
        <SelectField
          label={t.filterLabel}
          size="small"
          value={filter}
          onChange={(event) => {
            setFilter(event.target.value as Filter);
            setPage(1);
          }}
        >
          <option value="all">{t.filters.all}</option>
          <option value="visible">{t.filters.visible}</option>
          <option value="hidden">{t.filters.hidden}</option>
        </SelectField>
      </Flex>
      {done ? (
        <Alert variation="success" role="status" isDismissible onDismiss={() => setDone(null)}>
          {done}
        </Alert>
      ) : null}
      {error ? <ServerErrors error={error} /> : null}
      {change.error ? <ServerErrors error={change.error} /> : null}
      <AdminTable
        label={t.tableLabel}
        rows={data?.results}
        rowKey={(user) => user.uuid}
        loading={isFetching}
        emptyText={search || filter !== 'all' ? t.noMatch : t.empty}
        columns={[
          { header: t.columns.name, cell: fullName },
          { header: t.columns.email, cell: (user) => user.email },
          { header: t.columns.role, cell: (user) => ROLE_LABELS[user.user_role as Role] ?? user.user_role },
          {
            header: t.columns.state,
            cell: (user) => (
              <Badge size="small" variation={user.cant_see ? 'warning' : 'success'}>
                {user.cant_see ? t.hidden : t.visible}
              </Badge>
            ),
          },
          {
            header: t.columns.action,
            cell: (user) => {
              const name = fullName(user);
              return (
                <Button
                  size="small"
                  isDisabled={!editable || change.isPending}
                  aria-label={user.cant_see ? t.showFor(name) : t.hideFor(name)}
                  onClick={() => toggle(user, name).catch(() => undefined)}
                >
                  {user.cant_see ? t.show : t.hide}
                </Button>
              );
            },
          },
        ]}
      />
      <ListFooter
        page={page}
        total={data?.count}
        pageSize={pageSize}
        onPage={setPage}
        onPageSize={(size) => {
          setPageSize(size);
          setPage(1);
        }}
      />
    </Flex>
  );
}
