import { TWILIO_WEBHOOK_PREFIX } from '../twilio-signature.ts';

/**
 * ConversationRelay's two addresses (issue 24): the WebSocket Twilio opens for a streamed call
 * (an upgrade, signed like the webhooks), and the `<Connect action>` Twilio posts when that
 * session ends (a signed webhook: hand-off, goodbye, or a dropped socket).
 */
export const RELAY_PATHS = {
  socket: `${TWILIO_WEBHOOK_PREFIX}/relay`,
  sessionEnded: `${TWILIO_WEBHOOK_PREFIX}/relay-ended`,
} as const;

/** The wss:// (or ws:// for a local simulator) address of a call's socket, as Twilio is told it. */
export const relaySocketUrl = (publicBase: string, callSid: string) =>
  `${publicBase.replace(/^http/, 'ws')}${RELAY_PATHS.socket}?call=${encodeURIComponent(callSid)}`;

/**
 * Whether calls are answered over ConversationRelay: PHONE_VOICE_MODE when set, else whenever the
 * public address (PUBLIC_BASE_URL or the ngrok tunnel, read per call) is https, since Twilio
 * connects only to wss://.
 */
export const streamsCalls = (voiceMode: 'stream' | 'gather' | undefined, publicBase: string) =>
  voiceMode ? voiceMode === 'stream' : publicBase.startsWith('https://');
