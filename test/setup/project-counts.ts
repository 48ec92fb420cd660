import { writeFileSync } from 'node:fs';
import type { Reporter, TestModule } from 'vitest/node';

/**
 * A vitest reporter for `npm test` (test/run.ts): per project, how many tests passed, failed and were skipped, and
 * which files could not load at all (they hold no failed test of their own, so a plain count would hide them).
 * Written as JSON to the file named by PROJECT_COUNTS_FILE.
 */
export interface ProjectCounts {
  passed: number;
  failed: number;
  skipped: number;
  brokenFiles: string[];
  /** The slowest files and their seconds, to see where the timed run goes. */
  slowestFiles?: Array<[string, number]>;
  /** Each failed test as `file › name: first line of its error`, so the tail of a CI log says what failed. */
  failures?: string[];
}

const SHOWN_ERROR_CHARS = 300;

/** The first line of an error, cut short: enough to recognise it in a log tail, never a whole stack. */
export function firstLine(error: unknown): string {
  const message =
    error && typeof error === 'object' && 'message' in error ? String(error.message) : String(error ?? '');
  const line = message.split('\n').find((part) => part.trim() !== '') ?? '(no message)';
  return line.length > SHOWN_ERROR_CHARS ? `${line.slice(0, SHOWN_ERROR_CHARS)}…` : line;
}

const SLOWEST_SHOWN = 8;

export default class ProjectCountsReporter implements Reporter {
  onTestRunEnd(testModules: ReadonlyArray<TestModule>, unhandledErrors: ReadonlyArray<unknown>): void {
    const file = process.env.PROJECT_COUNTS_FILE;
    if (!file) return;
    const projects: Record<string, ProjectCounts> = {};
    for (const module of testModules) {
      const name = module.project.name;
      projects[name] ??= { passed: 0, failed: 0, skipped: 0, brokenFiles: [] };
      const counts = projects[name];
      for (const test of module.children.allTests()) {
        const { state } = test.result();
        if (state === 'passed') counts.passed += 1;
        else if (state === 'failed') {
          counts.failed += 1;
          const error = test.result().errors?.[0];
          counts.failures = [
            ...(counts.failures ?? []),
            `${module.relativeModuleId} › ${test.fullName}: ${firstLine(error)}`,
          ];
        } else counts.skipped += 1;
      }
      if (module.errors().length > 0) counts.brokenFiles.push(module.relativeModuleId);
      const seconds = Math.round(module.diagnostic().duration / 100) / 10;
      counts.slowestFiles = [...(counts.slowestFiles ?? []), [module.relativeModuleId, seconds] as [string, number]]
        .sort((a, b) => b[1] - a[1])
        .slice(0, SLOWEST_SHOWN);
    }
    const report = {
      projects,
      unhandledErrors: unhandledErrors.length,
      unhandledErrorMessages: unhandledErrors.map(firstLine),
    };
    writeFileSync(file, JSON.stringify(report, null, 2));
  }
}
