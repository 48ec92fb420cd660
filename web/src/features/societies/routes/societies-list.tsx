import { Badge, Button, Flex, Text } from '@aws-amplify/ui-react';
import { createIndustry } from '@shared/contracts/societies';
import { es } from '@shared/i18n/es';
import { formatRut } from '@shared/rut';
import { useState } from 'react';
import { AdminTable } from '@/components/admin/admin-table';
import { FilterPicker } from '@/components/admin/filter-picker';
import { ListPage } from '@/components/admin/list-page';
import { ListFooter } from '@/components/admin/pager';
import { pageOffset } from '@/components/admin/pagination';
import { mayCall, roleScope } from '@/components/admin/role-scope';
import { StatusBadge } from '@/components/admin/status-badge';
import { useListHash } from '@/components/admin/use-list-hash';
import { useDeleteSociety } from '@/features/societies/api/delete-society';
import { useSocieties } from '@/features/societies/api/list-societies';
import { useUpdateSociety } from '@/features/societies/api/update-society';
import { groupPickerSource, projectPickerSource } from '@/features/societies/api/use-society-options';
import { IndustriesManager } from '@/features/societies/components/industries-manager';
import { SOCIETY_LIST_KEYS, societyListDefaults } from '@/features/societies/components/list-path';
import { useSession } from '@/lib/session';

const t = es.societiesAdmin;

/**
 * /admin/society (admin-area §2): SUPER_ADMIN filters by project and group (a new project clears the group),
 * PROJECT_ADMIN by group only, GROUP_ADMIN not at all; search, + Crear; state in '#page?search=&project=&group='.
 * SUPER_ADMIN also manages the industries here.
 */
export function SocietiesListRoute() {
  const remove = useDeleteSociety();
  const update = useUpdateSociety();
  const { profile } = useSession();
  const role = profile?.profile.user_role;
  const scope = roleScope(role);
  const list = useListHash({ keys: SOCIETY_LIST_KEYS, defaults: societyListDefaults(role, profile) });
  const { search, project, group } = list.values;
  const [industriesOpen, setIndustriesOpen] = useState(false);
  const query = {
    limit: list.pageSize,
    offset: pageOffset(list.page, list.pageSize),
    ...(search && { societySearch: search }),
    ...(project && { project }),
    ...(group && { group }),
  };
  const { data, isFetching: loading, refetch } = useSocieties(query);
  const reload = () => void refetch();

  const filters = (
    <>
      {scope.projects ? (
        <FilterPicker
          label={t.projectFilter}
          allLabel={t.allProjects}
          source={projectPickerSource(scope.projects)}
          value={project}
          onChange={(value) => list.setFilters({ project: value }, ['group'])}
          testId="project-filter"
        />
      ) : null}
      {scope.groups ? (
        <FilterPicker
          label={t.groupFilter}
          allLabel={t.allGroups}
          source={groupPickerSource(project, scope.groups)}
          value={group}
          onChange={(value) => list.setFilters({ group: value })}
          testId="group-filter"
        />
      ) : null}
    </>
  );

  return (
    <ListPage
      title={t.title}
      search={search}
      onSearch={(text) => list.setFilters({ search: text })}
      searchLabel={t.searchLabel}
      createTo="/admin/society/create"
      filters={filters}
      toolbar={
        mayCall(createIndustry, role) ? (
          <Button size="small" onClick={() => setIndustriesOpen(true)}>
            {es.industriesAdmin.open}
          </Button>
        ) : null
      }
    >
      <AdminTable
        label={t.title}
        rows={data?.results}
        rowKey={(society) => society.uuid}
        loading={loading}
        onChanged={reload}
        columns={[
          {
            header: t.columns.name,
            cell: (society) => (
              <Flex gap="xs" alignItems="center">
                <Text fontWeight="bold">{society.society_business_name}</Text>
                {society.enable ? null : <StatusBadge enabled={false} />}
              </Flex>
            ),
          },
          { header: t.columns.rut, cell: (society) => formatRut(society.society_rut, es.adminUi.none) },
          {
            header: t.columns.project,
            cell: (society) => <Badge size="small">{society.project.project_name}</Badge>,
          },
        ]}
        actions={(society) => ({
          name: society.society_business_name,
          toggle: {
            enabled: society.enable,
            run: () => update.mutateAsync({ uuid: society.uuid, body: { enable: !society.enable } }),
          },
          editTo: `/admin/society/edit/${society.uuid}`,
          remove: {
            confirm: t.deleteConfirm(society.society_business_name),
            run: () => remove.mutateAsync(society.uuid),
          },
          detailTo: `/admin/society/detail/${society.uuid}`,
        })}
      />
      <ListFooter
        page={list.page}
        total={data?.count}
        pageSize={list.pageSize}
        onPage={list.setPage}
        onPageSize={list.setPageSize}
      />
      {mayCall(createIndustry, role) ? (
        <IndustriesManager open={industriesOpen} onClose={() => setIndustriesOpen(false)} />
      ) : null}
    </ListPage>
  );
}
