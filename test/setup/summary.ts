import type { ProjectCounts } from './project-counts';

/**
 * What `npm test` concludes from the checks and the vitest runs (test/run.ts prints it). Kept apart from the script
 * so the rules are unit-tested: checks are not tests; a project that ran no test, a file that did not load, or a run
 * that failed without a failing test each count as one failure.
 */
export interface Check {
  label: string;
  ok: boolean;
}

export interface VitestRun {
  label: string;
  projects: string[];
  exitCode: number;
  /** What the project-counts reporter wrote; undefined when vitest ended before reporting. */
  report?: { projects: Record<string, ProjectCounts>; unhandledErrors: number; unhandledErrorMessages?: string[] };
}

export interface Summary {
  lines: string[];
  passed: number;
  failed: number;
  ok: boolean;
}

const pad = (value: number, width: number) => String(value).padStart(width);

export function summarize(checks: Check[], runs: VitestRun[], options: { filtered: boolean }): Summary {
  const lines = checks.map(
    ({ label, ok }) => `${label.padEnd(12)} ${ok ? 'passed' : 'FAILED'}  (a check, not counted as tests)`,
  );
  let passed = 0;
  let failed = 0;
  const runProblems: string[] = [];
  const failureLines: string[] = [];
  const unhandledLines: string[] = [];
  for (const run of runs) {
    if (!run.report) runProblems.push(`vitest (${run.label}) ended with code ${run.exitCode} before reporting`);
    else if (run.report.unhandledErrors > 0) {
      runProblems.push(`vitest (${run.label}): ${run.report.unhandledErrors} unhandled errors`);
      unhandledLines.push(...(run.report.unhandledErrorMessages ?? []).map((message) => `unhandled: ${message}`));
    }
    let explained = false;
    for (const name of run.projects) {
      const counts = run.report?.projects[name] ?? { passed: 0, failed: 0, skipped: 0, brokenFiles: [] };
      const problems = counts.brokenFiles.map((file) => `${file} did not load`);
      const total = counts.passed + counts.failed + counts.skipped;
      if (counts.passed + counts.failed === 0 && !options.filtered) problems.push('ran no tests');
      const shown =
        total === 0 && options.filtered
          ? 'not selected'
          : `${pad(counts.passed, 4)} passed, ${pad(counts.failed, 3)} failed, ${pad(counts.skipped, 3)} skipped`;
      lines.push(`${name.padEnd(12)} ${shown}${problems.length ? `  FAILED: ${problems.join('; ')}` : ''}`);
      const slowest = (counts.slowestFiles ?? []).map(([file, seconds]) => `${file} ${seconds} s`);
      if (slowest.length > 0) lines.push(`${''.padEnd(12)} slowest: ${slowest.join(', ')}`);
      failureLines.push(...(counts.failures ?? []));
      passed += counts.passed;
      failed += counts.failed + problems.length;
      if (counts.failed > 0 || problems.length > 0) explained = true;
    }
    // A non-zero exit that no count explains (a crashed worker, a failing global setup) must not pass silently.
    if (run.report && run.exitCode !== 0 && !explained && run.report.unhandledErrors === 0) {
      runProblems.push(`vitest (${run.label}) ended with code ${run.exitCode}`);
    }
  }
  lines.push(...runProblems.map((problem) => `FAILED: ${problem}`));
  failureLines.push(...unhandledLines);
  if (failureLines.length > 0) lines.push('What failed:', ...failureLines.map((line) => `  ${line}`));
  failed += runProblems.length;
  const failedChecks = checks.filter((c) => !c.ok).map((c) => c.label);
  if (failedChecks.length > 0) lines.push(`FAILED: ${failedChecks.join(', ')}`);
  return { lines, passed, failed, ok: failed === 0 && failedChecks.length === 0 };
}
