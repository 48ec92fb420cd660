import { readFileSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest';
import { listSupportTickets } from '../../shared/contracts/external';
import { createRequest, listRequestTemplates } from '../../shared/contracts/requests';
import { canOpenAdminPath } from '../../shared/roles';
import { GUEST_ONLY_PATHS, PUBLIC_PATHS } from '../../web/src/app/guard-rules';
import { launchBrowser, newPage, signInWithCookies } from '../helpers/browser';

/**
 * Every screen a role may open is reachable by clicking from /home. The crawl starts at /home as each demo role and
 * follows only what a person can click: the links on the page (the sidebar's groups opened first) and the row menus
 * of lists ('Editar', 'Ver Detalle'). It explores each kind of screen once, then compares the screens it reached with
 * the router's routes that the role may open.
 */
const { webUrl } = inject('portal');
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/**
 * The router's paths, read from its source (web/src/app/router.tsx cannot be imported here: its modules need a
 * browser). The report pages are written there as [path, page, loader] under admin/.
 */
function routerPaths(): string[] {
  const source = readFileSync(new URL('../../web/src/app/router.tsx', import.meta.url), 'utf8');
  const direct = [...source.matchAll(/path: '([^'*]+)'/g)].map((m) => m[1] as string);
  const admin = [...source.matchAll(/\[\s*'([a-z/:]+)',\s*'admin\w+'/g)].map((m) => `admin/${m[1]}`);
  return [...direct, ...admin].map((path) => `/${path}`);
}

const ROUTES = routerPaths();
const guestOrPublic = new Set<string>([...GUEST_ONLY_PATHS, ...PUBLIC_PATHS, '/admin']);

/** The route a pathname belongs to: the most specific pattern (fewest parameters) that matches it. */
function patternOf(pathname: string): string | undefined {
  const path = pathname.replace(/\/+$/, '') || '/';
  const matching = ROUTES.filter((pattern) =>
    new RegExp(`^${pattern.replace(/:\w+/g, '[^/]+')}$`, 'i').test(path),
  ).sort((a, b) => (a.match(/:/g)?.length ?? 0) - (b.match(/:/g)?.length ?? 0));
  return matching[0];
}

/**
 * Screens a role may open but that no click leads to, by design, with why. Everything else the role may open must
 * be reached.
 */
const NOT_BY_CLICK: Record<string, string> = {
  '/email_confirm/:token': 'the link of the e-mail that confirms a changed address',
  // Below 1024 px the chat is its own page (the help menu's chatbot opens a panel on wider screens); the crawl runs
  // at desktop width.
  '/chatbot': 'the chat page of narrow screens',
};

/**
 * A ticket's conversation opens from a row of 'Mis tickets' or of the firm's tickets: the demo holds no ticket, so the
 * crawl reaches it only when another test has sent one (support-conversation.test.ts clicks to it).
 */
const TICKET_PAGE = '/support/tickets/:uuid';
/** A conversation thread opens from its society's list in 'Mensajes': the demo holds none (messages.test.ts clicks to one). */
const THREAD_PAGE = '/messages/thread/:uuid';
/** A request opens from a row of 'Solicitudes': the demo holds none (requests.test.ts clicks to one). */
const REQUEST_PAGE = '/requests/:uuid';

interface Expectation {
  email: string;
  role: string;
  /** Screens this role may open only with data the demo does not give it. */
  extraUnreached?: string[];
}

const ROLES: Expectation[] = [
  { email: 'superadmin@demo.cl', role: 'SUPER_ADMIN', extraUnreached: [TICKET_PAGE, THREAD_PAGE, REQUEST_PAGE] },
  // A project's template folders open from the project's level of the document manager, a folder row the crawl does
  // not click (it follows links and row menus; the test below clicks it); the super admin reaches them from the
  // project's detail.
  {
    email: 'proyecto@demo.cl',
    role: 'PROJECT_ADMIN',
    extraUnreached: ['/admin/documents/:uuid/:project_uuid', TICKET_PAGE, THREAD_PAGE, REQUEST_PAGE],
  },
  // The demo has no accounting assignment of the group admin's own making, the only kind it may edit; its template
  // folders: as the project admin's.
  {
    email: 'grupo@demo.cl',
    role: 'GROUP_ADMIN',
    extraUnreached: [
      '/admin/accounting/edit/:uuid',
      '/admin/documents/:uuid/:project_uuid',
      TICKET_PAGE,
      THREAD_PAGE,
      REQUEST_PAGE,
    ],
  },
  { email: 'usuariogrupo@demo.cl', role: 'USER_GROUP', extraUnreached: [TICKET_PAGE, THREAD_PAGE, REQUEST_PAGE] },
  { email: 'sociedad@demo.cl', role: 'USER_SOCIETY', extraUnreached: [TICKET_PAGE, THREAD_PAGE, REQUEST_PAGE] },
];

/** The signed-in screens a role may open: every protected route, the admin ones by the role's rules. */
function expectedFor(role: string): string[] {
  return ROUTES.filter((path) => !guestOrPublic.has(path) && !(path in NOT_BY_CLICK)).filter((path) => {
    if (ROLE_ONLY[path]) return ROLE_ONLY[path].includes(role);
    return path.startsWith('/admin/') ? canOpenAdminPath(role, path.replace(/:\w+/g, 'x')) : true;
  });
}

/** Screens that only some of the roles their route admits can use (their API admits only those). */
const ROLE_ONLY: Record<string, readonly string[]> = {
  '/support/tickets': listSupportTickets.access as readonly string[],
  // The super admin browses documents in the manager, /admin/documents (portal §2).
  '/documents_user/:uuid': ['PROJECT_ADMIN', 'GROUP_ADMIN', 'USER_GROUP', 'USER_SOCIETY'],
  // A new request and the templates are the firm's (their APIs admit its admins only).
  '/requests/new': createRequest.access as readonly string[],
  '/requests/templates': listRequestTemplates.access as readonly string[],
};

/** Waits until the page has drawn its data: a heading in the main area and no spinner or busy table left. */
async function settled(page: Page): Promise<void> {
  await page.locator('main :is(h1, h2):not([data-left])').first().waitFor();
  await expect.poll(() => page.locator('.amplify-loader, [aria-busy="true"]').count()).toBe(0);
}

/**
 * Returns to a screen the crawl reached by clicking, as the browser's Back would: inside the SPA, without loading the
 * page again.
 */
async function visit(page: Page, address: string): Promise<void> {
  if (new URL(page.url()).pathname + new URL(page.url()).search !== address) {
    await page.evaluate((to) => {
      // The screen left behind is marked, so 'settled' waits for the next one's heading, not this one's.
      for (const heading of document.querySelectorAll('main :is(h1, h2)')) heading.setAttribute('data-left', '');
      window.history.pushState(null, '', to);
      window.dispatchEvent(new PopStateEvent('popstate', { state: null }));
    }, address);
    await page.waitForURL((url) => url.pathname + url.search === address);
  }
  await settled(page);
}

/** Opens every closed group of the navigation (the sidebar's 'Mis reportes', 'Contabilidad', 'Módulos'). */
async function openMenus(page: Page): Promise<void> {
  for (const nav of await page.getByRole('navigation').all()) {
    for (const group of await nav.locator('button[aria-expanded="false"]').all()) {
      if (await group.isVisible()) await group.click();
    }
  }
}

/** The links a person sees (a closed drawer or menu shows none). */
function visibleLinks(page: Page): Promise<string[]> {
  return page
    .locator('a[href]')
    .evaluateAll((anchors) =>
      anchors.filter((a) => (a as HTMLElement).offsetParent !== null).map((a) => (a as HTMLAnchorElement).href),
    );
}

async function crawl(page: Page, exclude: (path: string) => boolean): Promise<Map<string, string>> {
  /** Each screen reached: its pattern and the first address it was reached at. */
  const reached = new Map<string, string>();
  const queue: string[] = [];
  const reach = (url: string) => {
    const { pathname, search, origin } = new URL(url, webUrl);
    if (origin !== new URL(webUrl).origin) return;
    const pattern = patternOf(pathname);
    if (!pattern || reached.has(pattern) || exclude(pattern)) return;
    reached.set(pattern, pathname + search);
    queue.push(pathname + search);
  };
  reach(`${webUrl}/home`);
  await page.goto(`${webUrl}/home`);
  while (queue.length > 0) {
    const address = queue.shift() as string;
    await visit(page, address);
    await openMenus(page);
    for (const href of await visibleLinks(page)) reach(href);
    // A list's row menus: what their 'Editar' and 'Ver Detalle' open (the first rows that offer them).
    const rowMenus = page.getByRole('button', { name: /^Acciones de / }).filter({ visible: true });
    for (const item of ['Editar', 'Ver Detalle']) {
      for (let row = 0; row < Math.min(5, await rowMenus.count()); row += 1) {
        await rowMenus.nth(row).click();
        const entry = page.getByRole('menuitem', { name: item, exact: true }).filter({ visible: true });
        if ((await entry.count()) === 0) {
          await page.keyboard.press('Escape');
          continue;
        }
        await entry.click();
        await page.waitForURL((url) => url.pathname !== address.split('?')[0]);
        reach(page.url());
        await page.goBack();
        await settled(page);
        break;
      }
    }
  }
  return reached;
}

describe('every screen a role may open is reachable by clicking from /home', () => {
  for (const { email, role, extraUnreached = [] } of ROLES) {
    test(role, { timeout: 240_000 }, async () => {
      const { context, page } = await newPage(browser, { viewport: { width: 1366, height: 900 } });
      try {
        await signInWithCookies(context, webUrl, email);
        const expected = expectedFor(role).filter((path) => !extraUnreached.includes(path));
        // Logging out is a click too, but it ends the crawl: the user menu's 'Cerrar sesión' is left alone.
        const reached = await crawl(page, (pattern) => guestOrPublic.has(pattern));
        const missing = expected.filter((path) => !reached.has(path));
        const forbidden = [...reached.keys()].filter((path) => !expectedFor(role).includes(path));
        expect({ missing, forbidden }).toEqual({ missing: [], forbidden: [] });
      } finally {
        await context.close();
      }
    });
  }
});

describe('what the crawl leaves to a person: a folder row of the document manager', () => {
  for (const email of ['proyecto@demo.cl', 'grupo@demo.cl']) {
    test(`${email} opens its project's template folders: Documentos, the project's row, 'Carpetas plantilla'`, async () => {
      const { context, page } = await newPage(browser, { viewport: { width: 1366, height: 900 } });
      try {
        await signInWithCookies(context, webUrl, email);
        await page.goto(`${webUrl}/home`);
        await page.getByRole('link', { name: 'Panel de administración' }).click();
        const adminMenu = page.getByRole('navigation', { name: 'Navegación de administración' });
        await adminMenu.getByRole('link', { name: 'Documentos', exact: true }).click();
        await page.waitForURL(/\/admin\/documents\/root$/);
        await page
          .getByTestId('document-browser')
          .getByRole('button', { name: /Contadores Andes/ })
          .first()
          .click();
        await page.getByRole('link', { name: 'Carpetas plantilla' }).click();
        await page.waitForURL(/\/admin\/documents\/root\/[0-9a-f-]{36}$/);
        expect(patternOf(new URL(page.url()).pathname)).toBe('/admin/documents/:uuid/:project_uuid');
        await page
          .getByRole('heading', { name: /plantilla/i })
          .first()
          .waitFor();
      } finally {
        await context.close();
      }
    });
  }
});
