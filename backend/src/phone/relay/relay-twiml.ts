import twilio from 'twilio';
import { RELAY_PATHS, relaySocketUrl } from './relay-paths.ts';

/** What the `<ConversationRelay>` needs to know about the line. */
export interface RelayLine {
  /** TWILIO_VOICE: Polly.* and Google.* voices map to ConversationRelay's Amazon and Google TTS. */
  voice: string;
  /** Words the recogniser should expect (the services and the towns served). */
  hints: string;
  publicUrl: () => string;
}

/**
 * TWILIO_VOICE as ConversationRelay names it: Amazon voices there carry their engine
 * ("Joanna-Neural"; a <Say> voice without one gets the neural engine), Google's keep their name;
 * the classic alice/man/woman keep ConversationRelay's default voice.
 */
function ttsOf(voice: string): { ttsProvider?: string; voice?: string } {
  const [provider, name] = voice.split('.', 2);
  if (provider === 'Polly' && name)
    return { ttsProvider: 'Amazon', voice: name.includes('-') ? name : `${name}-Neural` };
  if (provider === 'Google' && name) return { ttsProvider: 'Google', voice: name };
  return {};
}

/**
 * The call goes to our WebSocket: Twilio speaks `greeting` itself, then recognises the caller
 * and speaks what we send. The caller can cut in (speech or keys); keys are reported (0 = a
 * person). When the session ends, Twilio posts to relay-ended, which says what happens next.
 */
export function relayAnswer(line: RelayLine, callSid: string, greeting: string): string {
  const response = new twilio.twiml.VoiceResponse();
  const connect = response.connect({ action: RELAY_PATHS.sessionEnded, method: 'POST' });
  connect.conversationRelay({
    url: relaySocketUrl(line.publicUrl(), callSid),
    welcomeGreeting: greeting,
    welcomeGreetingInterruptible: 'any',
    interruptible: 'any',
    dtmfDetection: true,
    language: 'en-US',
    hints: line.hints,
    ...ttsOf(line.voice),
  });
  return response.toString();
}
