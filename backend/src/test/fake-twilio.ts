import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { holdKeptAliveSockets } from '../http/keep-alive.ts';

// A stand-in for api.twilio.com on 127.0.0.1, answering the REST API's documented shapes (the
// 2010-04-01 Messages and IncomingPhoneNumbers resources, Twilio's error body), so the real twilio
// SDK is exercised over HTTP: request building, basic auth, form encoding, error classes.

export interface FakeTwilioAccount {
  accountSid: string;
  authToken: string;
  /** The business's number, as Twilio lists it (E.164). */
  phoneNumber: string;
}

export interface SentText {
  sid: string;
  to: string;
  from: string;
  body: string;
}

export interface NumberUpdate {
  phoneNumberSid: string;
  /** The form fields the update sent (VoiceUrl, VoiceMethod, StatusCallback, …). */
  fields: Record<string, string>;
}

/**
 * 'accept'; 'invalid-to' = Twilio's 400 code 21211; 'hang' = never answers (a stalled API);
 * 'unavailable' = a 503 (code 20503) a sender should retry; 'record-then-hang' = the text is
 * taken (and would reach the phone) but the answer never comes: a crash between sending and
 * recording, as the sender sees it; 'reset' = the connection is reset once the request is read,
 * and the text is NOT taken (the sender cannot tell this from a lost answer).
 */
export type FakeTwilioAnswer =
  'accept' | 'invalid-to' | 'hang' | 'unavailable' | 'record-then-hang' | 'reset';

export interface FakeTwilio extends FakeTwilioAccount {
  /** The base URL to give TWILIO_API_BASE_URL. */
  url: string;
  answer: FakeTwilioAnswer;
  /**
   * How long Twilio takes to answer a text it accepted (ms; default 0). The text is taken (and
   * listed) at once, as Twilio does while its answer is on the way: a slow answer, not a lost text.
   */
  answerDelayMs: number;
  /** How long the list and fetch of messages take to answer (ms; default 0). */
  lookupDelayMs: number;
  /** How many times the messages were listed or one was fetched (a sender resolving a send). */
  lookups: number;
  /** Each message's delivery state by SID, as a fetch reports it (queued until a test moves it). */
  statuses: Record<string, string>;
  texts: SentText[];
  /** The StatusCallback each message (by SID) asked Twilio to report its delivery to. */
  statusCallbacks: Record<string, string>;
  numberUpdates: NumberUpdate[];
  /** Recordings' audio by RecordingSid, served at …/Recordings/{sid}.mp3 to the account only. */
  recordings: Map<string, Buffer>;
  /** How many times a recording's audio was fetched with the right credentials. */
  recordingFetches: number;
  /**
   * A texted attachment (MMS) by its path under the account ("/Messages/MM…/Media/ME…"), served
   * to the account only, as Twilio serves MediaUrlN.
   */
  media: Map<
    string,
    {
      contentType: string;
      body: Buffer;
      status?: number;
      headers?: Record<string, string>;
      /** Held: answered only once this settles (a test decides when, by a state it has seen). */
      held?: Promise<void>;
    }
  >;
  /** Attachments fetched with the right credentials (their answer sent). */
  mediaFetches: number;
  /** Attachments asked for with the right credentials, answered or still held. */
  mediaAsked: number;
  /** Requests refused for bad credentials. */
  unauthorized: number;
  /** The env that points the server at this fake with the right credentials. */
  env: Record<string, string>;
  close(): Promise<void>;
}

const PHONE_NUMBER_SID = 'PN0123456789abcdef0123456789abcdef';

const twilioError = (status: number, code: number, message: string) => ({
  code,
  message,
  more_info: `https://www.twilio.com/docs/errors/${code}`,
  status,
});

/** The account a fake starts with unless given another. */
export const FAKE_TWILIO_ACCOUNT: FakeTwilioAccount = {
  accountSid: 'AC0123456789abcdef0123456789abcdef',
  authToken: 'fake-twilio-auth-token',
  phoneNumber: '+17075550100',
};

/** The env that points a server at a fake on `url` with `account`'s credentials. */
export const fakeTwilioEnv = (account: FakeTwilioAccount, url: string) => ({
  TWILIO_ACCOUNT_SID: account.accountSid,
  TWILIO_AUTH_TOKEN: account.authToken,
  TWILIO_PHONE_NUMBER: account.phoneNumber,
  TWILIO_API_BASE_URL: url,
});

export async function startFakeTwilio(account: FakeTwilioAccount = FAKE_TWILIO_ACCOUNT): Promise<FakeTwilio> {
  const hung = new Set<http.ServerResponse>();
  const delayed = new Set<NodeJS.Timeout>();
  const fake: FakeTwilio = {
    ...account,
    url: '',
    answer: 'accept',
    answerDelayMs: 0,
    lookupDelayMs: 0,
    lookups: 0,
    statuses: {},
    texts: [],
    statusCallbacks: {},
    numberUpdates: [],
    recordings: new Map(),
    recordingFetches: 0,
    media: new Map(),
    mediaFetches: 0,
    mediaAsked: 0,
    unauthorized: 0,
    env: {},
    close: () => Promise.resolve(),
  };
  const base = `/2010-04-01/Accounts/${account.accountSid}`;
  const expectedAuth = `Basic ${Buffer.from(`${account.accountSid}:${account.authToken}`).toString('base64')}`;

  const created = new Map<string, string>();
  const messageResource = (text: SentText) => ({
    account_sid: account.accountSid,
    api_version: '2010-04-01',
    body: text.body,
    date_created: created.get(text.sid),
    date_sent: null,
    date_updated: created.get(text.sid),
    direction: 'outbound-api',
    error_code: null,
    error_message: null,
    from: text.from,
    messaging_service_sid: null,
    num_media: '0',
    num_segments: '1',
    price: null,
    price_unit: 'USD',
    sid: text.sid,
    status: fake.statuses[text.sid] ?? 'queued',
    subresource_uris: { media: `${base}/Messages/${text.sid}/Media.json` },
    to: text.to,
    uri: `${base}/Messages/${text.sid}.json`,
  });

  const server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk: Buffer) => (raw += chunk.toString()));
    req.on('end', () => {
      const send = (status: number, body: object) =>
        res.writeHead(status, { 'Content-Type': 'application/json' }).end(JSON.stringify(body));
      // An answer that takes `ms`: a client that gave up has closed the socket by then.
      const sendAfter = (ms: number, status: number, body: object) => {
        if (ms <= 0) return send(status, body);
        const timer = setTimeout(() => {
          delayed.delete(timer);
          if (!res.destroyed) send(status, body);
        }, ms);
        delayed.add(timer);
      };
      // For benchmarks in another process: what the fake served and was asked to send.
      if (req.method === 'GET' && req.url === '/__counts')
        return send(200, { mediaFetches: fake.mediaFetches, texts: fake.texts.length });
      if (req.headers.authorization !== expectedAuth) {
        fake.unauthorized += 1;
        return send(401, twilioError(401, 20003, 'Authenticate'));
      }
      const url = new URL(req.url ?? '/', 'http://fake');
      const fields = Object.fromEntries(new URLSearchParams(raw));
      const now = new Date().toUTCString();

      const attachment = fake.media.get(url.pathname.slice(base.length));
      if (req.method === 'GET' && url.pathname.startsWith(base) && attachment) {
        fake.mediaAsked += 1;
        return void (attachment.held ?? Promise.resolve()).then(() => {
          if (res.destroyed) return;
          fake.mediaFetches += 1;
          res
            .writeHead(attachment.status ?? 200, {
              'Content-Type': attachment.contentType,
              'Content-Length': attachment.body.length,
              // A redirect to the media store, or a body sent compressed.
              ...attachment.headers,
            })
            .end(attachment.body);
        });
      }
      const recording = /^\/Recordings\/(RE[0-9a-f]{32})\.mp3$/.exec(url.pathname.slice(base.length));
      if (req.method === 'GET' && url.pathname.startsWith(base) && recording) {
        const audio = fake.recordings.get(recording[1]!);
        if (!audio)
          return send(404, twilioError(404, 20404, `The requested resource ${url.pathname} was not found`));
        fake.recordingFetches += 1;
        return void res
          .writeHead(200, { 'Content-Type': 'audio/mpeg', 'Content-Length': audio.length })
          .end(audio);
      }
      if (req.method === 'POST' && url.pathname === `${base}/Messages.json`) {
        if (fake.answer === 'hang') return void hung.add(res);
        if (fake.answer === 'invalid-to')
          return send(400, twilioError(400, 21211, `Invalid 'To' Phone Number: ${fields.To ?? ''}`));
        if (fake.answer === 'unavailable') return send(503, twilioError(503, 20503, 'Service Unavailable'));
        if (fake.answer === 'reset') return void req.socket.destroy();
        const sid = `SM${String(fake.texts.length + 1).padStart(32, '0')}`;
        const text: SentText = { sid, to: fields.To ?? '', from: fields.From ?? '', body: fields.Body ?? '' };
        fake.texts.push(text);
        created.set(sid, now);
        if (fields.StatusCallback) fake.statusCallbacks[sid] = fields.StatusCallback;
        if (fake.answer === 'record-then-hang') return void hung.add(res);
        return sendAfter(fake.answerDelayMs, 201, messageResource(text));
      }
      const fetched = /^\/Messages\/(SM[0-9a-f]{32})\.json$/.exec(url.pathname.slice(base.length));
      if (req.method === 'GET' && fetched) {
        fake.lookups += 1;
        const text = fake.texts.find((t) => t.sid === fetched[1]);
        if (!text)
          return sendAfter(
            fake.lookupDelayMs,
            404,
            twilioError(404, 20404, `The requested resource ${url.pathname} was not found`),
          );
        return sendAfter(fake.lookupDelayMs, 200, messageResource(text));
      }
      if (req.method === 'GET' && url.pathname === `${base}/Messages.json`) {
        fake.lookups += 1;
        // Newest first, filtered by To and From as Twilio's list does.
        const to = url.searchParams.get('To');
        const from = url.searchParams.get('From');
        const size = Number(url.searchParams.get('PageSize') ?? 50);
        const listed = fake.texts
          .filter((t) => (!to || t.to === to) && (!from || t.from === from))
          .reverse()
          .slice(0, size);
        return sendAfter(fake.lookupDelayMs, 200, {
          messages: listed.map(messageResource),
          end: listed.length - 1,
          first_page_uri: `${base}/Messages.json?PageSize=${size}&Page=0`,
          next_page_uri: null,
          page: 0,
          page_size: size,
          previous_page_uri: null,
          start: 0,
          uri: `${base}/Messages.json?PageSize=${size}&Page=0`,
        });
      }

      const numberResource = (updated: Record<string, string> = {}) => ({
        account_sid: account.accountSid,
        api_version: '2010-04-01',
        friendly_name: account.phoneNumber,
        phone_number: account.phoneNumber,
        sid: PHONE_NUMBER_SID,
        voice_url: updated.VoiceUrl ?? '',
        voice_method: updated.VoiceMethod ?? 'POST',
        status_callback: updated.StatusCallback ?? '',
        status_callback_method: updated.StatusCallbackMethod ?? 'POST',
        uri: `${base}/IncomingPhoneNumbers/${PHONE_NUMBER_SID}.json`,
      });
      if (req.method === 'GET' && url.pathname === `${base}/IncomingPhoneNumbers.json`) {
        const wanted = url.searchParams.get('PhoneNumber');
        const last = fake.numberUpdates.at(-1)?.fields;
        const list = !wanted || wanted === account.phoneNumber ? [numberResource(last)] : [];
        return send(200, {
          incoming_phone_numbers: list,
          end: list.length ? 0 : -1,
          first_page_uri: `${base}/IncomingPhoneNumbers.json?PageSize=50&Page=0`,
          next_page_uri: null,
          page: 0,
          page_size: 50,
          previous_page_uri: null,
          start: 0,
          uri: `${base}/IncomingPhoneNumbers.json?PageSize=50&Page=0`,
        });
      }
      if (req.method === 'POST' && url.pathname === `${base}/IncomingPhoneNumbers/${PHONE_NUMBER_SID}.json`) {
        fake.numberUpdates.push({ phoneNumberSid: PHONE_NUMBER_SID, fields });
        return send(200, numberResource(fields));
      }
      send(404, twilioError(404, 20404, `The requested resource ${url.pathname} was not found`));
    });
  });
  // As the real server does: the SDK's kept-alive socket must not be closed under its next request.
  holdKeptAliveSockets(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  fake.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  fake.env = fakeTwilioEnv(account, fake.url);
  fake.close = () =>
    new Promise((resolve) => {
      for (const res of hung) res.destroy();
      for (const timer of delayed) clearTimeout(timer);
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return fake;
}
