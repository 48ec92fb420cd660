import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { CHROMIUM, ensurePrerequisites, JDK, runtimeMismatch } from '../local/prerequisites';
import { type Check, summarize, type VitestRun } from './setup/summary';

/**
 * `npm test`: installs what the machine lacks (Java, Chromium) when it can, runs typecheck and lint (checks, reported
 * apart: they are not tests), then the vitest projects: unit, infra and integration in one process, browser in a
 * second. It prints passed, failed and skipped per project, and fails when a project ran no test at all (a glob or a
 * setup that silently finds nothing would otherwise look green). The last line is the total over the tests only,
 * `N passed, N failed`, which CI reads. Extra arguments go to vitest (for example a file filter); then a project with
 * no matching file is reported as not selected instead of failing.
 */
const ROOT = join(import.meta.dirname, '..');
const vitestArgs = process.argv.slice(2);
const filtered = vitestArgs.length > 0;

function run(command: string, args: string[], env: NodeJS.ProcessEnv = process.env): Promise<number> {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: ROOT, stdio: 'inherit', env });
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

const bin = (name: string) => join(ROOT, 'node_modules', '.bin', name);

const mismatch = runtimeMismatch();
if (mismatch) console.warn(mismatch);
const missing = ensurePrerequisites([JDK, CHROMIUM]);
if (missing) {
  console.error(
    `\nThe tests cannot run on this machine yet. Install what they need (as root), then run npm test again:`,
  );
  console.error(`\n  ${missing}\n`);
  process.exit(1);
}

const checks: Check[] = [];
for (const [label, command, args] of [
  ['typecheck', bin('tsc'), ['-p', 'tsconfig.json', '--noEmit']],
  ['lint', bin('biome'), ['check', '.']],
] as const) {
  console.log(`\n▶ ${label}`);
  const ok = (await run(command, [...args])) === 0;
  checks.push({ label, ok });
  console.log(`${label}: ${ok ? 'passed' : 'FAILED'}`);
}

/**
 * Two vitest processes: the browser tests start a portal of their own, and a portal sets process-wide state (the
 * functions' environment and module-scope clients), so each portal gets its own process.
 */
const RUNS: Array<{ label: string; projects: string[] }> = [
  { label: 'unit, infra, integration', projects: ['unit', 'infra', 'integration'] },
  { label: 'browser', projects: ['browser'] },
];
const resultsDir = join(ROOT, 'test-results');
mkdirSync(resultsDir, { recursive: true });

const runs: VitestRun[] = [];
for (const { label, projects } of RUNS) {
  console.log(`\n▶ vitest (${label})`);
  const countsFile = join(resultsDir, `counts-${projects.join('-')}.json`);
  rmSync(countsFile, { force: true });
  const exitCode = await run(
    bin('vitest'),
    [
      'run',
      ...projects.flatMap((p) => ['--project', p]),
      '--reporter=default',
      '--reporter=./test/setup/project-counts.ts',
      ...(filtered ? ['--passWithNoTests'] : []),
      ...vitestArgs,
    ],
    { ...process.env, PROJECT_COUNTS_FILE: countsFile },
  );
  const report = existsSync(countsFile) ? JSON.parse(readFileSync(countsFile, 'utf8')) : undefined;
  runs.push({ label, projects, exitCode, report });
}

const summary = summarize(checks, runs, { filtered });
console.log('\n── npm test ──────────────────────────────────────────');
for (const line of summary.lines) console.log(line);
// The last line, read by CI: tests only (typecheck and lint are reported above).
console.log(`\n${summary.passed} passed, ${summary.failed} failed`);
process.exit(summary.ok ? 0 : 1);
