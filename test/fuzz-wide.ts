import { spawnSync } from 'node:child_process';
import { join } from 'node:path';

/**
 * `npm run test:fuzz-wide`: the fuzz file (test/integration/fuzz.test.ts) with ten times its sample and a seed of the
 * day, for a nightly job; the normal test run keeps the small fixed sample. FUZZ_SEED and FUZZ_RUNS, when set, win,
 * so a nightly failure is replayed with the seed it printed.
 */
const today = new Date().toISOString().slice(0, 10).replaceAll('-', '');
const env = { ...process.env, FUZZ_SEED: process.env.FUZZ_SEED ?? today, FUZZ_RUNS: process.env.FUZZ_RUNS ?? '40' };
const vitest = join(import.meta.dirname, '..', 'node_modules', '.bin', 'vitest');
const run = spawnSync(vitest, ['run', '--project', 'integration', 'test/integration/fuzz.test.ts'], {
  stdio: 'inherit',
  env,
});
process.exit(run.status ?? 1);
