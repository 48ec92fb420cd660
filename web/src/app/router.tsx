import { createBrowserRouter, type RouteObject } from 'react-router-dom';
import type { es } from '../../../shared/i18n/es';
import { PageLoader } from '../components/ui/page-loader';
import { AdminGuard, GuestOnly, RequireAuth } from './guards';
import { RootLayout } from './root-layout';

type PageKey = keyof typeof es.pages;

/** A page a later issue fills: one shared, lazily loaded empty state; its title comes from the route's handle. */
const pendingPage: RouteObject['lazy'] = async () => ({
  Component: (await import('../components/ui/pending-page')).PendingRoute,
});

/** The same empty state on a page of its own, for guest and public pages (no shell around them). */
const pendingStandalone: RouteObject['lazy'] = async () => ({
  Component: (await import('../components/ui/pending-page')).PendingStandaloneRoute,
});

const pending = (page: PageKey): Pick<RouteObject, 'handle' | 'lazy'> => ({ handle: { page }, lazy: pendingPage });
const pendingAlone = (page: PageKey): Pick<RouteObject, 'handle' | 'lazy'> => ({
  handle: { page },
  lazy: pendingStandalone,
});

const login: RouteObject['lazy'] = async () => ({
  Component: (await import('../features/auth/routes/login')).LoginRoute,
});

const notFound: RouteObject['lazy'] = async () => ({
  Component: (await import('../components/ui/not-found')).NotFound,
});

/** Admin route families (admin spec §2, portal spec §2); access per role comes from shared/roles.ts. */
const adminPages: RouteObject[] = [
  ['projects', 'adminProjects'],
  ['projects/create', 'adminProjectCreate'],
  ['projects/detail/:uuid', 'adminProjectDetail'],
  ['projects/edit/:uuid', 'adminProjectEdit'],
  ['group', 'adminGroups'],
  ['group/create', 'adminGroupCreate'],
  ['group/detail/:uuid', 'adminGroupDetail'],
  ['group/edit/:uuid', 'adminGroupEdit'],
  ['society', 'adminSocieties'],
  ['society/create', 'adminSocietyCreate'],
  ['society/detail/:uuid', 'adminSocietyDetail'],
  ['society/edit/:uuid', 'adminSocietyEdit'],
  ['users', 'adminUsers'],
  ['users/invite', 'adminUserInvite'],
  ['users/import', 'adminUserImport'],
  ['users/detail/:uuid', 'adminUserDetail'],
  ['users/edit/:uuid', 'adminUserEdit'],
  ['reports', 'adminReports'],
  ['reports/create', 'adminReportCreate'],
  ['reports/edit/:uuid', 'adminReportEdit'],
  ['reports/detail/:uuid', 'adminReportDetail'],
  ['accounting', 'adminAccounting'],
  ['accounting/create', 'adminAccountingCreate'],
  ['accounting/edit/:uuid', 'adminAccountingEdit'],
  ['accounting/detail/:uuid', 'adminAccountingDetail'],
  ['documents/:uuid', 'adminDocuments'],
  ['documents/:uuid/:project_uuid', 'adminTemplateFolders'],
].map(([path, key]) => ({ path: `admin/${path}`, ...pending(key as PageKey) }));

export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    HydrateFallback: PageLoader,
    children: [
      // Public.
      {
        path: 'health-check',
        lazy: async () => ({ Component: (await import('../features/health/routes/health-check')).HealthCheckRoute }),
      },
      { path: 'share/:token', ...pendingAlone('share') },
      // Guest only (a signed-in user goes to /home).
      {
        element: <GuestOnly />,
        children: [
          { index: true, lazy: login },
          { path: 'login', lazy: login },
          { path: 'admin', lazy: login },
          { path: 'forgottenPassword', ...pendingAlone('forgottenPassword') },
          { path: 'password_reset/:token', ...pendingAlone('passwordReset') },
          { path: 'SuccessEmail', ...pendingAlone('successEmail') },
          { path: 'SuccessResetPass', ...pendingAlone('successResetPass') },
          { path: 'successRegister', ...pendingAlone('successRegister') },
          { path: 'expiredToken', ...pendingAlone('expiredToken') },
          { path: 'register/:token', ...pendingAlone('register') },
        ],
      },
      // Signed in (a visitor goes to /).
      {
        element: <RequireAuth />,
        children: [
          {
            lazy: async () => ({ Component: (await import('../features/shell/routes/app-layout')).AppLayout }),
            children: [
              {
                path: 'home',
                lazy: async () => ({ Component: (await import('../features/home/routes/home')).HomeRoute }),
              },
              // Below 1024 px the chatbot route shows the chat, above it the home view (later issue).
              { path: 'chatbot', ...pending('chatbot') },
              { path: 'support', ...pending('support') },
              { path: 'userinfo', ...pending('userInfo') },
              { path: 'changePassword', ...pending('changePassword') },
              { path: 'reportView/:uuid', ...pending('reportView') },
              { path: 'accounting/:type/:uuid', ...pending('accounting') },
              { path: 'documents_user/:uuid', ...pending('documents') },
              { path: '*', lazy: notFound },
            ],
          },
          {
            lazy: async () => ({ Component: (await import('../features/shell/routes/admin-layout')).AdminLayout }),
            children: [
              {
                element: <AdminGuard />,
                children: [...adminPages, { path: 'admin/*', lazy: notFound }],
              },
            ],
          },
        ],
      },
    ],
  },
];

export const createRouter = () => createBrowserRouter(routes);
