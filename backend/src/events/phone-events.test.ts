import { afterEach, describe, expect, it } from 'vitest';
import type { LiveEvent } from '@washdesk/contract';
import { openEventStream, type EventStreamClient } from '../test/event-stream-client.ts';
import { PHONE_ENV, phoneCaller } from '../test/phone-caller.ts';
import { startTestServer, type TestServer } from '../test/test-server.ts';

// Phone calls on the event stream: staff hear of a call, a miss, a call-back request and a booking
// the moment Twilio's webhooks commit them, once each.

let server: TestServer;
let stream: EventStreamClient | undefined;
afterEach(async () => {
  stream?.close();
  expect(server.errors).toEqual([]);
  await server.stop();
});

const types = () => stream!.live().map((e) => `${e.type} ${e.summary}`);
const waitFor = (type: LiveEvent['type'], count = 1) =>
  stream!.next(() => stream!.live().filter((e) => e.type === type).length >= count);

describe('phone calls on the event stream', () => {
  it('announces a call, its booking and its end; a call-back request; a missed call', async () => {
    server = await startTestServer({ env: PHONE_ENV, clock: () => Date.parse('2026-11-23T17:30:00Z') });
    stream = await openEventStream(server.url, server.owner.cookie);

    const dana = phoneCaller(server.url, '+17075550123');
    expect((await dana.dial()).status).toBe(200);
    await dana.dial(); // Twilio retried: still one call
    await dana.say(
      "This is Dana Whitfield, I'd like a free estimate for a house wash at 512 Redwood Drive, Garberville next Tuesday at 10 AM",
    );
    await dana.say('Yes');
    await dana.status('completed', { duration: 95, sequence: 3 });
    await dana.status('completed', { duration: 95, sequence: 3 }); // a duplicate callback
    await waitFor('call.updated');

    const sam = phoneCaller(server.url, '+17075550177');
    await sam.dial();
    await sam.say('Can I talk to a real person please');
    await waitFor('call.callback-requested');

    const missed = phoneCaller(server.url, '+17075550199');
    await missed.status('no-answer', { sequence: 1 });
    await waitFor('call.missed');

    expect(types()).toEqual([
      'call.created Call from +17075550123, answered by the assistant',
      'appointment.created Dana Whitfield: House Wash on 2026-12-01 at 10:00 AM, booked by the phone assistant',
      'call.updated Call from Dana Whitfield ended after 1:35',
      'call.created Call from +17075550177, answered by the assistant',
      'call.callback-requested Call +17075550177 back. Asked for a person: "Can I talk to a real person please"',
      'call.missed Missed call from +17075550199',
    ]);
  });
});
