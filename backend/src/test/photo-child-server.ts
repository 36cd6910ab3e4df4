// The real server (startServer, as `npm start` runs it) in a process of its own, for a test that
// kills it with SIGKILL right after it answered an upload or a texted photo (MMS). Configured from
// the environment. WASHDESK_HOLD_PHOTOS=1 keeps uploads unprocessed, so the kill surely lands before
// their processing (no race with the machine's speed).
//   child → parent: { type: 'ready', url } once it listens
import './affordable-password-cost.ts';
import { loadConfig } from '../config.ts';
import { startServer } from '../start.ts';

if (!process.send) throw new Error('start me with fork()');
const running = await startServer(loadConfig(), {
  holdPhotoProcessing: process.env.WASHDESK_HOLD_PHOTOS === '1',
});
process.send({ type: 'ready', url: running.url });
