import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from 'playwright-core';

/** What the browser tests refuse (issue 13): any axe violation of serious or critical impact. */
const BLOCKING = new Set(['serious', 'critical']);

/** The serious and critical axe violations on the page as it is now, one line per rule with its first targets. */
export async function seriousViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((v) => BLOCKING.has(v.impact ?? ''))
    .map(
      (v) =>
        `${v.id} (${v.impact}) ×${v.nodes.length}: ${v.nodes
          .slice(0, 3)
          .map((n) => n.target.join(' '))
          .join(' | ')}`,
    );
}

/** Waits until the page has settled: no request in flight and no loading screen or spinner left. */
export async function settled(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle');
  await page
    .locator('.amplify-loader, .portal-welcome')
    .first()
    .waitFor({ state: 'detached', timeout: 3000 })
    .catch(() => undefined);
}
