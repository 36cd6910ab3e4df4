// The arithmetic of `npm test`'s summary, apart from running anything so that it can be tested.
// A step passes only if its process exited 0: a runner's JSON report can say "success" while the
// runner itself failed (vitest exits 1 on an unhandled rejection with success: true).

/** Counts in vitest's JSON report. */
export function vitestCounts(report) {
  return {
    passed: report.numPassedTests,
    // A file that fails to load runs no test but makes the run unsuccessful: one failure for it.
    failed: report.numFailedTests + (report.success || report.numFailedTests ? 0 : 1),
    skipped: report.numPendingTests + report.numTodoTests,
    executed: report.numPassedTests + report.numFailedTests,
  };
}

/** Counts in Playwright's JSON report. */
export function playwrightCounts(report) {
  const { expected, unexpected, flaky, skipped } = report.stats;
  return {
    passed: expected,
    failed: unexpected + flaky + (report.errors?.length ?? 0),
    skipped,
    executed: expected + unexpected + flaky,
  };
}

/**
 * @param {Array<{label: string, exitCode: number | null} |
 *   {label: string, runner: string, exitCode: number | null, counts: ReturnType<typeof vitestCounts> | null}>} steps
 *   plain steps (a build, the lint) count as one test; runners count their tests. `counts` is
 *   null when the runner left no readable report.
 * @param {Record<string, number>} lastCounts tests each runner executed in the last full run.
 */
export function summarize(steps, lastCounts = {}) {
  const totals = { passed: 0, failed: 0, skipped: 0 };
  const failures = [];
  const warnings = [];
  const executed = {};
  for (const step of steps) {
    if (!('runner' in step)) {
      const ok = step.exitCode === 0;
      totals[ok ? 'passed' : 'failed'] += 1;
      if (!ok) failures.push(step.label);
      continue;
    }
    if (!step.counts) {
      totals.failed += 1;
      failures.push(`${step.label} (no report: the runner did not finish)`);
      continue;
    }
    const { counts } = step;
    totals.passed += counts.passed;
    totals.failed += counts.failed;
    totals.skipped += counts.skipped;
    if (counts.failed) failures.push(`${step.label} (${counts.failed} failed)`);
    if (step.exitCode !== 0 && !counts.failed) {
      totals.failed += 1;
      failures.push(
        `${step.label} (exited with ${exitText(step.exitCode)} though its report shows no failed test)`,
      );
    }
    executed[step.runner] = counts.executed;
    const last = lastCounts[step.runner];
    if (last !== undefined && counts.executed < last) {
      warnings.push(
        `Warning: ${step.label} ran ${counts.executed} tests, fewer than the last known ${last}` +
          ` (if tests were removed on purpose, lower it in scripts/test-counts.json).`,
      );
    }
  }
  return {
    totals,
    failures,
    warnings,
    // CI reads the very last line and wants exactly this.
    line: `${totals.passed} passed, ${totals.failed} failed`,
    counts: raisedCounts(lastCounts, executed, totals.failed === 0),
  };
}

/** What test-counts.json should hold after this run: only a green run may raise a count. */
function raisedCounts(lastCounts, executed, green) {
  const next = { ...lastCounts };
  if (!green) return next;
  for (const [runner, count] of Object.entries(executed)) {
    next[runner] = Math.max(count, lastCounts[runner] ?? 0);
  }
  return next;
}

function exitText(code) {
  return code === null ? 'a signal' : `code ${code}`;
}

/**
 * The names of the tests that failed (or passed only on a retry), from vitest's and Playwright's
 * JSON reports: CI keeps only the end of the log, so the names are printed next to the last line.
 */
export function vitestFailedNames(report) {
  return (report.testResults ?? []).flatMap((file) => {
    const tests = (file.assertionResults ?? []).filter((t) => t.status === 'failed');
    if (!tests.length && file.status === 'failed') return [`${file.name} (did not load: ${firstLine(file.message)})`];
    return tests.map((t) => `${file.name} › ${t.fullName ?? t.title}`);
  });
}

export function playwrightFailedNames(report) {
  const names = [];
  const walk = (suite, trail) => {
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests ?? []) {
        if (test.status === 'unexpected' || test.status === 'flaky') {
          const error = test.results?.find((r) => r.error)?.error?.message;
          names.push(`[${test.projectName}] ${[...trail, spec.title].join(' › ')}` +
            `${test.status === 'flaky' ? ' (flaky)' : ''}${error ? `: ${firstLine(error)}` : ''}`);
        }
      }
    }
    for (const child of suite.suites ?? []) walk(child, [...trail, child.title]);
  };
  for (const suite of report.suites ?? []) walk(suite, [suite.title]);
  for (const error of report.errors ?? []) names.push(`Playwright: ${firstLine(error.message)}`);
  return names;
}

function firstLine(text) {
  // eslint-disable-next-line no-control-regex
  return String(text ?? '').replace(/\u001b\[[0-9;]*m/g, '').split('\n').find((l) => l.trim())?.slice(0, 200) ?? '';
}
