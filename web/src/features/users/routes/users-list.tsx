import { Button, Flex, Heading, Text, View } from '@aws-amplify/ui-react';
import type { ResponseOf } from '@shared/contracts/define';
import type { listInvitations } from '@shared/contracts/registration';
import type { listUsers } from '@shared/contracts/users';
import { es } from '@shared/i18n/es';
import { useEffect, useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { AdminTable } from '@/components/admin/admin-table';
import { formatDateTime } from '@/components/admin/format';
import { ListPage } from '@/components/admin/list-page';
import { Pager, PageSizeSelect } from '@/components/admin/pager';
import { pageCount } from '@/components/admin/pagination';
import { StatusBadge } from '@/components/admin/status-badge';
import { useListHash } from '@/components/admin/use-list-hash';
import { AppIcon } from '@/components/ui/icons';
import { useDeleteUser } from '@/features/users/api/delete-user';
import { useInvitations } from '@/features/users/api/list-invitations';
import { useUsers } from '@/features/users/api/list-users';
import { useInvitationsSearch } from '@/features/users/api/search-invitations';
import { useUsersSearch } from '@/features/users/api/search-users';
import { useUpdateUser } from '@/features/users/api/update-user';
import { InvitationsTable } from '@/features/users/components/invitations-table';
import { UsersFiltersPanel } from '@/features/users/components/users-filters';
import { FILTER_DEPENDENTS, invitationsQuery, USERS_HASH_KEYS, usersQuery } from '@/features/users/lib/users-logic';
import { loaded } from '@/lib/loaded';
import { useSession } from '@/lib/session';

const t = es.usersAdmin;

type Named = { uuid: string } & Record<string, unknown>;
function companyOf(user: { project: Named[]; group: Named[]; society: Named[] }): string {
  const names = (list: Named[], field: string) => list.map((item) => String(item[field] ?? '')).filter(Boolean);
  const [first] = [
    names(user.society, 'society_business_name'),
    names(user.group, 'group_name'),
    names(user.project, 'project_name'),
  ].filter((list) => list.length > 0);
  return first?.join(', ') || es.adminUi.none;
}

type UsersPage = ResponseOf<typeof listUsers>;
type InvitationsPage = ResponseOf<typeof listInvitations>;

/** A page past the last one (after a delete, or a hand-written hash) moves back to the last. */
function useClampPage(page: number, total: number | undefined, size: number, onPage: (page: number) => void) {
  const pages = pageCount(total ?? 0, size);
  useEffect(() => {
    if (total !== undefined && pages > 0 && page > pages) onPage(pages);
  }, [total, pages, page, onPage]);
  return pages;
}

/**
 * /admin/users (admin-area §2): the 'Filtros' panel, search, Importar and Invitar; the users table and the pending
 * invitations, each with its own pager; state in '#userPage%invitationPage?search=&project=&group=&society=&ordering=&user_role='.
 */
export function UsersListRoute() {
  const remove = useDeleteUser();
  const update = useUpdateUser();
  const { profile } = useSession();
  const role = profile?.profile.user_role;
  const list = useListHash({ keys: USERS_HASH_KEYS, lists: 2 });
  const [userPage = 1, invitationPage = 1] = list.pages;
  const { values, pageSize } = list;
  const activeFilters = ['project', 'group', 'society', 'user_role', 'ordering'].some(
    (key) => values[key as keyof typeof values] !== '',
  );
  const [filtersOpen, setFiltersOpen] = useState(activeFilters);

  const users = usersQuery(values, userPage, pageSize);
  // Without a search the list endpoint answers, with one the search endpoint (admin-area §2).
  const listedUsers = useUsers(users.query, !users.searching);
  const foundUsers = useUsersSearch(users.query, users.searching);
  const usersLoad = loaded<UsersPage>(users.searching ? foundUsers : listedUsers);
  const invitations = invitationsQuery(values.search, invitationPage, pageSize);
  const listedInvitations = useInvitations(invitations.query, !invitations.searching);
  const foundInvitations = useInvitationsSearch(invitations.query, invitations.searching);
  const invitationsLoad = loaded<InvitationsPage>(invitations.searching ? foundInvitations : listedInvitations);

  const setUserPage = (page: number) => list.setPage(page, 0);
  const setInvitationPage = (page: number) => list.setPage(page, 1);
  const userPages = useClampPage(userPage, usersLoad.data?.count, pageSize, setUserPage);
  const invitationPages = useClampPage(invitationPage, invitationsLoad.data?.count, pageSize, setInvitationPage);

  return (
    <ListPage
      title={t.title}
      search={values.search}
      onSearch={(search) => list.setFilters({ search })}
      searchLabel={t.searchLabel}
      filters={
        <Button
          size="small"
          gap="xs"
          onClick={() => setFiltersOpen((open) => !open)}
          aria-expanded={filtersOpen}
          aria-controls="users-filters-panel"
        >
          {t.filters}
          <AppIcon name={filtersOpen ? 'expandLess' : 'expandMore'} />
        </Button>
      }
      toolbar={
        <>
          <Button as={RouterLink} to="/admin/users/import" size="small">
            {t.importButton}
          </Button>
          <Button as={RouterLink} to="/admin/users/invite" size="small" variation="primary">
            {t.inviteButton}
          </Button>
        </>
      }
    >
      {filtersOpen ? (
        <View id="users-filters-panel">
          <UsersFiltersPanel
            role={role}
            values={values}
            onChange={(key, value) => list.setFilters({ [key]: value }, FILTER_DEPENDENTS[key] ?? [])}
          />
        </View>
      ) : null}
      <PageSizeSelect
        value={pageSize}
        onChange={list.setPageSize}
        page={userPage === 1 && invitationPage === 1 ? 1 : 0}
        total={Math.max(usersLoad.data?.count ?? 0, invitationsLoad.data?.count ?? 0)}
      />
      <AdminTable
        label={t.listLabel}
        rows={usersLoad.data?.results}
        rowKey={(user) => user.uuid}
        loading={usersLoad.loading}
        onChanged={usersLoad.reload}
        emptyText={t.empty}
        columns={[
          {
            header: t.columns.user,
            cell: (user) => (
              <Flex direction="column" gap="0">
                <Text fontWeight="bold">{`${user.first_name} ${user.last_name}`.trim()}</Text>
                <Text fontSize="small" color="font.secondary">
                  {user.email}
                </Text>
              </Flex>
            ),
          },
          { header: t.columns.role, cell: (user) => es.roles[user.profile.user_role] },
          // The company the person works for: its societies, else its groups, else its projects.
          { header: t.columns.company, cell: (user) => companyOf(user) },
          // When the person last signed in ('Nunca' before the first time).
          { header: t.columns.lastLogin, cell: (user) => formatDateTime(user.last_login, t.neverSignedIn) },
          { header: t.columns.status, cell: (user) => <StatusBadge enabled={user.enable} /> },
        ]}
        actions={(user) => ({
          name: `${user.first_name} ${user.last_name}`.trim() || user.email,
          // Enabling and deleting act on the whole account: not offered for a person who also belongs elsewhere.
          toggle: user.account_in_scope
            ? {
                enabled: user.enable,
                run: () => update.mutateAsync({ uuid: user.uuid, body: { enable: !user.enable } }),
              }
            : undefined,
          editTo: `/admin/users/edit/${user.uuid}`,
          remove: user.account_in_scope
            ? {
                confirm: t.deleteConfirm(`${user.first_name} ${user.last_name}`.trim() || user.email),
                run: () => remove.mutateAsync(user.uuid),
              }
            : undefined,
          detailTo: `/admin/users/detail/${user.uuid}`,
        })}
      />
      <Pager
        page={userPage}
        pages={userPages}
        onChange={setUserPage}
        total={usersLoad.data?.count}
        pageSize={pageSize}
      />
      <Heading level={3} marginTop="medium">
        {t.invitations.title}
      </Heading>
      <InvitationsTable
        rows={invitationsLoad.data?.results}
        loading={invitationsLoad.loading}
        onChanged={invitationsLoad.reload}
      />
      <Pager
        page={invitationPage}
        pages={invitationPages}
        onChange={setInvitationPage}
        total={invitationsLoad.data?.count}
        pageSize={pageSize}
        label={t.invitations.pagination}
      />
    </ListPage>
  );
}
