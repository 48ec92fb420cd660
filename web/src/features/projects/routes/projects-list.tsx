import { Text } from '@aws-amplify/ui-react';
import { es } from '@shared/i18n/es';
import { AdminTable } from '@/components/admin/admin-table';
import { formatDate } from '@/components/admin/format';
import { ListPage } from '@/components/admin/list-page';
import { ListFooter } from '@/components/admin/pager';
import { pageOffset } from '@/components/admin/pagination';
import { StatusBadge } from '@/components/admin/status-badge';
import { useListHash } from '@/components/admin/use-list-hash';
import { useDeleteProject } from '@/features/projects/api/delete-project';
import { useProjects } from '@/features/projects/api/list-projects';
import { useUpdateProject } from '@/features/projects/api/update-project';

const t = es.projectsAdmin;
const KEYS = ['search'] as const;

/** /admin/projects (admin-area §2): search, + Crear, the table, pager and page size; state in '#page?search='. */
export function ProjectsListRoute() {
  const remove = useDeleteProject();
  const update = useUpdateProject();
  const list = useListHash({ keys: KEYS });
  const query = {
    limit: list.pageSize,
    offset: pageOffset(list.page, list.pageSize),
    ...(list.values.search && { search: list.values.search }),
  };
  const { data, isFetching: loading, refetch } = useProjects(query);
  const reload = () => void refetch();

  return (
    <ListPage
      title={t.title}
      search={list.values.search}
      onSearch={(search) => list.setFilters({ search })}
      searchLabel={t.searchLabel}
      createTo="/admin/projects/create"
    >
      <AdminTable
        label={t.title}
        rows={data?.results}
        rowKey={(project) => project.uuid}
        loading={loading}
        onChanged={reload}
        columns={[
          { header: t.columns.name, cell: (project) => <Text fontWeight="bold">{project.project_name}</Text> },
          { header: t.columns.admins, cell: (project) => project.admin_quantity },
          { header: t.columns.created, cell: (project) => formatDate(project.created) },
          { header: t.columns.status, cell: (project) => <StatusBadge enabled={project.enable} /> },
        ]}
        actions={(project) => ({
          name: project.project_name,
          toggle: {
            enabled: project.enable,
            run: () => update.mutateAsync({ uuid: project.uuid, body: { enable: !project.enable } }),
          },
          editTo: `/admin/projects/edit/${project.uuid}`,
          remove: {
            confirm: t.deleteConfirm(project.project_name),
            typeToConfirm: project.project_name,
            run: () => remove.mutateAsync(project.uuid),
          },
          detailTo: `/admin/projects/detail/${project.uuid}`,
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
