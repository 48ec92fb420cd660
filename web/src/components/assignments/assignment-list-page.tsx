import { Flex } from '@aws-amplify/ui-react';
import { es } from '@shared/i18n/es';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { ListPage } from '@/components/admin/list-page';
import { Pager, PageSizeSelect } from '@/components/admin/pager';
import { pageCount, pageOffset } from '@/components/admin/pagination';
import { useListHash } from '@/components/admin/use-list-hash';
import { useSession } from '@/lib/session';
import { type AssignmentRowActions, AssignmentTable } from './assignment-table';
import { HierarchyFilters } from './hierarchy-filters';

const KEYS = ['search', 'project', 'group', 'society'] as const;

export interface ListQuery {
  enable: boolean;
  limit: number;
  offset: number;
  search?: string;
  project?: string;
  group?: string;
  society?: string;
}

/**
 * The report and accounting lists (portal §2): the active list and 'Reportes Inactivos', each paginated, with the
 * project › group › society filters and the search; state in '#{page}%{disabledPage}?search=&project=&group=&society=';
 * 'Mostrar' (5, 15, 30) only on page 1 of both lists and only when either has 5 or more rows.
 */
export function AssignmentListPage<T>({
  title,
  searchLabel,
  createTo,
  createLabel,
  useRows,
  headers,
  cells,
  actions,
  deleteTitle,
  deleteMessage,
}: {
  title: string;
  searchLabel: string;
  createTo?: string;
  createLabel?: string;
  useRows: (query: ListQuery) => UseQueryResult<{ count: number; results: T[] }>;
  headers: readonly string[];
  cells: (row: T) => ReactNode[];
  actions: (row: T) => AssignmentRowActions;
  deleteTitle: string;
  deleteMessage: string;
}) {
  const { profile } = useSession();
  const role = profile?.profile.user_role;
  const list = useListHash({ keys: KEYS, lists: 2 });
  const [activePage = 1, inactivePage = 1] = list.pages;
  const { search, project, group, society } = list.values;
  const filters = {
    ...(search && { search }),
    ...(project && { project }),
    ...(group && { group }),
    ...(society && { society }),
  };
  const active = useRows({
    enable: true,
    limit: list.pageSize,
    offset: pageOffset(activePage, list.pageSize),
    ...filters,
  });
  const inactive = useRows({
    enable: false,
    limit: list.pageSize,
    offset: pageOffset(inactivePage, list.pageSize),
    ...filters,
  });
  const reload = () => {
    void active.refetch();
    void inactive.refetch();
  };
  const firstPages = activePage === 1 && inactivePage === 1 ? 1 : 2;
  const largest = Math.max(active.data?.count ?? 0, inactive.data?.count ?? 0);
  const table = (query: typeof active, page: number, index: number, heading?: string) => (
    <Flex direction="column" gap="small">
      <AssignmentTable
        title={heading}
        testId={index === 0 ? 'active-list' : 'inactive-list'}
        headers={headers}
        rows={query.data?.results}
        cells={cells}
        actions={actions}
        loading={query.isFetching}
        deleteTitle={deleteTitle}
        deleteMessage={deleteMessage}
        onChanged={reload}
      />
      <Flex justifyContent="flex-end">
        <Pager
          page={page}
          pages={pageCount(query.data?.count ?? 0, list.pageSize)}
          onChange={(p) => list.setPage(p, index)}
        />
      </Flex>
    </Flex>
  );
  return (
    <ListPage
      title={title}
      search={search}
      onSearch={(text) => list.setFilters({ search: text })}
      searchLabel={searchLabel}
      createTo={createTo}
      createLabel={createLabel}
      filters={
        <HierarchyFilters
          role={role}
          values={{ project, group, society }}
          onChange={(changes, clear) => list.setFilters(changes, clear)}
        />
      }
    >
      <PageSizeSelect value={list.pageSize} onChange={list.setPageSize} page={firstPages} total={largest} />
      {table(active, activePage, 0)}
      {table(inactive, inactivePage, 1, es.assignmentsAdmin.inactive)}
    </ListPage>
  );
}
