import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import {
  playwrightCounts,
  playwrightFailedNames,
  summarize,
  vitestCounts,
  vitestFailedNames,
} from './test-summary.mjs';

const root = path.resolve(import.meta.dirname, '..');
const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

const vitestReport = (over: Partial<Record<string, unknown>> = {}) => ({
  success: true,
  numPassedTests: 10,
  numFailedTests: 0,
  numPendingTests: 2,
  numTodoTests: 1,
  ...over,
});
const playwrightReport = (stats: Partial<Record<string, number>> = {}, errors: unknown[] = []) => ({
  stats: { expected: 5, unexpected: 0, flaky: 0, skipped: 1, ...stats },
  errors,
});

describe('reading the runners’ reports', () => {
  it('counts vitest’s passed, failed, skipped and executed tests', () => {
    expect(vitestCounts(vitestReport({ numPassedTests: 7, numFailedTests: 2, success: false }))).toEqual({
      passed: 7,
      failed: 2,
      skipped: 3,
      executed: 9,
    });
  });

  it('counts an unsuccessful vitest run without a failed test (a file that did not load) as one failure', () => {
    expect(vitestCounts(vitestReport({ success: false }))).toEqual({
      passed: 10,
      failed: 1,
      skipped: 3,
      executed: 10,
    });
  });

  it('counts Playwright’s flaky tests and its global errors as failures', () => {
    expect(
      playwrightCounts(playwrightReport({ unexpected: 1, flaky: 2 }, [{ message: 'webServer' }])),
    ).toEqual({
      passed: 5,
      failed: 4,
      skipped: 1,
      executed: 8,
    });
  });
});

describe('the summary', () => {
  const green = [
    { label: 'build', exitCode: 0 },
    { label: 'lint', exitCode: 0 },
    { label: 'vitest', runner: 'vitest', exitCode: 0, counts: vitestCounts(vitestReport()) },
    { label: 'playwright', runner: 'playwright', exitCode: 0, counts: playwrightCounts(playwrightReport()) },
  ];

  it('adds steps and tests into the line CI reads', () => {
    const summary = summarize(green, { vitest: 10, playwright: 5 });
    expect(summary.line).toBe('17 passed, 0 failed');
    expect(summary.totals.skipped).toBe(4);
    expect(summary.failures).toEqual([]);
    expect(summary.warnings).toEqual([]);
  });

  it('counts a step that exited non-zero as failed', () => {
    const summary = summarize([{ label: 'typecheck', exitCode: 2 }, ...green]);
    expect(summary.line).toBe('17 passed, 1 failed');
    expect(summary.failures).toEqual(['typecheck']);
  });

  it('counts a runner that exited non-zero as failed even when its report says success', () => {
    const summary = summarize([
      { label: 'vitest', runner: 'vitest', exitCode: 1, counts: vitestCounts(vitestReport()) },
    ]);
    expect(summary.line).toBe('10 passed, 1 failed');
    expect(summary.failures).toEqual(['vitest (exited with code 1 though its report shows no failed test)']);
  });

  it('counts a runner killed by a signal as failed', () => {
    const summary = summarize([
      {
        label: 'playwright',
        runner: 'playwright',
        exitCode: null,
        counts: playwrightCounts(playwrightReport()),
      },
    ]);
    expect(summary.line).toBe('5 passed, 1 failed');
    expect(summary.failures).toEqual([
      'playwright (exited with a signal though its report shows no failed test)',
    ]);
  });

  it('does not count a runner’s failure twice when its report already shows failed tests', () => {
    const counts = vitestCounts(vitestReport({ numFailedTests: 2, success: false }));
    const summary = summarize([{ label: 'vitest', runner: 'vitest', exitCode: 1, counts }]);
    expect(summary.line).toBe('10 passed, 2 failed');
    expect(summary.failures).toEqual(['vitest (2 failed)']);
  });

  it('counts a runner that left no report as one failure', () => {
    const summary = summarize([{ label: 'playwright', runner: 'playwright', exitCode: 1, counts: null }]);
    expect(summary.line).toBe('0 passed, 1 failed');
    expect(summary.failures).toEqual(['playwright (no report: the runner did not finish)']);
  });

  it('warns when a runner executed fewer tests than the last known count, and keeps that count', () => {
    const summary = summarize(green, { vitest: 12, playwright: 5 });
    expect(summary.warnings).toEqual([
      'Warning: vitest ran 10 tests, fewer than the last known 12 (if tests were removed on purpose, lower it in scripts/test-counts.json).',
    ]);
    expect(summary.line).toBe('17 passed, 0 failed');
    expect(summary.counts).toEqual({ vitest: 12, playwright: 5 });
  });

  it('raises the known counts after a green run with more tests', () => {
    expect(summarize(green, { vitest: 8 }).counts).toEqual({ vitest: 10, playwright: 5 });
  });

  it('keeps the known counts after a run with a failure', () => {
    const failing = [{ label: 'lint', exitCode: 1 }, ...green];
    expect(summarize(failing, { vitest: 8, playwright: 3 }).counts).toEqual({ vitest: 8, playwright: 3 });
  });
});

describe('the case that made exit codes matter', () => {
  it('vitest exits 1 on an unhandled rejection while its JSON report says success, and the summary fails', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'washdesk-summary-'));
    dirs.push(dir);
    fs.writeFileSync(
      path.join(dir, 'late.test.mjs'),
      "it('passes, then leaves a rejection behind', () => { Promise.reject(new Error('late')); });\n",
    );
    const result = spawnSync(
      process.execPath,
      [
        path.join(root, 'node_modules/vitest/vitest.mjs'),
        'run',
        '--root',
        dir,
        '--globals',
        '--reporter=json',
      ],
      { cwd: dir, encoding: 'utf8' },
    );
    const report = JSON.parse(result.stdout);

    expect(result.status).toBe(1);
    expect(report.success).toBe(true);
    expect(report.numFailedTests).toBe(0);
    const summary = summarize([
      { label: 'vitest', runner: 'vitest', exitCode: result.status, counts: vitestCounts(report) },
    ]);
    expect(summary.line).toBe('1 passed, 1 failed');
  });
});

describe('naming the failed tests next to the last line', () => {
  it('names vitest’s failed tests and a file that did not load, and no passing test', () => {
    const names = vitestFailedNames({
      testResults: [
        { name: 'a.test.ts', status: 'failed', assertionResults: [
          { status: 'passed', fullName: 'fine' },
          { status: 'failed', fullName: 'texts › stops at STOP' },
        ] },
        { name: 'b.test.ts', status: 'failed', message: 'SyntaxError: nope\n  at x', assertionResults: [] },
        { name: 'c.test.ts', status: 'passed', assertionResults: [{ status: 'passed', fullName: 'ok' }] },
      ],
    });
    expect(names).toEqual(['a.test.ts › texts › stops at STOP', 'b.test.ts (did not load: SyntaxError: nope)']);
  });

  it('names Playwright’s failed and flaky tests with their project and first error line', () => {
    const names = playwrightFailedNames({
      suites: [{ title: 'toasts.spec.ts', specs: [], suites: [{ title: 'toasts', suites: [], specs: [
        { title: 'swipes away', tests: [{ projectName: 'admin', status: 'unexpected',
          results: [{ error: { message: '\u001b[31mError: expect(locator).toBeHidden()\u001b[39m\nmore' } }] }] },
        { title: 'stays', tests: [{ projectName: 'admin', status: 'expected', results: [] }] },
        { title: 'retried', tests: [{ projectName: 'admin', status: 'flaky', results: [] }] },
      ] }] }],
      errors: [{ message: 'Timed out waiting 60000ms from config.webServer.' }],
    });
    expect(names).toEqual([
      '[admin] toasts.spec.ts › toasts › swipes away: Error: expect(locator).toBeHidden()',
      '[admin] toasts.spec.ts › toasts › retried (flaky)',
      'Playwright: Timed out waiting 60000ms from config.webServer.',
    ]);
  });
});
