import { defineConfig } from 'vitest/config';

/**
 * Four projects (`npm test` runs them through test/run.ts), one after the other (groupOrder): on two cores
 * running them side by side only makes each slower.
 * - unit: pure code, each *.test.ts beside the module it proves, plus test/unit (whole-tree architecture tests);
 * - infra: CDK Template assertions and cdk-nag;
 * - integration: handlers over HTTP against real local services, on a portal that test/setup/portal.ts starts on
 *   free ports, in memory;
 * - browser: Playwright driving Debian's Chromium through the SPA, on a second such portal.
 */
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          sequence: { groupOrder: 0 },
          include: ['test/{unit,setup}/**/*.test.{ts,tsx}', '{functions,shared,web,local}/**/*.test.{ts,tsx}'],
          exclude: ['**/node_modules/**'],
          environment: 'node',
          setupFiles: ['test/setup/unit-env.ts'],
        },
        // web/ imports '@/…' and '@shared/…' (tsconfig.json paths).
        resolve: { tsconfigPaths: true },
      },
      {
        test: {
          name: 'infra',
          sequence: { groupOrder: 1 },
          include: ['test/infra/**/*.test.ts'],
          testTimeout: 300_000,
          hookTimeout: 300_000,
        },
      },
      {
        test: {
          name: 'integration',
          sequence: { groupOrder: 2 },
          include: ['test/integration/**/*.test.ts'],
          globalSetup: ['test/setup/portal.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          maxWorkers: 2,
        },
      },
      {
        test: {
          name: 'browser',
          sequence: { groupOrder: 3 },
          include: ['test/browser/**/*.test.ts'],
          // A portal of its own: the API tests fill theirs with data that would push the demo rows off page 1.
          globalSetup: ['test/setup/portal.ts'],
          testTimeout: 120_000,
          hookTimeout: 120_000,
          maxWorkers: 2,
          // expect.poll's own default is 1 s: on two busy cores a page's rows can take longer to arrive. A bound on
          // something that never comes, not a speed check (test/helpers/browser.ts, BROWSER_WAIT_MS).
          expect: { poll: { timeout: 30_000 } },
        },
        // Tests read the SPA's pure modules (route rules, formats), which import '@shared/…'.
        resolve: { tsconfigPaths: true },
      },
    ],
  },
});
