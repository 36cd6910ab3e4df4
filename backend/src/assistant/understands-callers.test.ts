import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PHONE_ENV, phoneCaller } from '../test/phone-caller.ts';
import { startTestServer, type TestServer } from '../test/test-server.ts';
import { spoken, verb, verbNames } from '../test/twiml.ts';
import { customerText, postWebhook, startFakeMeta, webhookBody, type FakeMeta } from '../test/fake-meta.ts';
import { SPANISH_VOICE } from '../phone/voice-replies.ts';
import { SPANISH_NOTE } from './call-summary.ts';

// Issue 23's "Why", each bullet replayed as a caller would: through Twilio's signed webhooks (and
// Meta's for Messenger), with no AI key, on a fixed Monday 23 November 2026, 9:30 AM in California.

const NOW = Date.parse('2026-11-23T17:30:00Z');
const APP_SECRET = 'why-app-secret';
let server: TestServer;
let meta: FakeMeta;

beforeAll(async () => {
  meta = await startFakeMeta();
  server = await startTestServer({
    clock: () => NOW,
    env: {
      ...PHONE_ENV,
      META_APP_SECRET: APP_SECRET,
      META_VERIFY_TOKEN: 'why-verify',
      META_PAGE_ACCESS_TOKEN: 'why-page-token',
      META_GRAPH_BASE_URL: meta.url,
    },
  });
  const ai = {
    friendlyTone: true,
    autoScheduleQuotes: true,
    photoRequestPrompts: false,
    messengerAutoReply: true,
    responseDelay: 1,
  };
  expect((await server.send('PUT', '/api/settings/ai', ai)).status).toBe(200);
  for (const [question, answer, category] of [
    [
      'Do you come out to Shelter Cove?',
      'Yes, Shelter Cove is in our regular service area.',
      'Service Areas',
    ],
    [
      'Is soft washing safe for my plants and pets?',
      'Yes. We wet and rinse your plants before and after, and pets only need to stay inside until the surfaces are dry.',
      'Services',
    ],
    ['What forms of payment do you accept?', 'Cash, check and all major credit cards.', 'Pricing'],
  ])
    expect(
      (await server.send('POST', '/api/faq', { question, answer, category, isActive: true })).status,
    ).toBe(201);
}, 60_000);
afterAll(async () => {
  await server.stop();
  await meta.close();
});

let nextNumber = 200;
async function call() {
  const caller = phoneCaller(server.url, `+1707555${String(nextNumber++).padStart(4, '0')}`);
  await caller.dial();
  return {
    caller,
    /** What the caller hears back, all of it, and the TwiML it came in. */
    async says(text: string) {
      const twiml = await caller.twiml(await caller.say(text));
      return { heard: spoken(twiml).join(' '), twiml };
    },
  };
}

/** The AI response log's row for what was said last. */
async function logged(said: string) {
  const rows = (await (await server.get('/api/ai-responses?limit=50')).json()) as {
    id: number;
    customerMessage: string;
    aiResponse: string;
    intent: string;
  }[];
  return rows.filter((r) => r.customerMessage === said).sort((a, b) => b.id - a.id)[0]!;
}

describe("issue 23's callers, replayed through the signed webhooks", () => {
  it('"Do you come out to Willits?" is answered about Willits, never with the Shelter Cove entry', async () => {
    const { says } = await call();
    const { heard } = await says('Do you come out to Willits?');
    expect(heard).toContain('Willits is in Mendocino County, in our service area');
    expect(heard).not.toContain('Shelter Cove');
    const { heard: outside } = await says('What about Crescent City?');
    expect(outside).toContain('Crescent City is in Del Norte County, which is outside our service area');
  });

  it('"a two-story house, about 2,400 square feet" gets the pricing engine\'s total', async () => {
    const { says } = await call();
    const { heard } = await says('How much to wash a two-story house, about 2,400 square feet?');
    // 2,400 sq ft × $0.40–$0.65 × 1.1 (two storeys).
    expect(heard).toContain('$1,056');
    expect(heard).toContain('$1,716');
    expect(heard).not.toMatch(/per square foot/);
  });

  it('other surfaces are priced as themselves; one with no rate is never given the house price', async () => {
    const { says } = await call();
    const driveway = await says("What do you charge to clean a driveway? It's maybe 600 square feet.");
    expect(driveway.heard).toContain('$180');
    expect(driveway.heard).toContain('$300');
    const deck = await (await call()).says("What's the price to clean my deck?");
    expect(deck.heard).toContain("We don't have a set price for the deck");
    expect(deck.heard).not.toMatch(/\$0\.40|\$0\.65/);
  });

  it('an FAQ question asked in other words gets its entry; one the FAQ does not answer gets the honest answer', async () => {
    const roses = await (await call()).says('Will the stuff you spray kill my roses?');
    expect(roses.heard).toContain('We wet and rinse your plants');
    const card = await (await call()).says('Can I pay with a card?');
    expect(card.heard).toContain('credit cards');
    const hiring = await (await call()).says('Are you hiring right now? My son needs a summer job.');
    expect(hiring.heard).toContain("I don't have that information");
    expect(hiring.heard).not.toContain('Shelter Cove');
  });

  it('books the Tuesday December 1st 10 AM roof estimate from one sentence, and "11 works" moves it', async () => {
    const { says } = await call();
    const first = await says("I'd like a free roof cleaning estimate on Tuesday December 1st at 10 AM");
    expect(first.heard).toContain('May I have your name?');
    expect(first.heard).not.toMatch(/estimates are always free|what day|which service/i);
    expect((await says('Maria Lopez')).heard).toContain('What is the address of the property?');
    const readBack = await says('212 Oak Street, Redway');
    expect(readBack.heard).toContain(
      'a free estimate for Roof Cleaning at 212 Oak Street, Redway, on Tuesday, December 1 at 10:00 AM, for Maria Lopez. Shall I book it?',
    );
    expect((await says('actually make it 11')).heard).toContain('Tuesday, December 1 at 11:00 AM');
    // A bare "11 works" answering "what time?" is understood too.
    const other = await call();
    await other.says('Can I get an estimate for washing my house on Wednesday?');
    await other.says('Tom Baker');
    expect((await other.says('55 Pine Street in Fortuna')).heard).toMatch(/what time/i);
    expect((await other.says('11 works')).heard).toContain('Wednesday, November 25 at 11:00 AM');
    expect((await says('yes')).heard).toContain('booked for Tuesday, December 1 at 11:00 AM');
    const booked = server.db
      .prepare(
        "SELECT scheduled_date, preferred_time, service_type FROM appointments WHERE customer_name = 'Maria Lopez'",
      )
      .all();
    expect(booked).toEqual([
      { scheduled_date: '2026-12-01', preferred_time: '11:00 AM', service_type: 'roof-cleaning' },
    ]);
  });

  it('"Can I talk to a real person?": the log records exactly the words the caller heard', async () => {
    const { caller, says } = await call();
    const { heard, twiml } = await says('Can I talk to a real person?');
    expect(heard).toContain("I can't put you through to a person right now");
    const row = await logged('Can I talk to a real person?');
    expect(row.intent).toBe('handoff');
    // The whole reply is one <Say>, and it is the logged text, word for word.
    expect(spoken(twiml)[0]).toBe(row.aiResponse);
    expect(row.aiResponse).not.toContain('Let me get you to someone');
    const callRow = server.db
      .prepare('SELECT callback_requested FROM calls WHERE call_sid = ?')
      .get(caller.callSid);
    expect(callRow).toEqual({ callback_requested: 1 });
  });

  it('a Spanish-speaking caller hears in Spanish that the office will call back, and the lead says Spanish', async () => {
    const { caller, says } = await call();
    const { twiml } = await says('Hola, ¿es seguro para mis plantas y mi perro?');
    // Heard in Polly's Spanish voice, and listened to in Spanish.
    const gather = verb(twiml, 'Gather');
    expect(gather.attrs).toMatchObject({ language: 'es-US' });
    const say = gather.children.find((v) => v.name === 'Say')!;
    expect(say.attrs).toMatchObject({ language: 'es-US', voice: SPANISH_VOICE });
    expect(say.text).toContain('Alguien de la oficina le llamará a este número');
    expect(verbNames(twiml)).not.toContain('Record');
    expect(
      server.db.prepare('SELECT callback_requested FROM calls WHERE call_sid = ?').get(caller.callSid),
    ).toEqual({ callback_requested: 1 });
    expect((await logged('Hola, ¿es seguro para mis plantas y mi perro?')).aiResponse).toBe(say.text);
    // Stored once on the caller's record (issue 37): every text and e-mail to this number after is
    // Spanish (customers/customer-language.test.ts follows a stored Spanish customer through them).
    expect(
      server.db
        .prepare(
          `SELECT c.language FROM customers c JOIN customer_keys k ON k.customer_id = c.id
           WHERE k.key = 'phone:' || substr(?, 3) AND c.merged_into IS NULL`,
        )
        .get(caller.from),
    ).toEqual({ language: 'es' });
    // The call ends: its summary (and so its lead in the requests inbox) says to answer in Spanish.
    expect((await caller.status('completed', { duration: 30 })).status).toBe(204);
    const leads = (await (await server.get('/api/leads')).json()) as {
      channel: string;
      phone: string;
      detail: string | null;
    }[];
    const lead = leads.find((l) => l.channel === 'phone' && l.phone === caller.from);
    expect(lead?.detail).toContain(SPANISH_NOTE);

    // Messenger: the same words in Spanish, and the conversation's lead carries the note at once.
    const user = '6200000000000001';
    const res = await postWebhook(
      server.url,
      webhookBody(NOW, customerText(user, 'm_why_es_1', 'hola, es seguro para mis plantas?', NOW)),
      { appSecret: APP_SECRET },
    );
    expect(res.status).toBe(200);
    await server.settled();
    const sent = meta.calls
      .map((c) => c.body as { recipient: { id: string }; message?: { text?: string } })
      .filter((b) => b.recipient.id === user)
      .map((b) => b.message?.text ?? '');
    expect(sent.join(' ')).toContain('Alguien de la oficina le contestará aquí');
    const after = (await (await server.get('/api/leads')).json()) as {
      channel: string;
      detail: string | null;
    }[];
    expect(after.filter((l) => l.channel === 'messenger').map((l) => l.detail)).toContain(SPANISH_NOTE);
  });
});

describe('with SERVICE_BASE_LOCATION and SERVICE_RADIUS_MILES set', () => {
  it('a town of a served county past the radius is passed to the office to confirm', async () => {
    const based = await startTestServer({
      clock: () => NOW,
      env: { ...PHONE_ENV, SERVICE_BASE_LOCATION: 'Garberville', SERVICE_RADIUS_MILES: '30' },
    });
    try {
      const caller = phoneCaller(based.url, '+17075550299');
      await caller.dial();
      const near = spoken(await caller.twiml(await caller.say('Do you come out to Redway?'))).join(' ');
      expect(near).toContain('Redway is in Humboldt County, in our service area');
      const far = spoken(await caller.twiml(await caller.say('What about Weaverville?'))).join(' ');
      expect(far).toMatch(/Weaverville is in Trinity County, about \d+ miles from Garberville/);
      expect(far).toContain("I'll have the office confirm whether we can come out");
    } finally {
      await based.stop();
    }
  });
});
