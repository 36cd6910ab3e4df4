import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../config.ts';
import { relaySocketUrl, streamsCalls } from './relay-paths.ts';

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
});
