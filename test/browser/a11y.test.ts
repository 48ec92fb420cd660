import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest';
import { canOpenAdminPath, ROLES, type Role } from '../../shared/roles';
import { inAppNavigator, seriousViolations, settled } from '../helpers/a11y';
import { launchBrowser, newPage, signInWithCookies } from '../helpers/browser';

/**
 * axe-core over every route of web/src/app/router.tsx, for each role that can reach it: no serious or
 * critical violation. The route list is read from router.tsx itself, so a route added there without a concrete URL
 * here fails the first test.
 */
const { webUrl, demo } = inject('portal');
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const EMAIL_OF: Record<Role, string> = {
  SUPER_ADMIN: 'superadmin@demo.cl',
  PROJECT_ADMIN: 'proyecto@demo.cl',
  GROUP_ADMIN: 'grupo@demo.cl',
  USER_GROUP: 'usuariogrupo@demo.cl',
  USER_SOCIETY: 'sociedad@demo.cl',
};

type Kind = 'visitor' | 'app' | 'admin';
const unknown = randomUUID();
const user = demo.users['sociedad@demo.cl'] as string;

/** Every route pattern of router.tsx → a concrete URL (demo ids where the page shows data) and who opens it. */
const ROUTES: Record<string, { url: string; kind: Kind }> = {
  '': { url: '/', kind: 'visitor' },
  'health-check': { url: '/health-check', kind: 'visitor' },
  'share/:token': { url: '/share/x', kind: 'visitor' },
  'email_confirm/:token': { url: `/email_confirm/${'x'.repeat(40)}`, kind: 'visitor' },
  login: { url: '/login', kind: 'visitor' },
  admin: { url: '/admin', kind: 'visitor' },
  forgottenPassword: { url: '/forgottenPassword', kind: 'visitor' },
  'password_reset/:token': { url: `/password_reset/${'x'.repeat(40)}`, kind: 'visitor' },
  SuccessEmail: { url: '/SuccessEmail', kind: 'visitor' },
  SuccessResetPass: { url: '/SuccessResetPass', kind: 'visitor' },
  successRegister: { url: '/successRegister', kind: 'visitor' },
  expiredToken: { url: '/expiredToken', kind: 'visitor' },
  'register/:token': { url: `/register/${'x'.repeat(40)}`, kind: 'visitor' },
  'digest/unsubscribe/:token': { url: `/digest/unsubscribe/${'x'.repeat(43)}`, kind: 'visitor' },
  home: { url: '/home', kind: 'app' },
  chatbot: { url: '/chatbot', kind: 'app' },
  support: { url: '/support', kind: 'app' },
  'support/tickets': { url: '/support/tickets', kind: 'app' },
  'support/tickets/:uuid': { url: `/support/tickets/${unknown}`, kind: 'app' },
  'support/mine': { url: '/support/mine', kind: 'app' },
  messages: { url: '/messages', kind: 'app' },
  'messages/thread/:uuid': { url: `/messages/thread/${unknown}`, kind: 'app' },
  userinfo: { url: '/userinfo', kind: 'app' },
  changePassword: { url: '/changePassword', kind: 'app' },
  'reportView/:uuid': { url: `/reportView/${unknown}`, kind: 'app' },
  'accounting/:type/:uuid': { url: `/accounting/1/${unknown}`, kind: 'app' },
  'documents_user/:uuid': { url: '/documents_user/root', kind: 'app' },
  'tax-calendar': { url: '/tax-calendar', kind: 'app' },
  requests: { url: '/requests', kind: 'app' },
  'requests/new': { url: '/requests/new', kind: 'app' },
  'requests/templates': { url: '/requests/templates', kind: 'app' },
  'requests/:uuid': { url: `/requests/${unknown}`, kind: 'app' },
  'requests/reminders/unsubscribe/:token': {
    url: `/requests/reminders/unsubscribe/${'x'.repeat(43)}`,
    kind: 'visitor',
  },
  'messages/notices/unsubscribe/:token': {
    url: `/messages/notices/unsubscribe/${'x'.repeat(43)}`,
    kind: 'visitor',
  },
  '*': { url: '/no-existe', kind: 'app' },
  'admin/projects': { url: '/admin/projects', kind: 'admin' },
  'admin/projects/create': { url: '/admin/projects/create', kind: 'admin' },
  'admin/projects/detail/:uuid': { url: `/admin/projects/detail/${demo.projects.andes}`, kind: 'admin' },
  'admin/projects/edit/:uuid': { url: `/admin/projects/edit/${demo.projects.andes}`, kind: 'admin' },
  'admin/group': { url: '/admin/group', kind: 'admin' },
  'admin/group/create': { url: '/admin/group/create', kind: 'admin' },
  'admin/group/detail/:uuid': { url: `/admin/group/detail/${demo.groups.norte}`, kind: 'admin' },
  'admin/group/edit/:uuid': { url: `/admin/group/edit/${demo.groups.norte}`, kind: 'admin' },
  'admin/society': { url: '/admin/society', kind: 'admin' },
  'admin/society/create': { url: '/admin/society/create', kind: 'admin' },
  'admin/society/detail/:uuid': { url: `/admin/society/detail/${demo.societies.minera}`, kind: 'admin' },
  'admin/society/edit/:uuid': { url: `/admin/society/edit/${demo.societies.minera}`, kind: 'admin' },
  'admin/users': { url: '/admin/users', kind: 'admin' },
  'admin/users/invite': { url: '/admin/users/invite', kind: 'admin' },
  'admin/users/import': { url: '/admin/users/import', kind: 'admin' },
  'admin/users/detail/:uuid': { url: `/admin/users/detail/${user}`, kind: 'admin' },
  'admin/users/edit/:uuid': { url: `/admin/users/edit/${user}`, kind: 'admin' },
  'admin/reports': { url: '/admin/reports', kind: 'admin' },
  'admin/reports/create': { url: '/admin/reports/create', kind: 'admin' },
  'admin/reports/edit/:uuid': { url: `/admin/reports/edit/${unknown}`, kind: 'admin' },
  'admin/reports/detail/:uuid': { url: `/admin/reports/detail/${unknown}`, kind: 'admin' },
  'admin/modules': { url: '/admin/modules', kind: 'admin' },
  'admin/tax-rules': { url: '/admin/tax-rules', kind: 'admin' },
  'admin/chatbot': { url: '/admin/chatbot', kind: 'admin' },
  'admin/accounting': { url: '/admin/accounting', kind: 'admin' },
  'admin/accounting/create': { url: '/admin/accounting/create', kind: 'admin' },
  'admin/accounting/edit/:uuid': { url: `/admin/accounting/edit/${unknown}`, kind: 'admin' },
  'admin/accounting/detail/:uuid': { url: `/admin/accounting/detail/${unknown}`, kind: 'admin' },
  'admin/accounting/import': { url: '/admin/accounting/import', kind: 'admin' },
  'admin/documents/:uuid': { url: '/admin/documents/root', kind: 'admin' },
  'admin/documents/:uuid/:project_uuid': { url: `/admin/documents/root/${demo.projects.andes}`, kind: 'admin' },
  'admin/*': { url: '/admin/no-existe', kind: 'admin' },
};

/** The route patterns router.tsx declares: `path: '…'` entries, the admin families' tuples, and the index route. */
function routerPatterns(): string[] {
  const source = readFileSync(join(import.meta.dirname, '..', '..', 'web', 'src', 'app', 'router.tsx'), 'utf8');
  const paths = [...source.matchAll(/path: '([^']+)'/g)].map((m) => m[1] as string);
  const families = [...source.matchAll(/\['([^']+)', 'admin\w+'\]/g)].map((m) => `admin/${m[1]}`);
  const index = source.includes('index: true') ? [''] : [];
  return [...new Set([...index, ...paths, ...families])].filter((p) => !p.includes('${'));
}

const urlsFor = (role: Role | 'visitor') =>
  Object.values(ROUTES)
    .filter((r) =>
      role === 'visitor'
        ? r.kind === 'visitor'
        : r.kind === 'app' || (r.kind === 'admin' && canOpenAdminPath(role, r.url)),
    )
    .map((r) => r.url);

test('every route of router.tsx has a URL in this check', () => {
  const missing = routerPatterns().filter((pattern) => !(pattern in ROUTES));
  expect(missing, 'add these routes to ROUTES in test/browser/a11y.test.ts').toEqual([]);
  expect(routerPatterns().length).toBeGreaterThan(40);
});

test('the check itself catches serious and critical violations', async () => {
  const { context, page } = await newPage(browser);
  try {
    await page.goto(`${webUrl}/health-check`);
    await page.getByText('The App is Healthy').waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await page.evaluate(() => {
      document.body.insertAdjacentHTML('beforeend', '<button></button><img src="x.png">');
    });
    const found = (await seriousViolations(page)).map((line) => line.split(' ')[0]);
    expect(found).toEqual(expect.arrayContaining(['button-name', 'image-alt']));
  } finally {
    await context.close();
  }
});

describe('axe: no serious or critical violation', () => {
  test.each(['visitor' as const, ...ROLES])(
    'every route a %s can open',
    async (role) => {
      // Contrast is judged on what a screen settles on: /home's promo line fades between texts, and axe landing
      // mid-fade (seen under heavy load) measures a half-transparent colour. Reduced motion removes the fade.
      const { context, page } = await newPage(browser, { reducedMotion: 'reduce' });
      const problems: string[] = [];
      const inApp = inAppNavigator(page);
      try {
        if (role !== 'visitor') await signInWithCookies(context, webUrl, EMAIL_OF[role]);
        for (const [index, url] of urlsFor(role).entries()) {
          // The first page loads the SPA; the others are the router's own navigations, as a click does (a reload per
          // page parsed the whole bundle again: most of this sweep's time).
          if (index === 0) await page.goto(`${webUrl}${url}`);
          else await inApp.go(url);
          // Under heavy load a page may still be fetching after settled()'s 15 s: axe then checks what is on screen,
          // and the log names the page (a full run met it for two roles; alone, the same pages settle).
          await (index === 0 ? settled(page) : inApp.settled()).catch((error: Error) =>
            console.warn(`a11y: ${url} had requests in flight after 15 s (${error.message.split('\n')[0]})`),
          );
          for (const line of await seriousViolations(page))
            problems.push(`${url} → ${new URL(page.url()).pathname}: ${line}`);
        }
      } finally {
        await context.close();
      }
      expect(problems).toEqual([]);
    },
    400_000,
  );
});
