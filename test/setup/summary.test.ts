import { describe, expect, it } from 'vitest';
import { summarize, type VitestRun } from './summary';

/** The rules `npm test` judges by (test/run.ts): checks apart, per-project counts, nothing silently green. */
const counts = (passed: number, failed = 0, skipped = 0, brokenFiles: string[] = []) => ({
  passed,
  failed,
  skipped,
  brokenFiles,
});
const green = [
  { label: 'typecheck', ok: true },
  { label: 'lint', ok: true },
];
const runOf = (projects: Record<string, ReturnType<typeof counts>>, exitCode = 0): VitestRun => ({
  label: Object.keys(projects).join(', '),
  projects: Object.keys(projects),
  exitCode,
  report: { projects, unhandledErrors: 0 },
});

describe('npm test summary', () => {
  it('counts tests per project, skipped apart, and leaves the checks out of the totals', () => {
    const summary = summarize(green, [runOf({ unit: counts(10, 0, 2), integration: counts(5) })], { filtered: false });
    expect(summary).toMatchObject({ passed: 15, failed: 0, ok: true });
    expect(summary.lines).toEqual([
      'typecheck    passed  (a check, not counted as tests)',
      'lint         passed  (a check, not counted as tests)',
      'unit           10 passed,   0 failed,   2 skipped',
      'integration     5 passed,   0 failed,   0 skipped',
    ]);
  });

  it('a project that runs no test fails, even when everything else passed', () => {
    const summary = summarize(green, [runOf({ unit: counts(10), browser: counts(0, 0, 3) })], { filtered: false });
    expect(summary).toMatchObject({ passed: 10, failed: 1, ok: false });
    expect(summary.lines).toContain('browser         0 passed,   0 failed,   3 skipped  FAILED: ran no tests');
  });

  it('a project missing from the report (never ran) fails too', () => {
    const run = { ...runOf({ unit: counts(10) }), projects: ['unit', 'infra'] };
    expect(summarize(green, [run], { filtered: false })).toMatchObject({ failed: 1, ok: false });
  });

  it('with a file filter, a project with no matching file is shown as not selected, not failed', () => {
    const summary = summarize(green, [runOf({ unit: counts(3), browser: counts(0) })], { filtered: true });
    expect(summary).toMatchObject({ passed: 3, failed: 0, ok: true });
    expect(summary.lines).toContain('browser      not selected');
  });

  it('a file that did not load counts as a failure', () => {
    const summary = summarize(green, [runOf({ unit: counts(10, 0, 0, ['test/unit/x.test.ts']) }, 1)], {
      filtered: false,
    });
    expect(summary).toMatchObject({ failed: 1, ok: false });
  });

  it('a failing run with no failing test (a crashed worker, a failed setup) is not green', () => {
    expect(summarize(green, [runOf({ unit: counts(10) }, 1)], { filtered: false })).toMatchObject({
      failed: 1,
      ok: false,
    });
    const noReport: VitestRun = { label: 'browser', projects: ['browser'], exitCode: 1 };
    const summary = summarize(green, [noReport], { filtered: false });
    expect(summary.failed).toBe(2); // no tests in browser, and the run that ended before reporting
    expect(summary.lines).toContain('FAILED: vitest (browser) ended with code 1 before reporting');
  });

  it('a failed check fails npm test without being counted as a test', () => {
    const checks = [
      { label: 'typecheck', ok: true },
      { label: 'lint', ok: false },
    ];
    const summary = summarize(checks, [runOf({ unit: counts(10) })], { filtered: false });
    expect(summary).toMatchObject({ passed: 10, failed: 0, ok: false });
    expect(summary.lines).toContain('lint         FAILED  (a check, not counted as tests)');
  });

  it('names each failed test and unhandled error, so the tail of a CI log says what failed', () => {
    const browser = { ...counts(5, 1), failures: ['test/browser/a.test.ts › opens: expected 1 to be 2'] };
    const run: VitestRun = {
      label: 'browser',
      projects: ['browser'],
      exitCode: 1,
      report: { projects: { browser }, unhandledErrors: 1, unhandledErrorMessages: ['Target closed'] },
    };
    const summary = summarize(green, [run], { filtered: false });
    expect(summary).toMatchObject({ failed: 2, ok: false });
    expect(summary.lines.slice(-3)).toEqual([
      'What failed:',
      '  test/browser/a.test.ts › opens: expected 1 to be 2',
      '  unhandled: Target closed',
    ]);
  });
});
