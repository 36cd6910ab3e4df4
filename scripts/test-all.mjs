// `npm test`: every check CI runs, in order, then one plain line "N passed, N failed".
// Each build, the type check and the lint count as one test; vitest and Playwright count theirs.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { root } from './builds.mjs';

const out = path.join(root, '.test-output');
fs.rmSync(out, { recursive: true, force: true });
fs.mkdirSync(out, { recursive: true });

const totals = { passed: 0, failed: 0, skipped: 0 };
const failures = [];

function run(label, command, args) {
  process.stdout.write(`\n=== ${label}: ${command} ${args.join(' ')}\n`);
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: process.env });
  return result.status === 0;
}

function step(label, command, args) {
  const ok = run(label, command, args);
  totals[ok ? 'passed' : 'failed'] += 1;
  if (!ok) failures.push(label);
  return ok;
}

function readReport(label, file, count) {
  try {
    const counts = count(JSON.parse(fs.readFileSync(path.join(out, file), 'utf8')));
    for (const key of Object.keys(totals)) totals[key] += counts[key];
    if (counts.failed) failures.push(`${label} (${counts.failed} failed)`);
  } catch {
    totals.failed += 1;
    failures.push(`${label} (no report: the runner did not finish)`);
  }
}

const built = ['@washdesk/public-site', '@washdesk/admin', '@washdesk/desktop']
  .map((w) => step(`build ${w}`, 'npm', ['run', 'build', '-w', w]))
  .every(Boolean);
step('typecheck', 'npm', ['run', 'typecheck']);
step('lint', 'npx', ['eslint', '.']);

run('API and unit tests', 'npx', ['vitest', 'run']);
readReport('vitest', 'vitest.json', (r) => ({
  passed: r.numPassedTests,
  failed: r.numFailedTests + (r.success || r.numFailedTests ? 0 : 1),
  skipped: r.numPendingTests + r.numTodoTests,
}));

if (!fs.existsSync('/usr/bin/chromium')) {
  process.stdout.write('\nChromium is missing: install it with `apt-get install chromium` (.ci/run does).\n');
  totals.failed += 1;
  failures.push('browser tests (no /usr/bin/chromium)');
} else if (!built) {
  totals.failed += 1;
  failures.push('browser tests (not run: a build failed)');
} else {
  run('browser tests', 'npx', ['playwright', 'test']);
  readReport('playwright', 'playwright.json', (r) => ({
    passed: r.stats.expected,
    failed: r.stats.unexpected + r.stats.flaky + (r.errors?.length ?? 0),
    skipped: r.stats.skipped,
  }));
}

if (failures.length) process.stdout.write(`\nFailed: ${failures.join('; ')}\n`);
// CI reads the very last line and wants exactly "N passed, N failed"; skips are told just above it.
const summary = `${totals.passed} passed, ${totals.failed} failed`;
fs.writeFileSync(path.join(out, 'summary.txt'), `${summary}\n`);
process.stdout.write(`\n${totals.skipped} skipped\n${summary}\n`);
process.exit(totals.failed ? 1 : 0);
