import { AxeBuilder } from '@axe-core/playwright';
import axe, { type AxeResults } from 'axe-core';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { BROWSER_WAIT_MS, landed, screenshot } from './browser';

/** What the browser tests refuse: any axe violation of serious or critical impact. */
const BLOCKING = new Set(['serious', 'critical']);

/** The serious and critical axe violations on the page as it is now, one line per rule with its first targets. */
export async function seriousViolations(page: Page): Promise<string[]> {
  const violations = page.frames().every((frame) => sameOrigin(frame.url(), page.url()))
    ? await axeInPage(page)
    : (await new AxeBuilder({ page }).analyze()).violations;
  return violations
    .filter((v) => BLOCKING.has(v.impact ?? ''))
    .map(
      (v) =>
        `${v.id} (${v.impact}) ×${v.nodes.length}: ${v.nodes
          .slice(0, 3)
          .map((n) => n.target.join(' '))
          .join(' | ')}`,
    );
}

/**
 * One axe.run in the page, axe put there once per document. AxeBuilder evaluates axe's 1.5 MB source again on every
 * call, and its run in a blank page it opens is there for cross-origin frames: for a page whose frames are all of its
 * own origin (every SPA screen but an embedded report) the results are the same in a third of the time. Only
 * violations are asked for: the passes' node lists are most of a run's work.
 */
async function axeInPage(page: Page): Promise<AxeResults['violations']> {
  // A dialog or a button still fading in would be measured half transparent: the running finite animations end
  // first. A page whose animation runs on and on (a long or restarted one) is checked after 2 s all the same.
  await page.evaluate(() =>
    Promise.race([
      Promise.all(
        document
          .getAnimations()
          .filter(
            (animation) =>
              animation.playState === 'running' &&
              animation.effect?.getComputedTiming().iterations !== Number.POSITIVE_INFINITY,
          )
          .map((animation) => animation.finished.catch(() => undefined)),
      ),
      new Promise((settle) => setTimeout(settle, 2000)),
    ]),
  );
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axe.source);
  return page.evaluate(
    async () =>
      (await (window as unknown as { axe: typeof axe }).axe.run(document, { resultTypes: ['violations'] })).violations,
  );
}

const sameOrigin = (url: string, pageUrl: string) =>
  url === 'about:blank' || url === '' || new URL(url).origin === new URL(pageUrl).origin;

/**
 * Waits until the page has settled: no navigation, read or write of the SPA in flight (<html data-navigating> and
 * <html data-fetching>, which the SPA keeps) and no loading screen or spinner left. Playwright's 'networkidle' (no
 * request for 500 ms) was the rule before: on two busy cores a page's polls and images kept it from coming.
 */
export async function settled(page: Page): Promise<void> {
  await page.waitForLoadState('load');
  await page.waitForFunction(
    () =>
      !document.documentElement.hasAttribute('data-navigating') &&
      !document.documentElement.hasAttribute('data-fetching'),
  );
  await page
    .locator('.amplify-loader, .portal-welcome')
    .first()
    .waitFor({ state: 'detached', timeout: 3000 })
    .catch(() => undefined);
}

/**
 * In-app navigation and its settling, for sweeps that visit many pages: Playwright's 'networkidle' belongs to the
 * document's load and, once reached, is not reached again when the router changes page. `go` asks the SPA's router
 * for a path (history and a popstate, which the router listens to); `settled` waits until the navigation has landed
 * (`landed`: the SPA's `<html data-navigating>` and `<html data-route>`), then for no request in flight for `quietMs` since the navigation (Playwright's
 * rule for 'networkidle', with a shorter window: a page's chunk and queries start as it mounts), and no loading screen.
 */
export function inAppNavigator(page: Page) {
  let inFlight = 0;
  let changedAt = Date.now();
  const change = (step: number) => {
    inFlight += step;
    changedAt = Date.now();
  };
  page.on('request', () => change(1));
  page.on('requestfinished', () => change(-1));
  page.on('requestfailed', () => change(-1));
  return {
    async go(path: string): Promise<void> {
      changedAt = Date.now();
      await page.evaluate((to) => {
        window.history.pushState(null, '', to);
        window.dispatchEvent(new PopStateEvent('popstate'));
      }, path);
    },
    async settled({ quietMs = 250, timeoutMs = BROWSER_WAIT_MS } = {}): Promise<void> {
      const start = Date.now();
      await landed(page, timeoutMs);
      // Polled, as Playwright polls for 'networkidle'; the events above keep the count.
      while (inFlight > 0 || Date.now() - changedAt < quietMs) {
        if (Date.now() - start > timeoutMs)
          throw new Error(`${inFlight} requests still in flight after ${timeoutMs} ms`);
        await page.waitForTimeout(50);
      }
      await page
        .locator('.amplify-loader, .portal-welcome')
        .first()
        .waitFor({ state: 'detached', timeout: 3000 })
        .catch(() => undefined);
    },
  };
}

/** How far the page is wider than its window (0 when nothing sticks out sideways). */
export const horizontalOverflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

/** The page's whole width, the shell included. */
export const pageWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth);

/** Once settled, the page fits its width and has no serious axe violation; a screenshot named `name` records it. */
export async function expectFitsAndAccessible(page: Page, name: string): Promise<void> {
  await settled(page);
  expect(await horizontalOverflow(page), `${name}: horizontal overflow`).toBeLessThanOrEqual(0);
  expect(await seriousViolations(page), `${name}: serious axe violations`).toEqual([]);
  await screenshot(page, name);
}
