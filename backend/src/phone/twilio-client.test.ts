import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startFakeTwilio, type FakeTwilio } from '../test/fake-twilio.ts';
import { outcomeUnknown, twilioApi } from './twilio-client.ts';

// The twilio SDK itself, pointed at the fake Twilio API through TWILIO_API_BASE_URL: the requests
// it builds, its basic auth and its errors are the real ones.

let fake: FakeTwilio;
beforeAll(async () => {
  fake = await startFakeTwilio();
});
afterAll(() => fake.close());
afterEach(() => {
  fake.answer = 'accept';
  fake.texts.length = 0;
  fake.numberUpdates.length = 0;
});

const credentials = () => ({
  accountSid: fake.accountSid,
  authToken: fake.authToken,
  phoneNumber: fake.phoneNumber,
  apiBaseUrl: fake.url,
});

describe('twilioApi', () => {
  it('is null unless the account, its token and the number are all set', () => {
    expect(twilioApi({ ...credentials(), authToken: undefined })).toBeNull();
    expect(twilioApi({ ...credentials(), phoneNumber: undefined })).toBeNull();
    expect(twilioApi(credentials())).not.toBeNull();
  });

  it('sends a text from the business number', async () => {
    const sent = await twilioApi(credentials())!.sendText('+17075550123', 'Hello from the office');
    expect(fake.texts).toEqual([
      { sid: sent.sid, to: '+17075550123', from: fake.phoneNumber, body: 'Hello from the office' },
    ]);
  });

  it("rejects with Twilio's error when the text is refused, and with 401 for a wrong token", async () => {
    fake.answer = 'invalid-to';
    await expect(twilioApi(credentials())!.sendText('+1555', 'x')).rejects.toMatchObject({
      status: 400,
      code: 21211,
    });
    fake.answer = 'accept';
    await expect(
      twilioApi({ ...credentials(), authToken: 'wrong-token' })!.sendText('+17075550123', 'x'),
    ).rejects.toMatchObject({ status: 401, code: 20003 });
    expect(fake.texts).toEqual([]);
  });

  it('gives up on an API that does not answer instead of holding the caller', async () => {
    fake.answer = 'hang';
    await expect(twilioApi(credentials(), 50)!.sendText('+17075550123', 'x')).rejects.toThrow(/timeout/i);
  });

  it('tells a send Twilio may have taken (no answer, a reset) from one it never had (a refusal, no connection)', async () => {
    const failureOf = (promise: Promise<unknown>) =>
      promise.then(
        () => null,
        (error: unknown) => error,
      );
    fake.answer = 'hang';
    expect(outcomeUnknown(await failureOf(twilioApi(credentials(), 50)!.sendText('+17075550123', 'x')))).toBe(
      true,
    );
    fake.answer = 'reset';
    expect(outcomeUnknown(await failureOf(twilioApi(credentials())!.sendText('+17075550123', 'x')))).toBe(
      true,
    );
    fake.answer = 'invalid-to';
    expect(outcomeUnknown(await failureOf(twilioApi(credentials())!.sendText('+1555', 'x')))).toBe(false);
    fake.answer = 'unavailable';
    expect(outcomeUnknown(await failureOf(twilioApi(credentials())!.sendText('+17075550123', 'x')))).toBe(
      false,
    );
    const closedPort = twilioApi({ ...credentials(), apiBaseUrl: 'http://127.0.0.1:9' })!;
    expect(outcomeUnknown(await failureOf(closedPort.sendText('+17075550123', 'x')))).toBe(false);
  });

  it("points the number's voice and status callbacks at the webhooks, both POST", async () => {
    const result = await twilioApi(credentials())!.pointNumberAt({
      voiceUrl: 'https://abc.ngrok.app/api/twilio/incoming-call',
      statusCallback: 'https://abc.ngrok.app/api/twilio/call-status',
    });
    expect(result.phoneNumberSid).toMatch(/^PN/);
    expect(fake.numberUpdates).toEqual([
      {
        phoneNumberSid: result.phoneNumberSid,
        fields: {
          VoiceUrl: 'https://abc.ngrok.app/api/twilio/incoming-call',
          VoiceMethod: 'POST',
          StatusCallback: 'https://abc.ngrok.app/api/twilio/call-status',
          StatusCallbackMethod: 'POST',
        },
      },
    ]);
  });

  it('says so when the number is not on the account', async () => {
    await expect(
      twilioApi({ ...credentials(), phoneNumber: '+17075550999' })!.pointNumberAt({
        voiceUrl: 'https://x.example/a',
        statusCallback: 'https://x.example/b',
      }),
    ).rejects.toThrow('+17075550999 is not a number of this Twilio account');
    expect(fake.numberUpdates).toEqual([]);
  });
});
