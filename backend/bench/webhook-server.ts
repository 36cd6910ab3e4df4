// The webhook benchmarks' backend in a process of its own (twilio-webhooks.bench.ts and
// messenger-webhook.bench.ts fork it with startChildServer): what an answer leaves to do (the
// assistant's reply, a call's summary, an MMS photo's fetch, a Messenger profile) runs on this
// process's event loop, not on the one the bench reads its timings on. Configured from the
// environment; talks to its parent as test/child-answers.ts says. The assistant's deliberate pause
// before replying is skipped: it is a wait, not work.
import { loadConfig } from '../src/config.ts';
import { startServer } from '../src/start.ts';
import { answerParent } from '../src/test/child-answers.ts';

answerParent(await startServer(loadConfig(), { pause: () => Promise.resolve() }));
