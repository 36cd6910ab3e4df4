// `npm run eval:assistant`: plays the evaluation set (eval-runner.ts) and prints the score per
// group, overall, and every failure with its reasons.
//   --group <name>   only that group      --verbose   print every reply, passed or not
//   --model fake     through the model path: the fake OpenAI on 127.0.0.1 looks every question up
//                    with the search_answers tool and says what it found (fake-openai.ts lookItUp)
import { parseArgs } from 'node:util';
import { EVAL_GROUPS, type EvalGroup } from './eval-case.ts';
import { evaluationReport } from './eval-report.ts';
import { runEvaluation } from './eval-runner.ts';

const { values: args } = parseArgs({
  options: {
    group: { type: 'string' },
    verbose: { type: 'boolean', default: false },
    model: { type: 'string' },
  },
});
if (args.model && args.model !== 'fake') {
  process.stderr.write(`Unknown model "${args.model}": only "fake" (the fake OpenAI) is offered.\n`);
  process.exit(2);
}
if (args.group && !EVAL_GROUPS.includes(args.group as EvalGroup)) {
  process.stderr.write(`Unknown group "${args.group}". Groups: ${EVAL_GROUPS.join(', ')}\n`);
  process.exit(2);
}
const { results, serverErrors, byModel } = await runEvaluation({
  group: args.group as EvalGroup | undefined,
  verbose: args.verbose,
  model: args.model ? 'fake' : undefined,
});
const path = args.model ? 'fake model: search_answers, then its answer' : 'no model';
process.stdout.write(evaluationReport(results, args.verbose, path));
if (byModel)
  process.stdout.write(
    `  answered by the model: ${byModel.turns} turns (${byModel.requests} requests to the fake)\n`,
  );
if (serverErrors.length) process.stdout.write(`\nServer errors: ${serverErrors.join('\n')}\n`);
