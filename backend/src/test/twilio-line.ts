import type { Clock } from '../time.ts';
import { startFakeTwilio, type FakeTwilio } from './fake-twilio.ts';
import { TEST_TWILIO } from './phone-caller.ts';
import { startTestServer, type TestServer } from './test-server.ts';

// A test server whose business line is TEST_TWILIO's account on a fake Twilio API on 127.0.0.1
// (what the line texts lands there), and which Twilio reaches at TEST_TWILIO.publicBaseUrl.

/** The env of a server on `fake`'s line; `env` adds to it or overrides it. */
export const twilioLineEnv = (fake: FakeTwilio, env: Record<string, string> = {}) => ({
  ...fake.env,
  PUBLIC_BASE_URL: TEST_TWILIO.publicBaseUrl,
  ...env,
});

/** The fake Twilio and the server on its line; the server's `stop` closes the fake Twilio too. */
export async function startTwilioLine(
  options: { env?: Record<string, string>; clock?: Clock } = {},
): Promise<{ fake: FakeTwilio; server: TestServer }> {
  const fake = await startFakeTwilio(TEST_TWILIO);
  const server = await startTestServer({ env: twilioLineEnv(fake, options.env), clock: options.clock });
  return {
    fake,
    server: {
      ...server,
      async stop() {
        await server.stop();
        await fake.close();
      },
    },
  };
}
