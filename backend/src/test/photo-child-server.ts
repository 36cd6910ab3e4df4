// The real server (startServer, as `npm start` runs it) in a process of its own, for a test that
// kills it with SIGKILL right after it answered an upload or a texted photo (MMS). Configured from
// the environment. WASHDESK_HOLD_PHOTOS=1 keeps uploads unprocessed, so the kill surely lands before
// their processing (no race with the machine's speed).
// Benchmarks run it too, so the server's memory is its own (not the client's nor the fake model's).
// It talks to its parent as child-answers.ts says.
import './affordable-password-cost.ts';
import { loadConfig } from '../config.ts';
import { startServer } from '../start.ts';
import { answerParent } from './child-answers.ts';

if (!process.send) throw new Error('start me with fork()');
answerParent(
  await startServer(loadConfig(), { holdPhotoProcessing: process.env.WASHDESK_HOLD_PHOTOS === '1' }),
);
