import crypto from 'node:crypto';
import { twilioSignature } from './twilio-signature.ts';
import { readTwiml, TwimlError, type TwimlVerb } from './twiml-reader.ts';

// A phone call as Twilio would place it against a running Washdesk server: the same webhooks,
// the same form fields, the same signature. `npm run call` types into it; tests script it.

export const TWILIO_WEBHOOKS = {
  incomingCall: '/api/twilio/incoming-call',
  callStatus: '/api/twilio/call-status',
} as const;

/** A fixed, obviously fictional caller and business line (555-01xx numbers are for fiction). */
export const DEMO_CALLER = '+17075550123';
export const DEMO_BUSINESS_LINE = '+17075550100';

/** Which server a simulated call reaches and how it is signed, in either voice mode. */
export interface CallLineOptions {
  /** Where the server answers (WASHDESK_URL). */
  serverUrl: string;
  /** The address the server believes Twilio calls (PUBLIC_BASE_URL): signatures cover it. */
  publicBaseUrl: string;
  authToken: string;
  from?: string;
  to?: string;
}

export interface SimulatedCallOptions extends CallLineOptions {
  /** Milliseconds, like Date.now; CallDuration is measured on it. */
  clock?: () => number;
}

/** What the caller hears after placing the call or saying something. */
export interface CallTurn {
  /** Everything said, in order (a Dial is told as "(Putting you through to …)"). */
  said: string[];
  /** The call is over, and how: the assistant hung up, put the caller through, or the caller hung up. */
  ended: null | { by: 'assistant' | 'dial' | 'caller'; dialed?: string };
}

/** The address Twilio posts to: a path on the public address the number is pointed at. */
const webhookUrl = (publicBaseUrl: string, pathname: string) =>
  new URL(pathname, `${publicBaseUrl.replace(/\/+$/, '')}/`).toString();

/** The fields Twilio sends about an inbound call on every voice webhook (both voice modes). */
const inboundCallParams = (
  call: { callSid: string; from: string; to: string },
  status: string,
): Record<string, string> => ({
  AccountSid: 'AC00000000000000000000000000000000',
  ApiVersion: '2010-04-01',
  CallSid: call.callSid,
  CallStatus: status,
  Direction: 'inbound',
  From: call.from,
  Caller: call.from,
  To: call.to,
  Called: call.to,
});

/** A webhook answered something other than TwiML with 2xx; `hint` says what to check. */
export class WebhookRefused extends Error {
  override name = 'WebhookRefused';
  constructor(
    readonly path: string,
    readonly status: number,
    readonly body: string,
  ) {
    super(`${path} answered ${status}${body ? `: ${body.slice(0, 300)}` : ''}`);
  }

  get hint(): string {
    if (this.status === 403)
      return 'the server refused the signature: check TWILIO_AUTH_TOKEN and PUBLIC_BASE_URL';
    if (this.status === 503) return 'the server has no TWILIO_AUTH_TOKEN';
    if (this.status === 404) return 'the server has no phone webhooks at this address: check WASHDESK_URL';
    return this.message;
  }
}

/** Where the call stands between two things the caller says. */
interface Listening {
  gather: Extract<TwimlVerb, { verb: 'Gather' }>;
  /** The verbs after the <Gather>, which Twilio runs when the caller stays silent. */
  rest: TwimlVerb[];
  /** The public URL of the document the <Gather> came from (its default action). */
  documentUrl: string;
}

const newCallSid = () => `CA${crypto.randomBytes(16).toString('hex')}`;

/**
 * Posts a signed form to the public URL Twilio would call, delivered to the server's own
 * address (the public one may be a tunnel, or a name the server only believes it has).
 */
async function postSigned(
  line: { serverUrl: string; authToken: string },
  publicUrl: string,
  params: Record<string, string>,
): Promise<string> {
  const target = new URL(publicUrl);
  const delivered = new URL(target.pathname + target.search, `${line.serverUrl.replace(/\/+$/, '')}/`);
  const res = await fetch(delivered, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/x-www-form-urlencoded',
      'X-Twilio-Signature': twilioSignature(line.authToken, publicUrl, params),
      'User-Agent': 'TwilioProxy/1.1 (washdesk phone simulator)',
    },
    body: new URLSearchParams(params),
  });
  const body = await res.text();
  if (!res.ok) throw new WebhookRefused(target.pathname, res.status, body);
  return body;
}

/**
 * One inbound call, whichever voice mode answers it: who calls which line, and Twilio's signed
 * webhooks about the call (the Gather flow's turns; the relay's ringing and <Connect action>).
 */
export abstract class InboundCall<Options extends CallLineOptions> {
  readonly from: string;
  readonly to: string;

  protected constructor(
    protected readonly options: Options,
    readonly callSid: string = newCallSid(),
  ) {
    this.from = options.from ?? DEMO_CALLER;
    this.to = options.to ?? DEMO_BUSINESS_LINE;
  }

  protected publicUrl(pathname: string) {
    return webhookUrl(this.options.publicBaseUrl, pathname);
  }

  protected callParams(status: string): Record<string, string> {
    return inboundCallParams(this, status);
  }

  protected post(publicUrl: string, params: Record<string, string>): Promise<string> {
    return postSigned(this.options, publicUrl, params);
  }
}

export class SimulatedCall extends InboundCall<SimulatedCallOptions> {
  private readonly clock: () => number;
  private readonly startedAt: number;
  private listening: Listening | null = null;
  private ended: CallTurn['ended'] = null;
  private sequence = 0;

  private constructor(options: SimulatedCallOptions) {
    super(options);
    this.clock = options.clock ?? Date.now;
    this.startedAt = this.clock();
  }

  /** Rings the business line: incoming-call, then the greeting up to the first time it listens. */
  static async place(options: SimulatedCallOptions): Promise<{ call: SimulatedCall; turn: CallTurn }> {
    const call = new SimulatedCall(options);
    const url = call.publicUrl(TWILIO_WEBHOOKS.incomingCall);
    const turn = await call.follow(await call.post(url, call.callParams('ringing')), url);
    return { call, turn };
  }

  get isOver() {
    return this.ended !== null;
  }

  /** What the caller says; an empty line is silence (Twilio's Gather timing out). */
  async say(words: string): Promise<CallTurn> {
    const at = this.listening;
    if (!at || this.ended) throw new Error('the call is not listening');
    this.listening = null;
    const heard = words.trim();
    if (!heard && !at.gather.actionOnEmptyResult) return this.run(at.rest, at.documentUrl);
    const action = new URL(at.gather.action ?? at.documentUrl, at.documentUrl).toString();
    const params = this.callParams('in-progress');
    if (heard) Object.assign(params, { SpeechResult: heard, Confidence: '0.9' });
    return this.follow(await this.post(action, params), action);
  }

  /** The caller hangs up: Twilio reports the call completed. */
  async hangUp(): Promise<CallTurn> {
    if (!this.ended) await this.end({ by: 'caller' });
    return { said: [], ended: this.ended };
  }

  private follow(twiml: string, documentUrl: string): Promise<CallTurn> {
    let verbs: TwimlVerb[];
    try {
      verbs = readTwiml(twiml);
    } catch (error) {
      if (error instanceof TwimlError)
        throw new TwimlError(`${new URL(documentUrl).pathname}: ${error.message}`);
      throw error;
    }
    return this.run(verbs, documentUrl);
  }

  /** Follows TwiML verbs as Twilio does, until the call listens or ends. */
  private async run(verbs: TwimlVerb[], documentUrl: string): Promise<CallTurn> {
    const said: string[] = [];
    for (const [i, verb] of verbs.entries()) {
      switch (verb.verb) {
        case 'Say':
          if (verb.text) said.push(verb.text);
          break;
        case 'Play':
          said.push(`(a recording plays: ${verb.url})`);
          break;
        case 'Gather':
          for (const prompt of verb.prompts) if (prompt.verb === 'Say' && prompt.text) said.push(prompt.text);
          this.listening = { gather: verb, rest: verbs.slice(i + 1), documentUrl };
          return { said, ended: null };
        case 'Redirect': {
          const next = new URL(verb.url, documentUrl).toString();
          const turn = await this.follow(await this.post(next, this.callParams('in-progress')), next);
          return { said: [...said, ...turn.said], ended: turn.ended };
        }
        case 'Dial':
          said.push(`(Putting you through to ${verb.number})`);
          await this.end({ by: 'dial', dialed: verb.number });
          return { said, ended: this.ended };
        case 'Hangup':
        case 'Reject':
          await this.end({ by: 'assistant' });
          return { said, ended: this.ended };
        case 'Pause':
          break;
        case 'Other':
          said.push(
            verb.name === 'Connect'
              ? '(this line streams its calls over ConversationRelay: run npm run call -- --stream)'
              : `(<${verb.name}> is not simulated)`,
          );
          break;
      }
    }
    // Twilio hangs up when a document runs out of verbs.
    await this.end({ by: 'assistant' });
    return { said, ended: this.ended };
  }

  /** The status callback Twilio sends when a call is over: completed, with its length in seconds. */
  private async end(how: NonNullable<CallTurn['ended']>) {
    this.ended = how;
    this.listening = null;
    const seconds = Math.max(0, Math.round((this.clock() - this.startedAt) / 1000));
    this.sequence += 1;
    await this.post(this.publicUrl(TWILIO_WEBHOOKS.callStatus), {
      ...this.callParams('completed'),
      CallDuration: String(seconds),
      SequenceNumber: String(this.sequence),
      CallbackSource: 'call-progress-events',
      Timestamp: new Date(this.clock()).toUTCString(),
    });
  }
}
