import { createBrowserRouter, matchRoutes, type RouteObject } from 'react-router-dom';
import { PageLoader } from '@/components/ui/page-loader';
import { RouteError } from '@/components/ui/route-error';
import { setRoutePrefetcher } from '@/lib/route-prefetch';
import { AdminGuard, GuestOnly, RequireAuth } from './guards';
import { RootLayout } from './root-layout';

/** Pages whose render errors stay inside the shell (the menu remains) with a Spanish message and a way back. */
const guarded = (children: RouteObject[]): RouteObject[] => [{ ErrorBoundary: RouteError, children }];

/** A pathless layout that provides the query cache to its pages (app/query-layout.tsx). */
const withQueries = (children: RouteObject[]): RouteObject => ({
  lazy: async () => ({ Component: (await import('./query-layout')).QueryLayout }),
  children,
});

const login: RouteObject['lazy'] = async () => ({
  Component: (await import('@/features/auth/routes/login')).LoginRoute,
});

const notFound: RouteObject['lazy'] = async () => ({
  Component: (await import('@/components/ui/not-found')).NotFound,
});

/** Projects, society groups and societies (admin spec §2): lazy pages of features/projects, groups and societies. */
const hierarchyPages: RouteObject[] = [
  {
    path: 'admin/projects',
    handle: { page: 'adminProjects' },
    lazy: async () => ({ Component: (await import('@/features/projects/routes/projects-list')).ProjectsListRoute }),
  },
  {
    path: 'admin/projects/create',
    handle: { page: 'adminProjectCreate' },
    lazy: async () => ({ Component: (await import('@/features/projects/routes/project-create')).ProjectCreateRoute }),
  },
  {
    path: 'admin/projects/detail/:uuid',
    handle: { page: 'adminProjectDetail' },
    lazy: async () => ({ Component: (await import('@/features/projects/routes/project-detail')).ProjectDetailRoute }),
  },
  {
    path: 'admin/projects/edit/:uuid',
    handle: { page: 'adminProjectEdit' },
    lazy: async () => ({ Component: (await import('@/features/projects/routes/project-edit')).ProjectEditRoute }),
  },
  {
    path: 'admin/group',
    handle: { page: 'adminGroups' },
    lazy: async () => ({ Component: (await import('@/features/groups/routes/groups-list')).GroupsListRoute }),
  },
  {
    path: 'admin/group/create',
    handle: { page: 'adminGroupCreate' },
    lazy: async () => ({ Component: (await import('@/features/groups/routes/group-create')).GroupCreateRoute }),
  },
  {
    path: 'admin/group/detail/:uuid',
    handle: { page: 'adminGroupDetail' },
    lazy: async () => ({ Component: (await import('@/features/groups/routes/group-detail')).GroupDetailRoute }),
  },
  {
    path: 'admin/group/edit/:uuid',
    handle: { page: 'adminGroupEdit' },
    lazy: async () => ({ Component: (await import('@/features/groups/routes/group-edit')).GroupEditRoute }),
  },
  {
    path: 'admin/society',
    handle: { page: 'adminSocieties' },
    lazy: async () => ({ Component: (await import('@/features/societies/routes/societies-list')).SocietiesListRoute }),
  },
  {
    path: 'admin/society/create',
    handle: { page: 'adminSocietyCreate' },
    lazy: async () => ({ Component: (await import('@/features/societies/routes/society-create')).SocietyCreateRoute }),
  },
  {
    path: 'admin/society/detail/:uuid',
    handle: { page: 'adminSocietyDetail' },
    lazy: async () => ({ Component: (await import('@/features/societies/routes/society-detail')).SocietyDetailRoute }),
  },
  {
    path: 'admin/society/edit/:uuid',
    handle: { page: 'adminSocietyEdit' },
    lazy: async () => ({ Component: (await import('@/features/societies/routes/society-edit')).SocietyEditRoute }),
  },
];

/** Users, invitations and the CSV import (admin spec §2): lazy pages of features/users. */
const userPages: RouteObject[] = [
  {
    path: 'admin/users',
    handle: { page: 'adminUsers' },
    lazy: async () => ({ Component: (await import('@/features/users/routes/users-list')).UsersListRoute }),
  },
  {
    path: 'admin/users/invite',
    handle: { page: 'adminUserInvite' },
    lazy: async () => ({ Component: (await import('@/features/users/routes/user-invite')).UserInviteRoute }),
  },
  {
    path: 'admin/users/import',
    handle: { page: 'adminUserImport' },
    lazy: async () => ({ Component: (await import('@/features/users/routes/user-import')).UserImportRoute }),
  },
  {
    path: 'admin/users/detail/:uuid',
    handle: { page: 'adminUserDetail' },
    lazy: async () => ({ Component: (await import('@/features/users/routes/user-detail')).UserDetailRoute }),
  },
  {
    path: 'admin/users/edit/:uuid',
    handle: { page: 'adminUserEdit' },
    lazy: async () => ({ Component: (await import('@/features/users/routes/user-edit')).UserEditRoute }),
  },
];

/** Reports and accounting assignments: lazy pages of features/reports and features/accounting. */
const reportPages: RouteObject[] = [
  ['reports', 'adminReports', () => import('@/features/reports/routes/reports-list').then((m) => m.ReportsListRoute)],
  [
    'reports/create',
    'adminReportCreate',
    () => import('@/features/reports/routes/report-create').then((m) => m.ReportCreateRoute),
  ],
  [
    'reports/edit/:uuid',
    'adminReportEdit',
    () => import('@/features/reports/routes/report-edit').then((m) => m.ReportEditRoute),
  ],
  [
    'reports/detail/:uuid',
    'adminReportDetail',
    () => import('@/features/reports/routes/report-detail').then((m) => m.ReportDetailRoute),
  ],
  // SUPER_ADMIN's modules screen (shared/roles.ts: a path not in the table opens to SUPER_ADMIN only).
  ['modules', 'adminModules', () => import('@/features/reports/routes/modules-admin').then((m) => m.ModulesAdminRoute)],
  // SUPER_ADMIN's registry of embeddable dashboards (closed to other roles like the modules screen).
  [
    'dashboards',
    'adminDashboards',
    () => import('@/features/reports/routes/registry-admin').then((m) => m.RegistryAdminRoute),
  ],
  // The chatbot's articles: the shared ones (SUPER_ADMIN) and each firm's (its PROJECT_ADMINs).
  [
    'chatbot',
    'adminChatbot',
    () => import('@/features/chatbot-articles/routes/articles-admin').then((m) => m.ArticlesAdminRoute),
  ],
  [
    'accounting',
    'adminAccounting',
    () => import('@/features/accounting/routes/assignments-list').then((m) => m.AssignmentsListRoute),
  ],
  [
    'accounting/create',
    'adminAccountingCreate',
    () => import('@/features/accounting/routes/assignment-create').then((m) => m.AssignmentCreateRoute),
  ],
  [
    'accounting/edit/:uuid',
    'adminAccountingEdit',
    () => import('@/features/accounting/routes/assignment-edit').then((m) => m.AssignmentEditRoute),
  ],
  [
    'accounting/detail/:uuid',
    'adminAccountingDetail',
    () => import('@/features/accounting/routes/assignment-detail').then((m) => m.AssignmentDetailRoute),
  ],
].map(([path, page, load]) => ({
  path: `admin/${path as string}`,
  handle: { page },
  lazy: async () => ({ Component: await (load as () => Promise<React.ComponentType>)() }),
}));

/** The document manager and the template folders (portal §2): lazy pages of features/documents. */
const documentPages: RouteObject[] = [
  {
    path: 'admin/documents/:uuid',
    handle: { page: 'adminDocuments' },
    lazy: async () => ({
      Component: (await import('@/features/documents/routes/admin-documents')).AdminDocumentsRoute,
    }),
  },
  {
    path: 'admin/documents/:uuid/:project_uuid',
    handle: { page: 'adminTemplateFolders' },
    lazy: async () => ({
      Component: (await import('@/features/documents/routes/template-folders')).TemplateFoldersRoute,
    }),
  },
];

/** The tax calendar's rules and holidays of each year (SUPER_ADMIN: a path not in shared/roles.ts's table). */
const taxRulesPages: RouteObject[] = [
  {
    path: 'admin/tax-rules',
    handle: { page: 'adminTaxRules' },
    lazy: async () => ({
      Component: (await import('@/features/tax-calendar/routes/tax-rules-admin')).TaxRulesAdminRoute,
    }),
  },
];

/** Accounting ledger import: admins upload a society's chart and ledger. */
const accountingImportPages: RouteObject[] = [
  {
    path: 'admin/accounting/import',
    lazy: async () => ({
      Component: (await import('@/features/accounting/routes/ledger-import')).LedgerImportRoute,
    }),
  },
];

export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    HydrateFallback: PageLoader,
    ErrorBoundary: RouteError,
    children: [
      // Public.
      {
        path: 'health-check',
        lazy: async () => ({ Component: (await import('@/features/health/routes/health-check')).HealthCheckRoute }),
      },
      {
        path: 'share/:token',
        handle: { page: 'share' },
        lazy: async () => ({ Component: (await import('@/features/documents/routes/share-page')).SharePageRoute }),
      },
      withQueries([
        {
          path: 'email_confirm/:token',
          lazy: async () => ({
            Component: (await import('@/features/account/routes/confirm-email')).ConfirmEmailRoute,
          }),
        },
        // The document digest mail's unsubscribe link: signed in or not.
        {
          path: 'digest/unsubscribe/:token',
          lazy: async () => ({
            Component: (await import('@/features/account/routes/digest-unsubscribe')).DigestUnsubscribeRoute,
          }),
        },
        // The request reminder mail's unsubscribe link: signed in or not.
        {
          path: 'requests/reminders/unsubscribe/:token',
          lazy: async () => ({
            Component: (await import('@/features/account/routes/request-reminders-unsubscribe'))
              .RequestRemindersUnsubscribeRoute,
          }),
        },
        // The notice of new messages' unsubscribe link: signed in or not.
        {
          path: 'messages/notices/unsubscribe/:token',
          lazy: async () => ({
            Component: (await import('@/features/account/routes/message-notices-unsubscribe'))
              .MessageNoticesUnsubscribeRoute,
          }),
        },
      ]),
      // Guest only (a signed-in user goes to /home).
      {
        element: <GuestOnly />,
        children: [
          // The public landing; its 'Ingresar' leads to /login.
          withQueries([
            {
              index: true,
              lazy: async () => ({ Component: (await import('@/features/landing/routes/landing')).LandingRoute }),
            },
          ]),
          { path: 'login', lazy: login },
          { path: 'admin', lazy: login },
          withQueries([
            {
              path: 'forgottenPassword',
              lazy: async () => ({
                Component: (await import('@/features/account/routes/forgotten-password')).ForgottenPasswordRoute,
              }),
            },
            {
              path: 'password_reset/:token',
              lazy: async () => ({
                Component: (await import('@/features/account/routes/password-reset')).PasswordResetRoute,
              }),
            },
            {
              path: 'SuccessEmail',
              lazy: async () => ({ Component: (await import('@/features/account/routes/messages')).SuccessEmailRoute }),
            },
            {
              path: 'SuccessResetPass',
              lazy: async () => ({
                Component: (await import('@/features/account/routes/messages')).SuccessResetPassRoute,
              }),
            },
            {
              path: 'successRegister',
              lazy: async () => ({
                Component: (await import('@/features/account/routes/messages')).SuccessRegisterRoute,
              }),
            },
            {
              path: 'expiredToken',
              lazy: async () => ({ Component: (await import('@/features/account/routes/messages')).ExpiredTokenRoute }),
            },
            {
              path: 'register/:token',
              lazy: async () => ({ Component: (await import('@/features/account/routes/register')).RegisterRoute }),
            },
          ]),
        ],
      },
      // Signed in (a visitor goes to /).
      {
        element: <RequireAuth />,
        children: [
          withQueries([
            {
              lazy: async () => ({ Component: (await import('@/features/shell/routes/app-layout')).AppLayout }),
              children: guarded([
                {
                  path: 'home',
                  lazy: async () => ({ Component: (await import('@/features/home/routes/home')).HomeRoute }),
                },
                // Below 1024 px the chatbot route shows the chat, above it the home view.
                {
                  path: 'chatbot',
                  lazy: async () => ({ Component: (await import('@/features/support/routes/chatbot')).ChatbotRoute }),
                },
                {
                  path: 'support',
                  lazy: async () => ({ Component: (await import('@/features/support/routes/support')).SupportRoute }),
                },
                {
                  path: 'support/tickets',
                  lazy: async () => ({ Component: (await import('@/features/support/routes/tickets')).TicketsRoute }),
                },
                // A ticket's conversation (its sender and the admins in scope) and the caller's own tickets.
                {
                  path: 'support/tickets/:uuid',
                  lazy: async () => ({ Component: (await import('@/features/support/routes/ticket')).TicketRoute }),
                },
                {
                  path: 'support/mine',
                  lazy: async () => ({
                    Component: (await import('@/features/support/routes/my-tickets')).MyTicketsRoute,
                  }),
                },
                // A conversation per society: its threads, and a thread with its messages.
                {
                  path: 'messages',
                  lazy: async () => ({
                    Component: (await import('@/features/messages/routes/messages')).MessagesRoute,
                  }),
                },
                {
                  path: 'messages/thread/:uuid',
                  lazy: async () => ({ Component: (await import('@/features/messages/routes/thread')).ThreadRoute }),
                },
                {
                  path: 'userinfo',
                  lazy: async () => ({
                    Component: (await import('@/features/account/routes/user-info')).UserInfoRoute,
                  }),
                },
                {
                  path: 'changePassword',
                  lazy: async () => ({
                    Component: (await import('@/features/account/routes/change-password')).ChangePasswordRoute,
                  }),
                },
                {
                  path: 'reportView/:uuid',
                  handle: { page: 'reportView' },
                  lazy: async () => ({
                    Component: (await import('@/features/reports/routes/report-view')).ReportViewRoute,
                  }),
                },
                // Accounting statements: the viewer of the four statements.
                {
                  path: 'accounting/:type/:uuid',
                  lazy: async () => ({
                    Component: (await import('@/features/accounting/routes/statement-view')).StatementViewRoute,
                  }),
                },
                // The tax calendar of the caller's societies (read-only for clients, filings for the firm's admins).
                {
                  path: 'tax-calendar',
                  handle: { page: 'taxCalendar' },
                  lazy: async () => ({
                    Component: (await import('@/features/tax-calendar/routes/tax-calendar')).TaxCalendarRoute,
                  }),
                },
                // Document requests: the board (a client's own requests), a new one, a request, templates.
                {
                  path: 'requests',
                  lazy: async () => ({
                    Component: (await import('@/features/requests/routes/requests')).RequestsRoute,
                  }),
                },
                {
                  path: 'requests/new',
                  lazy: async () => ({
                    Component: (await import('@/features/requests/routes/request-new')).RequestNewRoute,
                  }),
                },
                {
                  path: 'requests/templates',
                  lazy: async () => ({
                    Component: (await import('@/features/requests/routes/request-templates')).RequestTemplatesRoute,
                  }),
                },
                {
                  path: 'requests/:uuid',
                  lazy: async () => ({
                    Component: (await import('@/features/requests/routes/request-detail')).RequestDetailRoute,
                  }),
                },
                {
                  path: 'documents_user/:uuid',
                  handle: { page: 'documents' },
                  lazy: async () => ({
                    Component: (await import('@/features/documents/routes/user-documents')).UserDocumentsRoute,
                  }),
                },
                { path: '*', handle: { notFound: true }, lazy: notFound },
              ]),
            },
            {
              lazy: async () => ({ Component: (await import('@/features/shell/routes/admin-layout')).AdminLayout }),
              children: [
                {
                  element: <AdminGuard />,
                  children: guarded([
                    ...hierarchyPages,
                    ...userPages,
                    ...reportPages,
                    ...documentPages,
                    ...accountingImportPages,
                    ...taxRulesPages,
                    { path: 'admin/*', handle: { notFound: true }, lazy: notFound },
                  ]),
                },
              ],
            },
          ]),
        ],
      },
    ],
  },
];

/** The code of every lazy route a path matches, loaded as the router would load it on navigation. */
async function prefetchPath(path: string): Promise<void> {
  const matches = matchRoutes(routes, path) ?? [];
  await Promise.all(matches.map(({ route }) => (typeof route.lazy === 'function' ? route.lazy() : undefined)));
}

export const createRouter = () => {
  setRoutePrefetcher(prefetchPath);
  return createBrowserRouter(routes);
};

/**
 * <html data-navigating> from the instant a navigation starts until the router has its page (React renders it later:
 * <html data-route>, root-layout.tsx): with both, a script driving the SPA knows a navigation has landed. Subscribed
 * after RouterProvider: the router hands its buffered first update to its first subscriber only.
 */
export function markNavigations(router: ReturnType<typeof createRouter>): () => void {
  return router.subscribe((state) => {
    document.documentElement.toggleAttribute('data-navigating', state.navigation.state !== 'idle');
  });
}
