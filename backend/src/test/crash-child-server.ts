// The real server (startServer, as `npm start` runs it) in a process of its own, on its clock
// (WASHDESK_CHILD_CLOCK_MS, fixed), for a test that kills it at one exact point. With
// WASHDESK_CRASH_ON_DONE=1 the process kills itself (SIGKILL) the moment it answers a job moved
// to "done": the board's transaction has committed and its event is stored, but the reactions
// that follow the answer (the invoice) never run, as in a power cut at the worst moment. The
// point is found on the answer, not by timing, so the test never depends on the machine's speed.
//   child → parent: { type: 'ready', url } once it listens
import http from 'node:http';
import './affordable-password-cost.ts';
import { loadConfig } from '../config.ts';
import { startServer } from '../start.ts';

const now = Number(process.env.WASHDESK_CHILD_CLOCK_MS);
if (!Number.isFinite(now) || !process.send)
  throw new Error('start me with fork() and WASHDESK_CHILD_CLOCK_MS');

if (process.env.WASHDESK_CRASH_ON_DONE === '1') {
  const end = http.ServerResponse.prototype.end;
  http.ServerResponse.prototype.end = function (this: http.ServerResponse, ...args: unknown[]) {
    const body = args[0];
    if (
      /^\/api\/jobs\/\d+\/status$/.test(this.req?.url ?? '') &&
      this.statusCode === 200 &&
      (typeof body === 'string' || Buffer.isBuffer(body)) &&
      /"status":"done"/.test(body.toString())
    )
      process.kill(process.pid, 'SIGKILL');
    return end.apply(this, args as Parameters<typeof end>);
  } as typeof end;
}

const running = await startServer(loadConfig(), { clock: () => now });
process.send({ type: 'ready', url: running.url });
