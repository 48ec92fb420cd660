import { Badge, Flex, SelectField, Text } from '@aws-amplify/ui-react';
import { es } from '@shared/i18n/es';
import { AdminTable } from '@/components/admin/admin-table';
import { FilterPicker } from '@/components/admin/filter-picker';
import { ListPage } from '@/components/admin/list-page';
import { ListFooter } from '@/components/admin/pager';
import { pageOffset } from '@/components/admin/pagination';
import { roleScope } from '@/components/admin/role-scope';
import { StatusBadge } from '@/components/admin/status-badge';
import { storedSelection } from '@/components/admin/stored-selection';
import { useListHash } from '@/components/admin/use-list-hash';
import { useDeleteGroup } from '@/features/groups/api/delete-group';
import { useGroups } from '@/features/groups/api/list-groups';
import { useUpdateGroup } from '@/features/groups/api/update-group';
import { projectPickerSource } from '@/features/groups/api/use-group-pickers';
import { useSession } from '@/lib/session';

const t = es.groupsAdmin;
const KEYS = ['search', 'project', 'ordering'] as const;
const ORDERINGS = ['', 'group_name', 'enabled'] as const;
type Ordering = (typeof ORDERINGS)[number];

const isOrdering = (value: string): value is Exclude<Ordering, ''> =>
  (ORDERINGS as readonly string[]).includes(value) && value !== '';

/**
 * /admin/group (admin-area §2): project filter (SUPER_ADMIN), ordering, search, + Crear; state in
 * '#page?search=&project=&ordering='. Non-super-admins arrive with '#1?search=&project={stored project}&ordering='.
 */
export function GroupsListRoute() {
  const remove = useDeleteGroup();
  const update = useUpdateGroup();
  const { profile } = useSession();
  const scope = roleScope(profile?.profile.user_role);
  const list = useListHash({
    keys: KEYS,
    defaults: scope.projects ? {} : { project: storedSelection('project', profile) },
  });
  const { search, project, ordering } = list.values;
  const query = {
    limit: list.pageSize,
    offset: pageOffset(list.page, list.pageSize),
    ...(search && { search }),
    ...(project && { project }),
    ...(isOrdering(ordering) && { ordering }),
  };
  const { data, isFetching: loading, refetch } = useGroups(query);
  const reload = () => void refetch();

  const filters = (
    <>
      {scope.projects ? (
        <FilterPicker
          label={t.projectFilter}
          allLabel={t.allProjects}
          source={projectPickerSource(scope.projects)}
          value={project}
          onChange={(value) => list.setFilters({ project: value })}
          testId="project-filter"
        />
      ) : null}
      <SelectField
        label={t.ordering}
        size="small"
        value={isOrdering(ordering) ? ordering : ''}
        onChange={(event) => list.setFilters({ ordering: event.target.value })}
      >
        {ORDERINGS.map((value) => (
          <option key={value} value={value}>
            {t.orderings[value]}
          </option>
        ))}
      </SelectField>
    </>
  );

  return (
    <ListPage
      title={t.title}
      search={search}
      onSearch={(text) => list.setFilters({ search: text })}
      searchLabel={t.searchLabel}
      createTo="/admin/group/create"
      filters={filters}
    >
      <AdminTable
        label={t.title}
        rows={data?.results}
        rowKey={(group) => group.uuid}
        loading={loading}
        onChanged={reload}
        columns={[
          {
            header: t.columns.name,
            cell: (group) => (
              <Flex direction="column" gap="xxxs">
                <Flex gap="xs" alignItems="center">
                  <Text fontWeight="bold">{group.group_name}</Text>
                  {group.enable ? null : <StatusBadge enabled={false} />}
                </Flex>
                <Text fontSize="small" color="font.tertiary">
                  {t.adminCount(group.admin_quantity)}
                </Text>
              </Flex>
            ),
          },
          { header: t.columns.project, cell: (group) => <Badge size="small">{group.project.project_name}</Badge> },
          { header: t.columns.users, cell: (group) => group.user_quantity },
          { header: t.columns.societies, cell: (group) => group.society_quantity },
        ]}
        actions={(group) => ({
          name: group.group_name,
          toggle: {
            enabled: group.enable,
            run: () => update.mutateAsync({ uuid: group.uuid, body: { enable: !group.enable } }),
          },
          editTo: `/admin/group/edit/${group.uuid}`,
          remove: { confirm: t.deleteConfirm(group.group_name), run: () => remove.mutateAsync(group.uuid) },
          detailTo: `/admin/group/detail/${group.uuid}`,
        })}
      />
      <ListFooter
        page={list.page}
        total={data?.count}
        pageSize={list.pageSize}
        onPage={list.setPage}
        onPageSize={list.setPageSize}
      />
    </ListPage>
  );
}
