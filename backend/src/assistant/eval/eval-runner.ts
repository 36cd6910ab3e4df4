// The evaluation set played as callers would: a real server on 127.0.0.1 with a fresh database (no
// AI key: the no-model path), the FAQ of a real business and a fixed clock (Monday 23 November
// 2026, 9:30 AM in California); the phone cases as Twilio's signed webhooks, the Messenger slice as
// Meta's signed webhook. Used by `npm run eval:assistant` (prints) and eval-run.test.ts (CI).
import { ADVERTISED_PRICES, MINIMUM_JOB_PRICE } from '@washdesk/contract';
import { PHONE_ENV, phoneCaller } from '../../test/phone-caller.ts';
import { lookItUp, startFakeOpenAi } from '../../test/fake-openai.ts';
import { startTestServer, type TestServer } from '../../test/test-server.ts';
import { spoken, verbNames } from '../../test/twiml.ts';
import {
  customerText,
  postWebhook,
  startFakeMeta,
  webhookBody,
  type FakeMeta,
} from '../../test/fake-meta.ts';
import { dollarsIn, judge, type Reply } from './eval-checks.ts';
import type { Dialogue, EvalGroup, Turn } from './eval-case.ts';
import { DIALOGUES, EVAL_FAQ, TURN_CASES } from './cases/index.ts';

export const EVAL_NOW = Date.parse('2026-11-23T17:30:00Z');
const APP_SECRET = 'eval-app-secret';

interface Conversation {
  /** Says one line; resolves with what came back and what the log recorded. */
  say(text: string): Promise<Reply>;
  /** Phone: the caller hangs up; resolves with the call's summary as Call Logs show it. */
  hangUp?(): Promise<string | null>;
}

let nextNumber = 1000;
let nextUser = 1;
let nextMid = 1;

const freshNumber = () => `+1707555${String(nextNumber++).padStart(4, '0')}`;

async function phoneConversation(server: TestServer, from = freshNumber()): Promise<Conversation> {
  const caller = phoneCaller(server.url, from);
  await caller.dial();
  const task = server.db.prepare<[string], { requested: number; reason: string | null; urgent: number }>(
    'SELECT callback_requested AS requested, callback_reason AS reason, callback_urgent AS urgent FROM calls WHERE call_sid = ?',
  );
  return {
    async say(text) {
      const twiml = await caller.twiml(await caller.say(text));
      const heard = spoken(twiml).join(' ');
      const logged = await lastLogged(server, text);
      const row = task.get(caller.callSid);
      return {
        text: heard,
        intent: logged?.intent,
        logged: logged?.aiResponse,
        handedOff: verbNames(twiml).includes('Dial') || /call you back/i.test(heard),
        callBack: row?.requested ? { reason: row.reason, urgent: row.urgent === 1 } : null,
      };
    },
    async hangUp() {
      const res = await caller.status('completed', { duration: 60 });
      if (res.status !== 204) throw new Error(`call-status answered ${res.status}`);
      await server.settled();
      return (
        (
          server.db.prepare('SELECT summary FROM calls WHERE call_sid = ?').get(caller.callSid) as
            { summary: string | null } | undefined
        )?.summary ?? null
      );
    },
  };
}

function messengerConversation(server: TestServer, meta: FakeMeta): Conversation {
  // A page-scoped id is digits only (the webhook refuses anything else).
  const userId = String(6100000000000000 + nextUser++);
  return {
    async say(text) {
      const before = meta.calls.length;
      const res = await postWebhook(
        server.url,
        webhookBody(EVAL_NOW, customerText(userId, `m_eval_${nextMid++}`, text, EVAL_NOW)),
        {
          appSecret: APP_SECRET,
        },
      );
      if (res.status !== 200) throw new Error(`the Messenger webhook answered ${res.status}`);
      await server.settled();
      const sent = meta.calls
        .slice(before)
        .map((c) => c.body as { recipient: { id: string }; message?: { text?: string } })
        .filter((b) => b.recipient.id === userId)
        .map((b) => b.message?.text ?? '')
        .join(' ');
      const logged = await lastLogged(server, text);
      return {
        text: sent,
        intent: logged?.intent,
        logged: logged?.aiResponse,
        handedOff: /office|someone|person/i.test(sent) && logged?.intent === 'handoff',
      };
    },
  };
}

async function lastLogged(server: TestServer, said: string) {
  const rows = (await (await server.get('/api/ai-responses?limit=20')).json()) as {
    id: number;
    callId: number | null;
    customerMessage: string;
    aiResponse: string;
    intent: string;
  }[];
  return rows.filter((r) => r.customerMessage === said.trim()).sort((a, b) => b.id - a.id)[0];
}

async function knownDollars(server: TestServer) {
  const responses = (await (await server.get('/api/settings/responses')).json()) as { content: string }[];
  return new Set([
    MINIMUM_JOB_PRICE,
    ...ADVERTISED_PRICES.flatMap((p) => [p.low, p.high]),
    ...responses.flatMap((r) => dollarsIn(r.content)),
    ...EVAL_FAQ.flatMap((f) => dollarsIn(f.answer)),
  ]);
}

export interface Result {
  id: string;
  group: EvalGroup;
  passed: boolean;
  /** Per failing turn: what was said, heard, and why it failed. */
  failures: string[];
  turns: number;
  logMatchesHeard: number;
}

async function play(
  id: string,
  group: EvalGroup,
  turns: readonly Turn[],
  conversation: Conversation,
  known: Set<number>,
  verbose: boolean,
): Promise<Result> {
  const failures: string[] = [];
  let saidSoFar = '';
  let logMatchesHeard = 0;
  for (const [i, turn] of turns.entries()) {
    saidSoFar += ` ${turn.says}`;
    let reply: Reply;
    try {
      reply = await conversation.say(turn.says);
    } catch (error) {
      failures.push(`turn ${i + 1} "${turn.says}": ${(error as Error).message}`);
      break;
    }
    if (reply.logged !== undefined && reply.text.includes(reply.logged)) logMatchesHeard += 1;
    const reasons = judge(turn.expect, reply, { knownDollars: known, saidSoFar });
    if (reasons.length || verbose)
      failures.push(
        `turn ${i + 1} caller: "${turn.says}"\n      heard: "${reply.text}"\n      ${reasons.length ? reasons.join('; ') : 'ok'}`,
      );
  }
  return {
    id,
    group,
    passed: !failures.some((f) => !f.endsWith('ok')),
    failures,
    turns: turns.length,
    logMatchesHeard,
  };
}

const lastAppointmentId = (server: TestServer) =>
  (server.db.prepare('SELECT COALESCE(MAX(id), 0) AS id FROM appointments').get() as { id: number }).id;

/** Staff's own bookings before a dialogue that must meet a taken hour. */
async function bookAhead(server: TestServer, dialogue: Dialogue) {
  for (const slot of dialogue.alreadyBooked ?? []) {
    const res = await server.send('POST', '/api/appointments/create', {
      customerName: 'Booked By Staff',
      customerPhone: '+17075550111',
      address: '1 Staff Way, Garberville, CA 95542',
      serviceType: 'house-wash',
      preferredDate: slot.date,
      preferredTime: slot.time,
      allowOverlap: true,
    });
    if (res.status !== 201) throw new Error(`staff booking refused: ${res.status} ${await res.text()}`);
  }
}

/** The visit a caller already has (booked by staff, from its own number): its id and number. */
async function existingVisit(server: TestServer, dialogue: Dialogue) {
  const visit = dialogue.existing;
  if (!visit) return null;
  const phone = freshNumber();
  const res = await server.send('POST', '/api/appointments/create', {
    customerName: visit.name,
    customerPhone: phone,
    address: visit.address,
    serviceType: 'house-wash',
    preferredDate: visit.date,
    preferredTime: visit.time,
    allowOverlap: true,
  });
  if (res.status !== 201) throw new Error(`staff booking refused: ${res.status} ${await res.text()}`);
  const { id } = (await res.json()) as { id: number };
  return { id, phone, from: visit.from === 'file' ? phone : freshNumber() };
}

/** The caller's visit after the call, against what it should be (moved, cancelled, left alone; texted). */
function checkVisit(server: TestServer, dialogue: Dialogue, visit: { id: number; phone: string } | null) {
  const want = dialogue.visitAfter;
  if (!want || !visit) return [];
  const row = server.db
    .prepare('SELECT status, scheduled_date AS date, preferred_time AS time FROM appointments WHERE id = ?')
    .get(visit.id) as { status: string; date: string; time: string };
  const texts = server.db
    .prepare(
      `SELECT count(*) AS n FROM outbox_messages WHERE recipient = ? AND template = 'visit-change-by-phone'`,
    )
    .get(visit.phone) as { n: number };
  const failures: string[] = [];
  if (row.status !== want.status || row.date !== want.date || row.time !== want.time)
    failures.push(
      `the visit is ${row.status} on ${row.date} at ${row.time}, expected ${want.status} on ${want.date} at ${want.time}`,
    );
  if (texts.n > 0 !== want.texted)
    failures.push(
      want.texted ? 'the customer was not texted the change' : 'the customer was texted a change never made',
    );
  return failures;
}

/** The estimates this dialogue booked, against what it should have. */
/** The call's summary once the caller hung up, against what it must and must not say. */
async function checkSummary(dialogue: Dialogue, conversation: Conversation) {
  const want = dialogue.summary;
  if (!want) return [];
  if (!conversation.hangUp) return ['a summary is expected, but only a phone call has one'];
  const summary = (await conversation.hangUp()) ?? '';
  const has = (want: string | RegExp) =>
    typeof want === 'string' ? summary.toLowerCase().includes(want.toLowerCase()) : want.test(summary);
  const failures = [
    ...(want.must ?? []).filter((w) => !has(w)).map((w) => `summary lacks ${String(w)}`),
    ...(want.mustNot ?? []).filter((w) => has(w)).map((w) => `summary says ${String(w)}`),
  ];
  return failures.length ? [`summary: "${summary}": ${failures.join('; ')}`] : [];
}

function checkBooking(server: TestServer, dialogue: Dialogue, sinceId: number) {
  if (dialogue.booked === undefined) return [];
  const mine = server.db
    .prepare('SELECT scheduled_date, preferred_time, service_type FROM appointments WHERE id > ?')
    .all(sinceId) as { scheduled_date: string; preferred_time: string; service_type: string }[];
  if (dialogue.booked === null)
    return mine.length ? [`booked ${JSON.stringify(mine)} although the caller never confirmed`] : [];
  const want = dialogue.booked;
  const right = (r: (typeof mine)[number]) =>
    r.scheduled_date === want.date && r.preferred_time === want.time && r.service_type === want.service;
  return mine.length === 1 && right(mine[0]!)
    ? []
    : [
        `expected one estimate ${want.service} on ${want.date} at ${want.time}, found ${JSON.stringify(mine)}`,
      ];
}

export interface EvaluationOptions {
  /** Only this group's cases. */
  group?: EvalGroup;
  /** Keep the replies of passing turns too. */
  verbose?: boolean;
  /**
   * 'fake': through the model path, the fake OpenAI on 127.0.0.1 looking every question up with
   * the search_answers tool and saying what it found (fake-openai.ts lookItUp).
   */
  model?: 'fake';
}

export interface Evaluation {
  results: Result[];
  /** Errors the server logged while the set was played (none expected). */
  serverErrors: string[];
  /** With the fake model: turns it answered, and the requests it was sent. */
  byModel?: { turns: number; requests: number };
}

/** Plays the evaluation set through a fresh server's signed webhooks and judges every turn. */
export async function runEvaluation({
  group,
  verbose = false,
  model,
}: EvaluationOptions = {}): Promise<Evaluation> {
  const meta = await startFakeMeta();
  const openai = model ? await startFakeOpenAi() : undefined;
  openai?.setScenario(lookItUp);
  const server = await startTestServer({
    clock: () => EVAL_NOW,
    env: {
      ...PHONE_ENV,
      META_APP_SECRET: APP_SECRET,
      META_VERIFY_TOKEN: 'eval-verify',
      META_PAGE_ACCESS_TOKEN: 'eval-page-token',
      META_GRAPH_BASE_URL: meta.url,
      ...(openai ? { OPENAI_API_KEY: 'sk-eval-not-real', OPENAI_BASE_URL: openai.url } : {}),
    },
  });
  try {
    const ai = await server.send('PUT', '/api/settings/ai', {
      friendlyTone: true,
      autoScheduleQuotes: true,
      photoRequestPrompts: false,
      messengerAutoReply: true,
      responseDelay: 1,
    });
    if (ai.status !== 200) throw new Error(`AI settings refused: ${ai.status}`);
    for (const entry of EVAL_FAQ) {
      const res = await server.send('POST', '/api/faq', { ...entry, isActive: true });
      if (res.status !== 201) throw new Error(`FAQ entry refused: ${res.status} ${await res.text()}`);
    }
    const known = await knownDollars(server);
    const wanted = (g: EvalGroup) => !group || group === g;
    const open = (channel: 'phone' | 'messenger' | undefined, from?: string) =>
      channel === 'messenger'
        ? Promise.resolve(messengerConversation(server, meta))
        : phoneConversation(server, from);

    const results: Result[] = [];
    for (const c of TURN_CASES.filter((c) => wanted(c.group)))
      results.push(await play(c.id, c.group, [c], await open(c.channel), known, verbose));
    for (const d of DIALOGUES.filter((d) => wanted(d.group))) {
      await bookAhead(server, d);
      const visit = await existingVisit(server, d);
      const sinceId = lastAppointmentId(server);
      const conversation = await open(d.channel, visit?.from);
      const result = await play(d.id, d.group, d.turns, conversation, known, verbose);
      const booking = [
        ...checkBooking(server, d, sinceId),
        ...checkVisit(server, d, visit),
        ...(await checkSummary(d, conversation)),
      ];
      results.push({
        ...result,
        passed: result.passed && booking.length === 0,
        failures: [...result.failures, ...booking],
      });
    }
    const byModel = openai && {
      turns: (
        server.db.prepare("SELECT COUNT(*) AS n FROM ai_responses WHERE answered_by = 'model'").get() as {
          n: number;
        }
      ).n,
      requests: openai.requests.length,
    };
    return { results, serverErrors: server.errors.map(String), ...(byModel ? { byModel } : {}) };
  } finally {
    await server.stop();
    await meta.close();
    await openai?.close();
  }
}
