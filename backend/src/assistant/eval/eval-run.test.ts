import { beforeAll, describe, expect, it } from 'vitest';
import { evaluationReport } from './eval-report.ts';
import { runEvaluation, type Evaluation } from './eval-runner.ts';

// The evaluation set in CI (issue 23): played through the real signed Twilio and Messenger
// webhooks on the no-model path. A business is judged on its worst answers, so besides the overall
// score, one wrong town, one wrong or invented price, or one logged sentence the customer never
// got fails the build on its own.

/** The judge's reasons (eval-checks.ts) that no score can outweigh. */
const NEVER: [string, RegExp][] = [
  [
    'a wrong town',
    /names a town the caller did not|does not name |calls .* outside the area|does not say .* is outside/,
  ],
  ['a wrong price', /missing the engine's|prices a surface the price list has no rate for/],
  ['an invented fact', /invented figure/],
  ['a promise of a call back nobody will keep', /promised a call back and filed no task/],
  [
    'a log of words the customer never got',
    /the log records words the customer never got|no AI response logged/,
  ],
];

let evaluation: Evaluation;
beforeAll(async () => {
  evaluation = await runEvaluation();
}, 300_000);

const failuresMatching = (pattern: RegExp) =>
  evaluation.results.flatMap((r) => r.failures.filter((f) => pattern.test(f)).map((f) => `${r.id}: ${f}`));

describe('the assistant evaluation, no model, through the signed webhooks', () => {
  it('passes at least 95 % of the cases', () => {
    const passed = evaluation.results.filter((r) => r.passed).length;
    const score = passed / evaluation.results.length;
    expect(score, evaluationReport(evaluation.results)).toBeGreaterThanOrEqual(0.95);
  });

  // Issue 34's groups are held to 95 % each, not only overall.
  it.each(['existing-customers', 'needs', 'promises'] as const)(
    'passes at least 95 %% of the %s cases',
    (group) => {
      const mine = evaluation.results.filter((r) => r.group === group);
      expect(mine.length).toBeGreaterThan(0);
      const passed = mine.filter((r) => r.passed).length;
      expect(passed / mine.length, evaluationReport(mine)).toBeGreaterThanOrEqual(0.95);
    },
  );

  it.each(NEVER)('has no answer with %s', (_what, pattern) => {
    expect(failuresMatching(pattern)).toEqual([]);
  });

  it('logs no server error while the set is played', () => {
    expect(evaluation.serverErrors).toEqual([]);
  });
});
