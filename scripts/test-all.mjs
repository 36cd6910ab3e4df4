// `npm test`: every check CI runs, in order, then one plain line "N passed, N failed".
// Each build, the type check and the lint count as one test; vitest and Playwright count theirs.
// The arithmetic (exit codes win over reports, fewer tests than last time) is in test-summary.mjs.
import { spawn, spawnSync } from 'node:child_process';
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

/**
 * Runs plain steps two at a time (CI has two cores, and a build, the type check or the lint is
 * mostly one thread), started in the order given. Each step's output is held and printed whole,
 * in the order given, so the log reads as if they ran one after another; recorded in that order.
 */
async function sideBySide(jobs, atOnce = 2) {
  const outcomes = jobs.map(([label, command, args]) => {
    let settle;
    const outcome = new Promise((resolve) => (settle = resolve));
    const start = () => {
      const output = [];
      const child = spawn(command, args, { cwd: root, env: process.env });
      child.stdout.on('data', (chunk) => output.push(chunk));
      child.stderr.on('data', (chunk) => output.push(chunk));
      child.on('error', (error) => output.push(Buffer.from(`${error.message}\n`)));
      child.on('close', (exitCode) =>
        settle({ label, header: `\n=== ${label}: ${command} ${args.join(' ')}\n`, output, exitCode }),
      );
      return outcome;
    };
    return { start, outcome };
  });
  const queue = [...outcomes];
  const runners = Array.from({ length: atOnce }, async () => {
    for (let next = queue.shift(); next; next = queue.shift()) await next.start();
  });
  const recorded = [];
  for (const { outcome } of outcomes) {
    const { label, header, output, exitCode } = await outcome;
    process.stdout.write(header);
    for (const chunk of output) process.stdout.write(chunk);
    recorded.push({ label, exitCode });
  }
  await Promise.all(runners);
  steps.push(...recorded);
  return recorded;
}

const buildsAndChecks = await sideBySide([
  ...['@washdesk/public-site', '@washdesk/admin', '@washdesk/desktop'].map((w) => [
    `build ${w}`,
    'npm',
    ['run', 'build', '-w', w],
  ]),
  ['typecheck', 'npm', ['run', 'typecheck']],
  ['lint', 'npx', ['eslint', '.']],
]);
const built = buildsAndChecks.filter((s) => s.label.startsWith('build ')).every((s) => s.exitCode === 0);

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
