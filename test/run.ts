import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { ensurePrerequisites } from './setup/prerequisites';
import type { ProjectCounts } from './setup/project-counts';

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

const missing = ensurePrerequisites();
if (missing) {
  console.error(
    `\nThe tests cannot run on this machine yet. Install what they need (as root), then run npm test again:`,
  );
  console.error(`\n  ${missing}\n`);
  process.exit(1);
}

const checks: Array<{ label: string; ok: boolean }> = [];
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

interface ProjectLine extends ProjectCounts {
  name: string;
  problems: string[];
}
const lines: ProjectLine[] = [];
const runProblems: string[] = [];

for (const { label, projects } of RUNS) {
  console.log(`\n▶ vitest (${label})`);
  const countsFile = join(resultsDir, `counts-${projects.join('-')}.json`);
  rmSync(countsFile, { force: true });
  const code = await run(
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
  const report = existsSync(countsFile)
    ? (JSON.parse(readFileSync(countsFile, 'utf8')) as {
        projects: Record<string, ProjectCounts>;
        unhandledErrors: number;
      })
    : undefined;
  if (!report) runProblems.push(`vitest (${label}) ended with code ${code} before reporting`);
  else if (report.unhandledErrors > 0)
    runProblems.push(`vitest (${label}): ${report.unhandledErrors} unhandled errors`);
  for (const name of projects) {
    const counts = report?.projects[name] ?? { passed: 0, failed: 0, skipped: 0, brokenFiles: [] };
    const problems = counts.brokenFiles.map((file) => `${file} did not load`);
    const ran = counts.passed + counts.failed;
    if (ran === 0 && !filtered) problems.push('ran no tests');
    lines.push({ name, ...counts, problems });
  }
  const failedHere = lines.filter((l) => projects.includes(l.name)).some((l) => l.failed > 0 || l.problems.length);
  // A non-zero exit that no count explains (a crashed worker, a failing global setup) must not pass silently.
  if (report && code !== 0 && !failedHere && report.unhandledErrors === 0) {
    runProblems.push(`vitest (${label}) ended with code ${code}`);
  }
}

const pad = (text: string | number, width: number) => String(text).padStart(width);
console.log('\n── npm test ──────────────────────────────────────────');
for (const { label, ok } of checks)
  console.log(`${label.padEnd(12)} ${ok ? 'passed' : 'FAILED'}  (a check, not counted as tests)`);
for (const line of lines) {
  const counts =
    line.passed + line.failed + line.skipped === 0 && filtered
      ? 'not selected'
      : `${pad(line.passed, 4)} passed, ${pad(line.failed, 3)} failed, ${pad(line.skipped, 3)} skipped`;
  console.log(
    `${line.name.padEnd(12)} ${counts}${line.problems.length ? `  FAILED: ${line.problems.join('; ')}` : ''}`,
  );
}
for (const problem of runProblems) console.log(`FAILED: ${problem}`);

const passed = lines.reduce((sum, l) => sum + l.passed, 0);
// Tests only; a file that did not load or a project that ran nothing counts as one failure each, so it shows here.
const failed = lines.reduce((sum, l) => sum + l.failed + l.problems.length, 0) + runProblems.length;
const ok = failed === 0 && checks.every((c) => c.ok);
if (!checks.every((c) => c.ok))
  console.log(
    `FAILED: ${checks
      .filter((c) => !c.ok)
      .map((c) => c.label)
      .join(', ')}`,
  );
console.log(`\n${passed} passed, ${failed} failed`);
process.exit(ok ? 0 : 1);
