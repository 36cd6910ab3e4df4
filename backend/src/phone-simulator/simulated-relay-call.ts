import crypto from 'node:crypto';
import { WebSocket } from 'ws';
import { twilioSignature } from './twilio-signature.ts';
import { InboundCall, TWILIO_WEBHOOKS, WebhookRefused, type CallLineOptions } from './simulated-call.ts';

// Twilio's side of a streamed call (ConversationRelay), written from Twilio's documentation: the
// signed incoming-call webhook, the <Connect><ConversationRelay> it answers, the signed WebSocket
// upgrade to the url given there, `setup`, then prompts, keys and interruptions; and the signed
// <Connect action> post when the session ends. `npm run call -- --stream`, the tests and the
// bench all play it against a real server.

export interface RelayCallOptions extends CallLineOptions {
  callSid?: string;
}

/** What the server sent over the socket (parsed JSON). */
export type RelayMessage =
  | { type: 'text'; token: string; last: boolean }
  | { type: 'language'; ttsLanguage: string; transcriptionLanguage: string }
  | { type: 'end'; handoffData?: string }
  | { type: string; [field: string]: unknown };

/** The <ConversationRelay> the incoming-call webhook answered with. */
export interface RelayTwiml {
  socketUrl: string;
  welcomeGreeting: string;
  /** The <Connect action>, as a public URL. */
  action: string;
}

const attr = (xml: string, tag: string, name: string) =>
  new RegExp(`<${tag}\\b[^>]*\\s${name}="([^"]*)"`).exec(xml)?.[1];
const unescapeXml = (text: string) =>
  text
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&amp;/g, '&');

/** The relay's address and greeting in a TwiML answer, or null when the call took the Gather flow. */
export function readRelayTwiml(xml: string, documentUrl: string): RelayTwiml | null {
  const socketUrl = attr(xml, 'ConversationRelay', 'url');
  if (!socketUrl) return null;
  return {
    socketUrl: unescapeXml(socketUrl),
    welcomeGreeting: unescapeXml(attr(xml, 'ConversationRelay', 'welcomeGreeting') ?? ''),
    action: new URL(unescapeXml(attr(xml, 'Connect', 'action') ?? documentUrl), documentUrl).toString(),
  };
}

export class SimulatedRelayCall extends InboundCall<RelayCallOptions> {
  /** Every message the server sent, in order. */
  readonly received: RelayMessage[] = [];
  private socket: WebSocket | null = null;
  private waiters: (() => void)[] = [];
  private closed = false;

  constructor(options: RelayCallOptions) {
    super(options, options.callSid);
  }

  /** Rings the line; the answer must be a ConversationRelay (else WebhookRefused / an Error). */
  async ring(): Promise<RelayTwiml> {
    const url = this.publicUrl(TWILIO_WEBHOOKS.incomingCall);
    const xml = await this.post(url, this.callParams('ringing'));
    const relay = readRelayTwiml(xml, url);
    if (!relay)
      throw new Error('the line answered with the Gather flow, not a ConversationRelay (PHONE_VOICE_MODE)');
    return relay;
  }

  /**
   * Opens the socket as Twilio does (X-Twilio-Signature over the wss:// url the TwiML named),
   * delivered to the server's own address, and sends `setup`.
   */
  async connect(relay: RelayTwiml, signature?: string): Promise<void> {
    const target = new URL(relay.socketUrl);
    const delivered = new URL(target.pathname + target.search, this.options.serverUrl.replace(/^http/, 'ws'));
    const socket = new WebSocket(delivered, {
      headers: {
        'X-Twilio-Signature': signature ?? twilioSignature(this.options.authToken, relay.socketUrl, {}),
      },
    });
    this.closed = false;
    socket.on('message', (data) => {
      this.received.push(JSON.parse(data.toString()) as RelayMessage);
      this.wake();
    });
    socket.on('close', () => {
      this.closed = true;
      this.wake();
    });
    await new Promise<void>((resolve, reject) => {
      socket.once('open', () => resolve());
      socket.once('unexpected-response', (_req, res) =>
        reject(new WebhookRefused(target.pathname, res.statusCode ?? 0, '')),
      );
      socket.once('error', reject);
    });
    this.socket = socket;
    this.send({
      type: 'setup',
      sessionId: `VX${crypto.randomBytes(16).toString('hex')}`,
      accountSid: 'AC00000000000000000000000000000000',
      callSid: this.callSid,
      from: this.from,
      to: this.to,
      forwardedFrom: this.to,
      callType: 'PSTN',
      direction: 'inbound',
      callStatus: 'IN-PROGRESS',
      customParameters: {},
    });
  }

  /** The caller finished saying `words` (Twilio's final transcript). */
  prompt(words: string, lang = 'en-US') {
    this.send({ type: 'prompt', voicePrompt: words, lang, last: true });
  }

  /** The caller cut in after hearing `heard` of what was being said. */
  interrupt(heard: string) {
    this.send({ type: 'interrupt', utteranceUntilInterrupt: heard, durationUntilInterruptMs: 1200 });
  }

  dtmf(digit: string) {
    this.send({ type: 'dtmf', digit });
  }

  send(message: object) {
    if (!this.socket) throw new Error('the relay socket is not open');
    this.socket.send(JSON.stringify(message));
  }

  /** Resolves with the first message from index `from` on that matches, once it has arrived. */
  async next(match: (m: RelayMessage) => boolean, from = 0): Promise<RelayMessage> {
    for (;;) {
      const found = this.received.slice(from).find(match);
      if (found) return found;
      if (this.closed) throw new Error('the relay socket closed before the message came');
      await new Promise<void>((resolve) => this.waiters.push(resolve));
    }
  }

  /** The words of the next whole reply (text tokens up to `last`) after message `from`. */
  async reply(from = 0): Promise<{ text: string; end: number }> {
    await this.next((m) => m.type === 'text' && m.last === true, from);
    const tokens = this.received.slice(from);
    const last = tokens.findIndex((m) => m.type === 'text' && m.last === true);
    const text = tokens
      .slice(0, last + 1)
      .filter((m): m is { type: 'text'; token: string; last: boolean } => m.type === 'text')
      .map((m) => m.token)
      .join('');
    return { text, end: from + last + 1 };
  }

  /** Resolves once the socket is closed (by either side). */
  async socketClosed(): Promise<void> {
    while (!this.closed) await new Promise<void>((resolve) => this.waiters.push(resolve));
  }

  /** The caller or Twilio closes the socket. */
  hangUp() {
    this.socket?.close();
  }

  /** Twilio's status callback once the call is over: completed, after `seconds`. */
  completed(seconds: number): Promise<string> {
    return this.post(this.publicUrl(TWILIO_WEBHOOKS.callStatus), {
      ...this.callParams('completed'),
      CallDuration: String(Math.max(0, Math.round(seconds))),
      Timestamp: new Date().toUTCString(),
    });
  }

  /** Twilio's post to the <Connect action> after the session ended; returns the TwiML. */
  sessionEnded(relay: RelayTwiml, fields: Record<string, string> = {}): Promise<string> {
    return this.post(relay.action, {
      ...this.callParams('in-progress'),
      SessionId: 'VX00000000000000000000000000000000',
      SessionStatus: 'ended',
      ...fields,
    });
  }

  private wake() {
    const waiting = this.waiters;
    this.waiters = [];
    for (const resolve of waiting) resolve();
  }
}
