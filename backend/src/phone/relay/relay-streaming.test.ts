import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAssistant } from '../../assistant/assistant.ts';
import { assistantRepository } from '../../assistant/assistant.repository.ts';
import { appointmentRepository } from '../../appointments/appointment.repository.ts';
import { callRepository } from '../../calls/call.repository.ts';
import { eventRepository } from '../../events/event.repository.ts';
import { faqRepository } from '../../faq/faq.repository.ts';
import { leadRepository } from '../../leads/lead.repository.ts';
import { photoRepository } from '../../photos/photo.repository.ts';
import { settingsRepository } from '../../settings/settings.repository.ts';
import type { Assistant } from '../../assistant/assistant-turn.ts';
import { loadConfig } from '../../config.ts';
import { openDatabase, type Db } from '../../db/database.ts';
import { createEventBus } from '../../events/event-bus.ts';
import { createLogger } from '../../http/request-log.ts';
import { publicUrl } from '../public-url.ts';
import { PHONE_ENV, TEST_TWILIO } from '../../test/phone-caller.ts';
import { SimulatedRelayCall } from '../../phone-simulator/simulated-relay-call.ts';
import { conversationRelay, type ConversationRelay } from './conversation-relay.ts';
import { relayCallRepository } from './relay-call.repository.ts';
import { relaySocketUrl } from './relay-paths.ts';
import { businessHoursStore } from '../business-hours.ts';

// A model reply streamed word by word through AssistantTurnInput.onReplyText, as the model path
// will do it: the real assistant answers (real SQLite, AI response log) and its reply is handed
// on in pieces, the second held until the server has taken the caller's interruption. Over a real
// WebSocket on 127.0.0.1 to the relay's real upgrade handler.

let dir: string;
let db: Db;
let relay: ConversationRelay;
let server: http.Server;
let serverUrl: string;
const logLines: string[] = [];
/** Resolves once the server has logged `message` (a state it reaches, not a time). */
async function logged(message: string) {
  while (!logLines.some((line) => line.includes(`"msg":"${message}"`)))
    await new Promise((resolve) => setTimeout(resolve, 5));
}

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'washdesk-relay-stream-'));
  const config = loadConfig({ ...PHONE_ENV, DATA_DIR: dir, DEMO_DATA: 'off', PHONE_VOICE_MODE: 'stream' });
  db = openDatabase(config.databaseFile, config.migrationsDir);
  const real = createAssistant({
    repo: assistantRepository(db, { faq: faqRepository(db) }),
    faq: faqRepository(db),
    leads: leadRepository(db, photoRepository(db)),
    config,
    settings: settingsRepository(db),
    appointments: appointmentRepository(db),
    pause: () => Promise.resolve(),
  });
  // The model path's streaming, played with the real reply: a Spanish caller is answered whole, in es-US.
  const streaming: Assistant = {
    ...real,
    async turn(input) {
      const turn = await real.turn({ ...input, onReplyText: undefined });
      if (input.message.startsWith('Hola')) return { ...turn, language: 'es-US' };
      const [first, ...rest] = turn.reply.split(/(?<= )/);
      input.onReplyText?.(first!);
      if (input.message.includes('cut')) await logged('caller cut in');
      for (const piece of rest) input.onReplyText?.(piece);
      return turn;
    },
  };
  const capture = new Writable({
    write(chunk: Buffer, _encoding, done) {
      logLines.push(chunk.toString());
      done();
    },
  });
  relay = conversationRelay({
    config,
    relays: relayCallRepository(db),
    calls: callRepository(db, { callerName: () => null }),
    hours: businessHoursStore(settingsRepository(db)),
    assistant: streaming,
    publicUrl: publicUrl(TEST_TWILIO.publicBaseUrl),
    texts: null,
    logger: createLogger('debug', capture),
    events: createEventBus(eventRepository(db)),
  });
  server = http.createServer((_req, res) => res.writeHead(404).end());
  server.on('upgrade', relay.upgrade);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  serverUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await relay.close();
  await new Promise((resolve) => server.close(resolve));
  db.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

async function answeredCall() {
  const call = new SimulatedRelayCall({
    serverUrl,
    publicBaseUrl: TEST_TWILIO.publicBaseUrl,
    authToken: TEST_TWILIO.authToken,
  });
  const row = callRepository(db, { callerName: () => null }).open(call.callSid, call.from);
  relayCallRepository(db).greeted(row.id, 'Hello, this is the virtual assistant.');
  await call.connect({
    socketUrl: relaySocketUrl(TEST_TWILIO.publicBaseUrl, call.callSid),
    welcomeGreeting: '',
    action: '',
  });
  const replies = () =>
    db
      .prepare('SELECT customer_message, ai_response FROM ai_responses WHERE call_id = ? ORDER BY id')
      .all(row.id);
  return { call, replies, callId: row.id };
}

describe('a streamed model reply', () => {
  it('goes out piece by piece as it is written, then a closing last token', async () => {
    const { call, replies } = await answeredCall();
    call.prompt('Where are you located?');
    const { text } = await call.reply();
    const texts = call.received.filter((m) => m.type === 'text');
    expect(texts.length).toBeGreaterThan(3);
    expect(texts.slice(0, -1).every((m) => (m as { last: boolean }).last === false)).toBe(true);
    expect(texts.at(-1)).toEqual({ type: 'text', token: '', last: true });
    expect(replies()).toEqual([{ customer_message: 'Where are you located?', ai_response: text }]);
    call.hangUp();
  });

  it('stops at an interruption: no token after it, and the stored reply ends where the caller cut in', async () => {
    const { call, replies } = await answeredCall();
    call.prompt('Where are you located? (cut)');
    const first = (await call.next((m) => m.type === 'text')) as { token: string };
    call.interrupt(first.token.trim());
    const interruptedAt = call.received.length;
    call.prompt('Do you clean gutters?');
    const next = await call.reply(interruptedAt);
    // Everything after the interruption is the next reply's; nothing more of the cut one came.
    expect(
      call.received
        .slice(interruptedAt)
        .map((m) => m.type === 'text' && m.token)
        .join(''),
    ).toBe(next.text);
    expect(call.received.slice(0, interruptedAt)).toEqual([
      { type: 'text', token: first.token, last: false },
    ]);
    expect(replies()).toEqual([
      { customer_message: 'Where are you located? (cut)', ai_response: first.token.trim() },
      { customer_message: 'Do you clean gutters?', ai_response: next.text },
    ]);
    call.hangUp();
  });

  it('switches the voice and the recogniser to Spanish before a Spanish reply', async () => {
    const { call, callId } = await answeredCall();
    call.prompt('Hola, ¿limpian techos?');
    const { text } = await call.reply();
    // Without a model a Spanish caller is told, in Spanish, that the office calls back: a hand-off.
    await call.next((m) => m.type === 'end');
    expect(call.received.slice(0, 2)).toEqual([
      { type: 'language', ttsLanguage: 'es-US', transcriptionLanguage: 'es-US' },
      { type: 'text', token: text, last: true },
    ]);
    expect(text).toContain('Alguien de la oficina le llamará');
    expect(relayCallRepository(db).get(callId)).toMatchObject({ language: 'es-US' });
    call.hangUp();
  });
});
