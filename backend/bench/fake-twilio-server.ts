// The fake Twilio API (test/fake-twilio.ts) in a process of its own, for the Twilio webhooks bench:
// what the server asks after each answer (an MMS's photo, the assistant's text) is answered by
// Twilio's machines, not by the process that times the answers. Every MMS attachment the bench
// names is this phone photo (about 300 KB, with its GPS).
//   node backend/bench/fake-twilio-server.ts <photo file>
//   child → parent: { type: 'ready', url } once it listens; GET <url>/__counts says what it served
import fs from 'node:fs';
import { startFakeTwilio } from '../src/test/fake-twilio.ts';

if (!process.send) throw new Error('start me with fork()');
const photo = { contentType: 'image/jpeg', body: fs.readFileSync(process.argv[2]!) };
const ATTACHMENT = /^\/Messages\/MM[0-9a-f]{32}\/Media\/ME[0-9a-f]{32}$/;
const twilio = await startFakeTwilio();
twilio.media = new (class extends Map<string, typeof photo> {
  override get(path: string) {
    return super.get(path) ?? (ATTACHMENT.test(path) ? photo : undefined);
  }
})();
process.send({ type: 'ready', url: twilio.url });
