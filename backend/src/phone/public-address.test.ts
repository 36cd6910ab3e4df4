import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FakeTwilio } from '../test/fake-twilio.ts';
import { startTwilioLine } from '../test/twilio-line.ts';
import { phoneCaller, TEST_TWILIO } from '../test/phone-caller.ts';
import { startTestServer, type TestServer } from '../test/test-server.ts';
import { goPublic, type OpenTunnel } from './public-address.ts';

// What `npm start` does with NGROK_AUTHTOKEN, without ngrok itself (never in tests): a stand-in
// tunnel gives an address, and the real server, the real twilio SDK and the fake Twilio API do the
// rest. Then Twilio's requests, signed for the tunnel's address, are the ones the server accepts.

const TUNNEL = 'https://f00d-1-2-3-4.ngrok-free.app';

let fake: FakeTwilio;
let server: TestServer;
beforeAll(async () => {
  ({ fake, server } = await startTwilioLine({ env: { NGROK_AUTHTOKEN: 'test-ngrok-token' } }));
});
afterAll(() => server.stop());

describe('going public at start', () => {
  it('moves the public address to the tunnel, prints the webhooks, and points the Twilio number at them', async () => {
    const opened: { port: number; authtoken: string }[] = [];
    let closed = false;
    const openTunnel: OpenTunnel = async (port, authtoken) => {
      opened.push({ port, authtoken });
      return { url: TUNNEL, close: async () => void (closed = true) };
    };
    const port = Number(new URL(server.url).port);
    const address = await goPublic({ config: server.config, publicUrl: server.publicUrl, port, openTunnel });

    expect(opened).toEqual([{ port, authtoken: 'test-ngrok-token' }]);
    expect(server.publicUrl.get()).toBe(TUNNEL);
    expect(address.lines).toEqual([
      `Public address (ngrok tunnel): ${TUNNEL}`,
      'Twilio webhooks (POST):',
      `  Incoming call:     ${TUNNEL}/api/twilio/incoming-call`,
      `  Speech processing: ${TUNNEL}/api/twilio/process-speech`,
      `  Call status:       ${TUNNEL}/api/twilio/call-status`,
      `The Twilio number ${TEST_TWILIO.phoneNumber} now sends its calls to these webhooks.`,
    ]);
    expect(fake.numberUpdates.map((u) => u.fields)).toEqual([
      {
        VoiceUrl: `${TUNNEL}/api/twilio/incoming-call`,
        VoiceMethod: 'POST',
        StatusCallback: `${TUNNEL}/api/twilio/call-status`,
        StatusCallbackMethod: 'POST',
      },
    ]);

    // The Telephony tab shows the addresses in use now.
    const telephony = await (await server.get('/api/settings/telephony')).json();
    expect(telephony.publicBaseUrl).toBe(TUNNEL);

    // Twilio signs for the tunnel's address: accepted; a request signed for the old one is not.
    const viaTunnel = phoneCaller(server.url, '+17075550123', { publicBaseUrl: TUNNEL });
    expect((await viaTunnel.dial()).status).toBe(200);
    const viaOld = phoneCaller(server.url, '+17075550123', { publicBaseUrl: TEST_TWILIO.publicBaseUrl });
    expect((await viaOld.dial()).status).toBe(403);

    // The texted photo link uses the tunnel too (the assistant reads the same holder).
    const settings = {
      friendlyTone: false,
      autoScheduleQuotes: false,
      photoRequestPrompts: true,
      messengerAutoReply: true,
      responseDelay: 1,
    };
    expect((await server.send('PUT', '/api/settings/ai', settings)).status).toBe(200);
    await viaTunnel.say('Can I get a quote?');
    await viaTunnel.say('Yes');
    expect(fake.texts.map((t) => t.body)).toEqual([expect.stringContaining(`${TUNNEL}/photo-quote-tool`)]);

    await address.close();
    expect(closed).toBe(true);
  });

  it('says so and keeps the configured address when the tunnel cannot open', async () => {
    server.publicUrl.set(TEST_TWILIO.publicBaseUrl);
    const address = await goPublic({
      config: server.config,
      publicUrl: server.publicUrl,
      port: 1,
      openTunnel: () => Promise.reject(new Error('authentication failed')),
      twilio: null,
    });
    expect(server.publicUrl.get()).toBe(TEST_TWILIO.publicBaseUrl);
    expect(address.lines[0]).toBe(
      `The ngrok tunnel could not be opened (authentication failed); using ${TEST_TWILIO.publicBaseUrl}.`,
    );
    expect(address.lines).toContain(
      `  Incoming call:     ${TEST_TWILIO.publicBaseUrl}/api/twilio/incoming-call`,
    );
  });

  it('prints nothing for a server only on localhost without a tunnel', async () => {
    const local = await startTestServer();
    try {
      const address = await goPublic({ config: local.config, publicUrl: local.publicUrl, port: 1 });
      expect(address.lines).toEqual([]);
    } finally {
      await local.stop();
    }
  });
});
