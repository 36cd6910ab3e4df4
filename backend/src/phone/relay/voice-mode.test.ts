import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../config.ts';
import { relaySocketUrl, streamsCalls } from './relay-paths.ts';
import { relayAnswer } from './relay-twiml.ts';
import { parseTwiml } from '../../test/twiml.ts';

// PHONE_VOICE_MODE: which flow answers a call. Unset, the public address decides, read per call
// (an ngrok tunnel that opens after start moves the line to https, and so to streaming).

describe('the voice mode', () => {
  it('streams on an https address unless told otherwise, and never on a plain http one by default', () => {
    expect(streamsCalls(undefined, 'https://quotes.example.com')).toBe(true);
    expect(streamsCalls(undefined, 'http://localhost:3000')).toBe(false);
    expect(streamsCalls('gather', 'https://quotes.example.com')).toBe(false);
    expect(streamsCalls('stream', 'http://localhost:3000')).toBe(true);
  });

  it('is read from PHONE_VOICE_MODE: stream, gather, or empty for the default; anything else stops the server', () => {
    expect(loadConfig({ PHONE_VOICE_MODE: 'stream' }).providers.twilio.voiceMode).toBe('stream');
    expect(loadConfig({ PHONE_VOICE_MODE: 'gather' }).providers.twilio.voiceMode).toBe('gather');
    expect(loadConfig({ PHONE_VOICE_MODE: '' }).providers.twilio.voiceMode).toBeUndefined();
    expect(() => loadConfig({ PHONE_VOICE_MODE: 'websocket' })).toThrow(ConfigError);
  });

  it('gives Twilio the wss:// address of the call’s socket on the public address', () => {
    expect(relaySocketUrl('https://quotes.example.com', 'CA0123')).toBe(
      'wss://quotes.example.com/api/twilio/relay?call=CA0123',
    );
    expect(relaySocketUrl('http://localhost:3000', 'CA0123')).toBe(
      'ws://localhost:3000/api/twilio/relay?call=CA0123',
    );
  });

  it('speaks in TWILIO_VOICE: Polly voices with their engine, Google voices by name, the classic ones by default', () => {
    const relayOf = (voice: string) =>
      parseTwiml(
        relayAnswer({ voice, hints: 'Roof Cleaning', publicUrl: () => 'https://q.example.com' }, 'CA1', 'Hi'),
      ).children[0]!.children[0]!.attrs;
    expect(relayOf('Polly.Joanna')).toMatchObject({ ttsProvider: 'Amazon', voice: 'Joanna-Neural' });
    expect(relayOf('Polly.Matthew-Generative')).toMatchObject({
      ttsProvider: 'Amazon',
      voice: 'Matthew-Generative',
    });
    expect(relayOf('Google.en-US-Neural2-F')).toMatchObject({
      ttsProvider: 'Google',
      voice: 'en-US-Neural2-F',
    });
    const classic = relayOf('alice');
    expect(classic.voice).toBeUndefined();
    expect(classic).toMatchObject({
      welcomeGreeting: 'Hi',
      language: 'en-US',
      interruptible: 'any',
      dtmfDetection: 'true',
      hints: 'Roof Cleaning',
    });
  });
});
