import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';

/**
 * `npm test`: typecheck, lint, then every vitest project (unit, infra, integration with browser tests) in one run.
 * The last line is the plain total over every runner, `N passed, N failed`, which CI reads.
 */
const ROOT = join(import.meta.dirname, '..');
const REPORT = join(ROOT, 'test-results', 'vitest.json');

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

console.log('\n▶ vitest (unit, infra, integration, browser)');
mkdirSync(join(ROOT, 'test-results'), { recursive: true });
rmSync(REPORT, { force: true });
const vitestCode = await run(bin('vitest'), [
  'run',
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${REPORT}`,
  ...process.argv.slice(2),
]);
if (existsSync(REPORT)) {
  const report = JSON.parse(readFileSync(REPORT, 'utf8')) as {
    numPassedTests: number;
    numFailedTests: number;
    numTotalTestSuites: number;
    numFailedTestSuites: number;
  };
  passed += report.numPassedTests;
  // A file that fails to load has no failed test of its own; count it so it cannot pass silently.
  failed += report.numFailedTests + (report.numFailedTests === 0 && vitestCode !== 0 ? 1 : 0);
} else {
  failed += 1;
}

console.log(`\n${passed} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);
