import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { appointmentRepository } from '../appointments/appointment.repository.ts';
import { callRepository } from '../calls/call.repository.ts';
import { storeAiSettings } from '../test/ai-settings.ts';
import { addFaq, assistantOn, newCall } from '../test/assistant-rig.ts';
import { startTestServer, type TestServer } from '../test/test-server.ts';
import type { Assistant, AssistantTurnInput } from './assistant-turn.ts';
import { NO_ANSWER } from './wording.ts';

// The assistant core on a real database, turn by turn, as the phone and Messenger channels call
// it. Monday 23 November 2026, 9:30 AM in California.
const NOW = Date.parse('2026-11-23T17:30:00Z');
const CALLER = '+17075550123';

let server: TestServer;
const pauses: number[] = [];

const assistantFor = (s: TestServer, env: { budgetMs?: number } = {}) =>
  assistantOn(s, {
    config: { ...s.config, assistantTurnBudgetMs: env.budgetMs ?? s.config.assistantTurnBudgetMs },
    clock: () => NOW,
    pause: async (ms) => void pauses.push(ms),
  });

/** A phone call's turns: each line as the caller says it, the replies as the caller hears them. */
function phoneCall(
  assistant: Assistant,
  callId: number,
  photoLink: AssistantTurnInput['photoLink'] = 'text',
) {
  return (message: string) =>
    assistant.turn({ channel: 'phone', callId, message, customer: { phone: CALLER }, photoLink });
}

const appointments = () =>
  server.db.prepare('SELECT * FROM appointments ORDER BY id').all() as Record<string, unknown>[];
const usage = (id: number) =>
  (server.db.prepare('SELECT usage_count FROM faq_entries WHERE id = ?').get(id) as { usage_count: number })
    .usage_count;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.stop();
});
afterEach(async () => {
  server.db.exec(
    'DELETE FROM ai_responses; DELETE FROM appointments; DELETE FROM faq_entries; DELETE FROM settings;',
  );
  pauses.length = 0;
});

describe('answers from the knowledge, with no AI key', () => {
  it('says the matching FAQ answer as written, counts its use, and never uses an inactive entry', async () => {
    storeAiSettings(server, {});
    const roofs = addFaq(
      server,
      'Do you clean roofs and remove moss?',
      'Yes. We treat moss on asphalt, metal and tile roofs.',
      'Services',
    );
    const hidden = addFaq(
      server,
      'Do you wash boats?',
      'Boats are washed on Tuesdays at the marina.',
      'Services',
      false,
    );
    const say = phoneCall(assistantFor(server), newCall(server));

    const turn = await say('Hi, do you clean mossy roofs?');
    expect(turn.reply).toContain('Yes. We treat moss on asphalt, metal and tile roofs.');
    expect(turn.knowledgeUsed).toEqual([`faq:${roofs}`]);
    expect(turn.answeredBy).toBe('fallback');
    expect(usage(roofs)).toBe(1);

    const boats = await say('Do you wash boats at the marina?');
    expect(boats.reply).not.toContain('marina');
    expect(boats.knowledgeUsed).not.toContain(`faq:${hidden}`);
    expect(usage(hidden)).toBe(0);
  });

  // FAQ categories are the spec's names ("Service Areas"); an answer found under one tells what
  // the caller asked about when their words alone did not.
  it("takes what was asked about from the FAQ entry's category", async () => {
    storeAiSettings(server, {});
    const cove = addFaq(
      server,
      'Do you come out to Shelter Cove?',
      'Yes, Shelter Cove is in our regular service area.',
      'Service Areas',
    );
    const turn = await phoneCall(assistantFor(server), newCall(server))('Shelter Cove?');
    expect(turn.knowledgeUsed).toEqual([`faq:${cove}`]);
    expect(turn.intent).toBe('service_area');
  });

  it('says plainly that it does not know, and logs the answer as unsuccessful', async () => {
    storeAiSettings(server, {});
    const callId = newCall(server);
    const turn = await phoneCall(assistantFor(server), callId)('Can you fix my car radio?');
    expect(turn.reply).toBe(NO_ANSWER);
    const row = server.db.prepare('SELECT * FROM ai_responses WHERE id = ?').get(turn.responseId) as Record<
      string,
      unknown
    >;
    expect(row).toMatchObject({
      channel: 'phone',
      call_id: callId,
      customer_message: 'Can you fix my car radio?',
      ai_response: NO_ANSWER,
      successful: 0,
      answered_by: 'fallback',
      knowledge_used: '[]',
    });
  });

  it('answers price questions from the common response staff edited in Settings', async () => {
    storeAiSettings(server, {});
    server.db
      .prepare(
        `UPDATE common_responses SET content = 'Every house is priced after a free visit; call for details.', updated_at = '2026-11-01' WHERE id = 'pricing'`,
      )
      .run();
    const turn = await phoneCall(assistantFor(server), newCall(server))('What are your pricing options?');
    expect(turn.reply).toContain('Every house is priced after a free visit');
    expect(turn.intent).toBe('pricing');
    server.db
      .prepare(
        `UPDATE common_responses SET content = 'Soft washing starts at $150.', updated_at = '2026-11-02' WHERE id = 'pricing'`,
      )
      .run();
    expect(
      (await phoneCall(assistantFor(server), newCall(server))('What are your pricing options?')).reply,
    ).toContain('Soft washing starts at $150.');
  });
});

describe('what a streaming channel and the voice are told', () => {
  it('the no-model reply is left to the channel to send whole (nothing streamed), with the language it is in', async () => {
    storeAiSettings(server, {});
    const assistant = assistantFor(server);
    const heard: string[] = [];
    const turn = (message: string) =>
      assistant.turn({
        channel: 'phone',
        callId: newCall(server),
        message,
        customer: { phone: CALLER },
        photoLink: null,
        handoff: { kind: 'call-back', canLeaveMessage: false },
        onReplyText: (text) => heard.push(text),
      });
    const english = await turn('Do you come out to Willits?');
    // The channel may have to speak first (a texted link), so nothing is streamed ahead of it.
    expect(heard).toEqual([]);
    expect(english.language).toBe('en-US');
    const spanish = await turn('¿Trabajan en Eureka?');
    expect(heard).toEqual([]);
    // Issue 34: the service-area tool answers a Spanish caller in Spanish (no call back needed).
    expect(spanish).toMatchObject({ language: 'es-US', intent: 'service_area', action: { type: 'none' } });
    expect(spanish.reply).toContain('Eureka está en el condado de Humboldt');
  });
});

describe('everyday openings, no AI key', () => {
  it('a hello, the services, the office number, "I want an estimate" and a link asked for', async () => {
    storeAiSettings(server, { photoRequestPrompts: true });
    const say = (message: string) => phoneCall(assistantFor(server), newCall(server))(message);
    expect((await say('Hi there')).reply).toBe('Hello. How may I help you?');
    expect((await say('What services do you offer?')).reply).toContain('We offer House Wash, Roof Cleaning');
    expect((await say("What's your phone number?")).reply).toContain(
      `The office phone is ${server.config.business.phone}`,
    );
    const estimate = await say('I want an estimate');
    expect(estimate.intent).toBe('scheduling');
    expect(estimate.reply).toContain('May I have your name?');
    const link = await say('Can you text me a link to send photos?');
    expect(link.action).toEqual({
      type: 'send-photo-link',
      url: `${server.config.publicBaseUrl}/photo-quote-tool`,
    });
  });
});

describe('booking a free estimate', () => {
  it('books from one sentence after the read-back, on the right day in California', async () => {
    storeAiSettings(server, {});
    const callId = newCall(server);
    const say = phoneCall(assistantFor(server), callId);
    const first = await say(
      "Hi, this is Dana Whitfield, I'd like a free estimate for a house wash at 512 Redwood Drive, Garberville next Tuesday at 10 AM",
    );
    expect(first.reply).toContain(
      'a free estimate for House Wash at 512 Redwood Drive, Garberville, on Tuesday, December 1 at 10:00 AM, for Dana Whitfield. Shall I book it?',
    );
    expect(appointments()).toEqual([]);
    const yes = await say('Yes please');
    expect(yes.action).toMatchObject({ type: 'booked' });
    expect(appointments()).toEqual([
      expect.objectContaining({
        customer_name: 'Dana Whitfield',
        customer_phone: CALLER,
        address: '512 Redwood Drive, Garberville',
        service_type: 'house-wash',
        scheduled_date: '2026-12-01',
        preferred_time: '10:00 AM',
        status: 'scheduled',
        source: 'phone',
        call_id: callId,
      }),
    ]);
    expect(yes.action.type === 'booked' && yes.action.appointmentId).toBe(appointments()[0]!.id);
  });

  it('asks for what is missing across turns, refuses a past day and an hour outside 8 to 4, and books once', async () => {
    storeAiSettings(server, {});
    const say = phoneCall(assistantFor(server), newCall(server));
    expect((await say('Can I book an estimate?')).reply).toContain('May I have your name?');
    expect((await say('Rosa Ortega')).reply).toContain('Which service');
    expect((await say('My roof has moss on it')).reply).toContain('What is the address');
    expect((await say('It is 44 Shelter Cove Road in Whitethorn')).reply).toContain('What day');
    expect((await say('November 2nd, 2026')).reply).toContain('That day has already passed.');
    expect((await say('Thursday')).reply).toContain('What time suits you?');
    expect((await say('at 6 in the evening')).reply).toContain('on the hour, from 8 AM to 4 PM');
    const readBack = await say('2 in the afternoon');
    expect(readBack.reply).toContain(
      'Roof Cleaning at 44 Shelter Cove Road, Whitethorn, on Thursday, November 26 at 2:00 PM, for Rosa Ortega',
    );
    await say('yes');
    expect(appointments()).toHaveLength(1);
    expect(appointments()[0]).toMatchObject({ scheduled_date: '2026-11-26', preferred_time: '2:00 PM' });
  });

  it('books nothing when the caller hangs up or says goodbye before confirming', async () => {
    storeAiSettings(server, {});
    const callId = newCall(server);
    const assistant = assistantFor(server);
    const say = phoneCall(assistant, callId);
    await say(
      'I want to schedule an estimate for my driveway, my name is Sam Lee, 9 Oak Street, Redway, tomorrow at 9',
    );
    const bye = await say('Actually, never mind. Bye');
    expect(bye.endOfConversation).toBe(true);
    expect(appointments()).toEqual([]);
    const call = callRepository(server.db, { callerName: () => null }).get(callId)!;
    expect(await assistant.summarizeCall(call)).toContain('did not confirm');
  });

  it('offers the free hours when the asked-for slot is taken', async () => {
    storeAiSettings(server, {});
    appointmentRepository(server.db).create(
      {
        customerName: 'Earlier Caller',
        customerPhone: '7075550100',
        customerEmail: null,
        address: '1 Main Street, Garberville',
        serviceType: 'house-wash',
        preferredDate: '2026-12-01',
        preferredTime: '10:00 AM',
        notes: null,
      },
      'staff',
    );
    const say = phoneCall(assistantFor(server), newCall(server));
    const taken = await say(
      'This is Ann Bell, book a house wash estimate at 7 Pine Lane, Miranda next Tuesday at 10',
    );
    expect(taken.reply).toContain(
      '10:00 AM is already taken that day. We still have 8:00 AM, 9:00 AM, 11:00 AM',
    );
    expect((await say('11 AM works')).reply).toContain('on Tuesday, December 1 at 11:00 AM');
  });

  it('after the read-back, a bare "no" asks what to change and "no, make it Wednesday" takes the correction', async () => {
    storeAiSettings(server, {});
    const say = phoneCall(assistantFor(server), newCall(server));
    await say('This is Ann Bell, book a house wash estimate at 7 Pine Lane, Miranda next Tuesday at 10');
    const bareNo = await say('No');
    expect(bareNo.reply).toContain('What would you like to change');
    expect(bareNo.reply).not.toContain('Let me read that back');
    expect((await say('No, make it Wednesday')).reply).toContain('on Wednesday, November 25 at 10:00 AM');
    expect((await say('yes')).action).toMatchObject({ type: 'booked' });
    expect(appointments()).toEqual([expect.objectContaining({ scheduled_date: '2026-11-25' })]);
  });

  it('the hour that has already begun today is refused by the appointments rule, as in the staff dialog', async () => {
    storeAiSettings(server, {});
    const say = phoneCall(assistantFor(server), newCall(server));
    // 9:30 AM in California: 9 AM has begun, 10 AM has not.
    const late = await say(
      'This is Ann Bell, book a house wash estimate at 7 Pine Lane, Miranda today at 9 AM',
    );
    expect(late.reply).toContain('That time has already passed today.');
    expect((await say('10 AM then')).reply).toContain('on Monday, November 23 at 10:00 AM');
  });
});

describe('the AI settings', () => {
  it('Friendly Tone changes the wording of the same answer', async () => {
    addFaq(server, 'Are you insured?', 'Yes, fully licensed and insured.');
    storeAiSettings(server, { friendlyTone: false });
    const plain = await phoneCall(assistantFor(server), newCall(server))('Are you insured?');
    storeAiSettings(server, { friendlyTone: true });
    const friendly = await phoneCall(assistantFor(server), newCall(server))('Are you insured?');
    expect(plain.reply).toContain('Yes, fully licensed and insured.');
    expect(friendly.reply).toContain('Yes, fully licensed and insured.');
    expect(friendly.reply).not.toBe(plain.reply);
    expect(assistantFor(server).greeting('phone')).toMatch(/^Hi there!/);
  });

  it('Auto-Schedule Quotes offers a free estimate after a price question, and "yes" starts the booking', async () => {
    storeAiSettings(server, { autoScheduleQuotes: false });
    expect(
      (await phoneCall(assistantFor(server), newCall(server))('How much does it cost?')).reply,
    ).not.toContain('free on-site estimate?');
    storeAiSettings(server, { autoScheduleQuotes: true });
    const say = phoneCall(assistantFor(server), newCall(server));
    expect((await say('How much does it cost?')).reply).toContain(
      'Would you like to book a free on-site estimate?',
    );
    expect((await say('Yes')).reply).toContain('May I have your name?');
  });

  it('Photo Request Prompts offers the link where the channel can send it, and a yes asks the channel to send it', async () => {
    storeAiSettings(server, { photoRequestPrompts: true });
    const say = phoneCall(assistantFor(server), newCall(server));
    expect((await say('Can I get a quote?')).reply).toContain('text you a link to send us photos');
    const yes = await say('yes');
    expect(yes.action).toEqual({
      type: 'send-photo-link',
      url: `${server.config.publicBaseUrl}/photo-quote-tool`,
    });
    // A phone without texting never hears the offer.
    const noText = phoneCall(assistantFor(server), newCall(server), null);
    expect((await noText('Can I get a quote?')).reply).not.toContain('link');
    storeAiSettings(server, { photoRequestPrompts: false });
    expect(
      (await phoneCall(assistantFor(server), newCall(server))('Can I get a quote?')).reply,
    ).not.toContain('link');
  });

  it('Response Delay makes the assistant wait that long before its reply', async () => {
    storeAiSettings(server, { responseDelay: 3.5 });
    await phoneCall(assistantFor(server), newCall(server))('Are you insured?');
    expect(pauses).toEqual([3500]);
  });
});
