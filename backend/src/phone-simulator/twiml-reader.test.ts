import { describe, expect, it } from 'vitest';
import twilio from 'twilio';
import { decodeEntities, readTwiml, TwimlError } from './twiml-reader.ts';

describe('reading the TwiML a voice webhook answers', () => {
  it('reads what the twilio SDK builds: Say, Gather with its prompt and action, Dial, Hangup', () => {
    const answer = new twilio.twiml.VoiceResponse();
    answer.say({ voice: 'Polly.Joanna' }, `Hi, it's Redwood Soft Wash & Co. <virtual assistant>`);
    const gather = answer.gather({
      input: ['speech'],
      action: 'https://quotes.example.com/api/twilio/process-speech?turn=1&call=CA1',
      method: 'POST',
      actionOnEmptyResult: true,
    });
    gather.say('How can I help?');
    answer.dial('+17075550199');
    answer.hangup();

    expect(readTwiml(answer.toString())).toEqual([
      { verb: 'Say', text: `Hi, it's Redwood Soft Wash & Co. <virtual assistant>` },
      {
        verb: 'Gather',
        action: 'https://quotes.example.com/api/twilio/process-speech?turn=1&call=CA1',
        method: 'POST',
        input: 'speech',
        actionOnEmptyResult: true,
        prompts: [{ verb: 'Say', text: 'How can I help?' }],
      },
      { verb: 'Dial', number: '+17075550199' },
      { verb: 'Hangup' },
    ]);
  });

  it('reads hand-written TwiML: single quotes, comments, CDATA, SSML inside Say, self-closing tags', () => {
    const xml = `<?xml version="1.0" encoding="UTF-8"?>
      <!-- the greeting -->
      <Response>
        <Say>Hello <prosody rate="slow">there</prosody>,<break time="1s"/> friend&#39;s &#x2019;home&#x2019;</Say>
        <Gather input='speech' action='/api/twilio/process-speech'><Say><![CDATA[Fish & chips]]></Say></Gather>
        <Say>Are you still there?</Say>
        <Redirect method="POST">/api/twilio/process-speech?silence=1</Redirect>
        <Pause length="2"/>
        <Record />
      </Response>`;
    expect(readTwiml(xml)).toEqual([
      { verb: 'Say', text: 'Hello there, friend\u0027s \u2019home\u2019' },
      {
        verb: 'Gather',
        action: '/api/twilio/process-speech',
        method: 'POST',
        input: 'speech',
        actionOnEmptyResult: false,
        prompts: [{ verb: 'Say', text: 'Fish & chips' }],
      },
      { verb: 'Say', text: 'Are you still there?' },
      { verb: 'Redirect', url: '/api/twilio/process-speech?silence=1', method: 'POST' },
      { verb: 'Pause', seconds: 2 },
      { verb: 'Other', name: 'Record' },
    ]);
  });

  it('decodes the XML entities and leaves unknown ones as written', () => {
    expect(decodeEntities('a &amp; b &lt;c&gt; &quot;d&quot; &apos;e&apos; &#65;&#x42; &nbsp;')).toBe(
      `a & b <c> "d" 'e' AB &nbsp;`,
    );
  });

  it.each([
    ['an HTML error page', '<html><body>Bad gateway</body></html>'],
    ['JSON', '{"error":"nope"}'],
    ['a tag never closed', '<Response><Say>hi</Response>'],
    ['an unclosed comment', '<Response><!-- </Response>'],
  ])('refuses %s', (_, text) => {
    expect(() => readTwiml(text)).toThrow(TwimlError);
  });
});
