// The real server (startServer, as `npm start` runs it) in a process of its own, on the data
// folder and Twilio its environment names, on a clock its parent moves over IPC: a crash test can
// kill it with SIGKILL at any moment and start another on the same database file.
//   parent → child: { type: 'at', ms, seq }  move the clock and make the outbox's passes
//   child → parent: { type: 'ready', url } once it listens; { type: 'passed', seq } after each move
import './affordable-password-cost.ts';
import { loadConfig } from '../config.ts';
import { startServer } from '../start.ts';

const now = { ms: Number(process.env.WASHDESK_CHILD_CLOCK_MS) };
if (!Number.isFinite(now.ms) || !process.send)
  throw new Error('start me with fork() and WASHDESK_CHILD_CLOCK_MS');
const running = await startServer(loadConfig(), { clock: () => now.ms });
const outbox = running.outbox;
// The parent makes every pass, each after the minute's events; the scheduler's own timer is off.
await outbox.scheduler.stop();
process.on('message', (message: { type: 'at'; ms: number; seq: number }) => {
  void (async () => {
    now.ms = message.ms;
    // A pass the timer began before the clock moved is joined, then one on the new time.
    await outbox.scheduler.pass();
    await outbox.scheduler.pass();
    process.send!({ type: 'passed', seq: message.seq });
  })();
});
process.send({ type: 'ready', url: running.url });
