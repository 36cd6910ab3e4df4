// `npm run eval:assistant`: plays the evaluation set (eval-runner.ts) and prints the score per
// group, overall, and every failure with its reasons.
//   --group <name>   only that group      --verbose   print every reply, passed or not
import { parseArgs } from 'node:util';
import { EVAL_GROUPS, type EvalGroup } from './eval-case.ts';
import { evaluationReport } from './eval-report.ts';
import { runEvaluation } from './eval-runner.ts';

const { values: args } = parseArgs({
  options: { group: { type: 'string' }, verbose: { type: 'boolean', default: false } },
});
if (args.group && !EVAL_GROUPS.includes(args.group as EvalGroup)) {
  process.stderr.write(`Unknown group "${args.group}". Groups: ${EVAL_GROUPS.join(', ')}\n`);
  process.exit(2);
}
const { results, serverErrors } = await runEvaluation({
  group: args.group as EvalGroup | undefined,
  verbose: args.verbose,
});
process.stdout.write(evaluationReport(results, args.verbose));
if (serverErrors.length) process.stdout.write(`\nServer errors: ${serverErrors.join('\n')}\n`);
