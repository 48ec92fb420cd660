import { defineConfig } from 'vitest/config';

/**
 * Three projects, one run (`npm test` calls them through test/run.ts), one after the other (groupOrder): on two cores
 * running them side by side only makes each slower.
 * - unit: pure code, colocated *.test.ts and test/unit;
 * - infra: CDK Template assertions and cdk-nag;
 * - integration: handlers over HTTP against real local services, and browser tests, all against one portal that
 *   test/setup/portal.ts starts on free ports, in memory.
 */
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          sequence: { groupOrder: 0 },
          include: ['test/unit/**/*.test.{ts,tsx}', '{functions,shared,web,local}/**/*.test.{ts,tsx}'],
          exclude: ['**/node_modules/**'],
          environment: 'node',
        },
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
          include: ['test/integration/**/*.test.ts', 'test/browser/**/*.test.ts'],
          globalSetup: ['test/setup/portal.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          maxWorkers: 2,
        },
      },
    ],
  },
});
