// The real server (startServer, as `npm start` runs it) in a process of its own, for a test that
// kills it with SIGKILL right after it answered an upload or a texted photo (MMS). Configured from
// the environment. WASHDESK_HOLD_PHOTOS=1 keeps uploads unprocessed, so the kill surely lands before
// their processing (no race with the machine's speed).
// Benchmarks run it too, so the server's memory is its own (not the client's nor the fake model's).
//   child → parent: { type: 'ready', url } once it listens
//   parent → child: { type: 'settle' }, answered { type: 'settled' } once its photos are processed
import './affordable-password-cost.ts';
import { loadConfig } from '../config.ts';
import { startServer } from '../start.ts';

if (!process.send) throw new Error('start me with fork()');
const running = await startServer(loadConfig(), {
  holdPhotoProcessing: process.env.WASHDESK_HOLD_PHOTOS === '1',
});
// One at a time, in the order asked: the parent matches each answer to its oldest question.
let settling = Promise.resolve();
process.on('message', (m: { type?: string }) => {
  if (m?.type !== 'settle') return;
  settling = settling.then(async () => {
    await running.settled();
    process.send!({ type: 'settled' });
  });
});
process.send({ type: 'ready', url: running.url });
