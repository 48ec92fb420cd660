import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';

/**
 * `npm test`: typecheck, lint, then the vitest projects: unit, infra and integration, then browser, in two runs.
 * The last line is the plain total over every runner, `N passed, N failed`, which CI reads.
 */
const ROOT = join(import.meta.dirname, '..');

function run(command: string, args: string[]): Promise<number> {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: ROOT, stdio: 'inherit', env: process.env });
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

const bin = (name: string) => join(ROOT, 'node_modules', '.bin', name);
let passed = 0;
let failed = 0;

for (const [label, command, args] of [
  ['typecheck', bin('tsc'), ['-p', 'tsconfig.json']],
  ['lint', bin('biome'), ['check', '.']],
] as const) {
  console.log(`\n▶ ${label}`);
  const code = await run(command, [...args]);
  if (code === 0) passed += 1;
  else failed += 1;
  console.log(`${label}: ${code === 0 ? 'passed' : 'FAILED'}`);
}

/**
 * Two vitest processes: the browser tests start a portal of their own, and a portal sets process-wide state (the
 * functions' environment and module-scope clients), so each portal gets its own process.
 */
const RUNS: Array<{ label: string; projects: string[] }> = [
  { label: 'unit, infra, integration', projects: ['unit', 'infra', 'integration'] },
  { label: 'browser', projects: ['browser'] },
];
mkdirSync(join(ROOT, 'test-results'), { recursive: true });
for (const { label, projects } of RUNS) {
  console.log(`\n▶ vitest (${label})`);
  const report = join(ROOT, 'test-results', `vitest-${projects.join('-')}.json`);
  rmSync(report, { force: true });
  const code = await run(bin('vitest'), [
    'run',
    ...projects.flatMap((p) => ['--project', p]),
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${report}`,
    ...process.argv.slice(2),
  ]);
  if (!existsSync(report)) {
    failed += 1;
    continue;
  }
  const totals = JSON.parse(readFileSync(report, 'utf8')) as { numPassedTests: number; numFailedTests: number };
  passed += totals.numPassedTests;
  // A file that fails to load has no failed test of its own; count it so it cannot pass silently.
  failed += totals.numFailedTests + (totals.numFailedTests === 0 && code !== 0 ? 1 : 0);
}

console.log(`\n${passed} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);
