// The fake Meta Graph API (test/fake-meta.ts) in a process of its own, for the Messenger bench:
// what the server asks after each acknowledgement (a profile, the AI's reply) is answered by Meta's
// machines, not by the process that times the acknowledgements. In that process its answers were
// read on the same event loop as the acknowledgement they followed, and delayed it.
//   child → parent: { type: 'ready', url } once it listens; GET <origin>/__calls lists what it was sent
import { startFakeMeta } from '../src/test/fake-meta.ts';

if (!process.send) throw new Error('start me with fork()');
const meta = await startFakeMeta();
process.send({ type: 'ready', url: meta.url });
