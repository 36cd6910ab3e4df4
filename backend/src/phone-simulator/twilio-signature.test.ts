import { describe, expect, it } from 'vitest';
import twilio from 'twilio';
import { twilioSignature } from './twilio-signature.ts';

const TOKEN = 'some-local-secret';
const URL_CALLED = 'https://quotes.example.com/api/twilio/process-speech?turn=2&call=CA1';
const PARAMS = {
  CallSid: 'CA0123456789abcdef0123456789abcdef',
  From: '+17075550123',
  To: '+17075550100',
  SpeechResult: 'Do you clean roofs? Moss & all, it’s “bad”.',
  Confidence: '0.9',
};

describe('the simulator signs requests as Twilio does', () => {
  it('is accepted by the twilio SDK’s own check', () => {
    const signature = twilioSignature(TOKEN, URL_CALLED, PARAMS);
    expect(twilio.validateRequest(TOKEN, signature, URL_CALLED, PARAMS)).toBe(true);
  });

  it('matches the worked example of Twilio’s security documentation', () => {
    // https://www.twilio.com/docs/usage/security#validating-requests
    const signature = twilioSignature('12345', 'https://mycompany.com/myapp.php?foo=1&bar=2', {
      CallSid: 'CA1234567890ABCDE',
      Caller: '+14158675310',
      Digits: '1234',
      From: '+14158675310',
      To: '+18005551212',
    });
    expect(signature).toBe('GvWf1cFY/Q7PnoempGyD5oXAezc=');
  });

  it('no longer validates once the token, URL or a parameter differs', () => {
    const signature = twilioSignature(TOKEN, URL_CALLED, PARAMS);
    expect(twilio.validateRequest('another-secret', signature, URL_CALLED, PARAMS)).toBe(false);
    expect(twilio.validateRequest(TOKEN, signature, URL_CALLED.replace('turn=2', 'turn=3'), PARAMS)).toBe(
      false,
    );
    expect(twilio.validateRequest(TOKEN, signature, URL_CALLED, { ...PARAMS, From: '+17075550999' })).toBe(
      false,
    );
  });
});
