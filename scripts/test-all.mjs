// `npm test`: every check CI runs, in order, then one plain line "N passed, N failed".
// Each build, the type check and the lint count as one test; vitest and Playwright count theirs.
// The arithmetic (exit codes win over reports, fewer tests than last time) is in test-summary.mjs.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { root } from './builds.mjs';
import {
  playwrightCounts,
  playwrightFailedNames,
  summarize,
  vitestCounts,
  vitestFailedNames,
} from './test-summary.mjs';

const out = path.join(root, '.test-output');
fs.rmSync(out, { recursive: true, force: true });
fs.mkdirSync(out, { recursive: true });
// How many tests each runner executed in the last green run; committed, so a clone knows too.
const countsFile = path.join(root, 'scripts', 'test-counts.json');
const lastCounts = JSON.parse(fs.readFileSync(countsFile, 'utf8'));

const steps = [];

function run(label, command, args) {
  process.stdout.write(`\n=== ${label}: ${command} ${args.join(' ')}\n`);
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: process.env });
  return result.status;
}

function step(label, command, args) {
  const exitCode = run(label, command, args);
  steps.push({ label, exitCode });
  return exitCode === 0;
}

const failedTests = [];

function runner(label, runnerName, command, args, reportFile, count, failedNames) {
  const exitCode = run(label, command, args);
  let counts = null;
  try {
    const report = JSON.parse(fs.readFileSync(path.join(out, reportFile), 'utf8'));
    counts = count(report);
    failedTests.push(...failedNames(report));
  } catch {
    // counts stay null: summarize() reports a runner that left no report.
  }
  steps.push({ label: runnerName, runner: runnerName, exitCode, counts });
}

const built = ['@washdesk/public-site', '@washdesk/admin', '@washdesk/desktop']
  .map((w) => step(`build ${w}`, 'npm', ['run', 'build', '-w', w]))
  .every(Boolean);
step('typecheck', 'npm', ['run', 'typecheck']);
step('lint', 'npx', ['eslint', '.']);

runner('API and unit tests', 'vitest', 'npx', ['vitest', 'run'], 'vitest.json', vitestCounts, vitestFailedNames);

if (!fs.existsSync('/usr/bin/chromium')) {
  process.stdout.write('\nChromium is missing: install it with `apt-get install chromium` (.ci/run does).\n');
  steps.push({ label: 'browser tests (no /usr/bin/chromium)', exitCode: 1 });
} else if (!built) {
  steps.push({ label: 'browser tests (not run: a build failed)', exitCode: 1 });
} else {
  runner('browser tests', 'playwright', 'npx', ['playwright', 'test'], 'playwright.json', playwrightCounts, playwrightFailedNames);
}

// The deploy test: the image from the Dockerfile, compose.yaml with Caddy over https (deploy/).
// One step, counted like a build; it fails (never skips) where Docker cannot start.
step('deploy test', 'npx', ['tsx', 'deploy/deploy-test.ts']);

const summary = summarize(steps, lastCounts);
if (JSON.stringify(summary.counts) !== JSON.stringify(lastCounts)) {
  fs.writeFileSync(countsFile, `${JSON.stringify(summary.counts, null, 2)}\n`);
}
if (summary.failures.length) process.stdout.write(`\nFailed: ${summary.failures.join('; ')}\n`);
for (const name of failedTests) process.stdout.write(`  failed test: ${name}\n`);
for (const warning of summary.warnings) process.stdout.write(`${warning}\n`);
fs.writeFileSync(path.join(out, 'summary.txt'), `${summary.line}\n`);
// CI reads the very last line and wants exactly "N passed, N failed"; skips are told just above it.
process.stdout.write(`\n${summary.totals.skipped} skipped\n${summary.line}\n`);
process.exit(summary.totals.failed ? 1 : 0);
