import '../requests.css';
import { Alert, Button, Flex, Heading, Link, Loader, SelectField, Text } from '@aws-amplify/ui-react';
import { REQUEST_BOARD_STATES } from '@shared/contracts/requests';
import { es } from '@shared/i18n/es';
import { Link as RouterLink, useLocation, useSearchParams } from 'react-router-dom';
import { roleScope } from '@/components/admin/role-scope';
import { useMyProjects } from '@/lib/api/list-my-projects';
import { useSession } from '@/lib/session';
import { useRequestTemplates } from '../api/list-request-templates';
import { type RequestFilters, useRequests } from '../api/list-requests';
import { type BoardFilter, BoardFilters } from '../components/board-filters';
import { RequestRows } from '../components/request-rows';
import { isAdmin } from '../lib/states';

const t = es.requestScreens;
const FILTERS = ['project', 'group', 'society', 'template', 'period'] as const;
type View = (typeof REQUEST_BOARD_STATES)[number];

/**
 * /requests ('Solicitudes'): for the firm's admins, the board of the requests in their scope by view (open, due,
 * partly delivered, overdue, complete, cancelled) with filters; for client users, their societies' requests, the open
 * ones first. The view and filters live in the address, so a request opened and left comes back to the same list.
 */
export function RequestsRoute() {
  const { profile } = useSession();
  const role = profile?.profile.user_role;
  const admin = isAdmin(role);
  const [search, setSearch] = useSearchParams();
  // The new request's form comes back here saying how many it made.
  const created = (useLocation().state as { created?: number } | null)?.created;
  const stateParam = search.get('state') ?? 'OPEN';
  const view: View = (REQUEST_BOARD_STATES as readonly string[]).includes(stateParam) ? (stateParam as View) : 'OPEN';
  const projects = useMyProjects(admin);
  const firstProject = projects.data?.[0]?.uuid ?? '';
  // The super admin's board is one project's, its first until it picks another; the others' scope is their own.
  const superAdmin = roleScope(role).projects;
  const values: BoardFilter = {
    project: search.get('project') ?? (superAdmin ? firstProject : ''),
    group: search.get('group') ?? '',
    society: search.get('society') ?? '',
    template: search.get('template') ?? '',
    period: search.get('period') ?? '',
  };
  // The template filter lists the templates of the project the board shows.
  const templates = useRequestTemplates(values.project || firstProject || undefined, admin);
  const filters: RequestFilters = { state: view };
  if (admin) for (const name of FILTERS) if (values[name]) filters[name] = values[name];
  const requests = useRequests(filters, 25, Boolean(profile) && (!admin || !projects.isPending));
  const rows = requests.data?.pages.flatMap((page) => page.results) ?? [];

  const change = (changes: Partial<BoardFilter & { state: string }>) => {
    const next = new URLSearchParams(search);
    for (const [name, value] of Object.entries(changes)) {
      if (value) next.set(name, value);
      else next.delete(name);
    }
    setSearch(next, { replace: true });
  };

  return (
    <Flex direction="column" gap="medium" padding="medium" maxWidth="70rem">
      <Heading level={1}>{t.title}</Heading>
      <Text>{admin ? t.introAdmin : t.introClient}</Text>
      {created ? (
        <Alert variation="success" role="status">
          {t.form.created(created)}
        </Alert>
      ) : null}
      {admin ? (
        <Flex gap="medium" wrap="wrap">
          <Button as={RouterLink} to="/requests/new" variation="primary">
            {t.newRequest}
          </Button>
          <Link as={RouterLink} to="/requests/templates" alignSelf="center">
            {t.templatesLink}
          </Link>
        </Flex>
      ) : null}
      <SelectField
        label={t.view}
        value={view}
        onChange={(event) => change({ state: event.target.value === 'OPEN' ? '' : event.target.value })}
        width="22rem"
        maxWidth="100%"
      >
        {REQUEST_BOARD_STATES.map((state) => (
          <option key={state} value={state}>
            {t.views[state]}
          </option>
        ))}
      </SelectField>
      {admin ? (
        <section aria-labelledby="requests-filters">
          <Heading level={2} id="requests-filters" fontSize="large" marginBottom="xs">
            {t.filters.title}
          </Heading>
          <BoardFilters role={role} values={values} templates={templates.data ?? []} onChange={change} />
        </section>
      ) : null}
      <Heading level={2} fontSize="large">
        {t.views[view]}
      </Heading>
      {requests.isPending && requests.fetchStatus !== 'idle' ? <Loader /> : null}
      {requests.isError ? <Alert variation="error">{t.loadError}</Alert> : null}
      {requests.isSuccess && rows.length === 0 ? <Text>{view === 'OPEN' && !admin ? t.noneOpen : t.none}</Text> : null}
      {rows.length > 0 ? <RequestRows rows={rows} /> : null}
      {requests.hasNextPage ? (
        <Button alignSelf="start" isLoading={requests.isFetchingNextPage} onClick={() => requests.fetchNextPage()}>
          {t.more}
        </Button>
      ) : null}
    </Flex>
  );
}
