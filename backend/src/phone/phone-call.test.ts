import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { saveAiSettings } from '../test/ai-settings.ts';
import { startTestServer, type TestServer } from '../test/test-server.ts';
import { PHONE_ENV, phoneCaller } from '../test/phone-caller.ts';
import { spoken, verb, verbNames } from '../test/twiml.ts';

// A caller's side of the phone line: what Twilio sends during a call, over real HTTP, and what the
// caller then hears (the TwiML). Monday 23 November 2026, 9:30 AM in California.
const NOW = Date.parse('2026-11-23T17:30:00Z');
const BUSINESS = 'Lost Coast Soft Wash (demo)';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ env: PHONE_ENV, clock: () => NOW });
});
afterAll(() => server.stop());
afterEach(() => {
  expect(server.errors).toEqual([]);
  server.db.exec(
    'DELETE FROM assistant_conversations; DELETE FROM ai_responses; DELETE FROM appointments; DELETE FROM calls; DELETE FROM faq_entries;',
  );
});

const aiSettings = (change: Record<string, unknown> = {}) => saveAiSettings(server, change);
const callRow = (sid: string) =>
  server.db.prepare('SELECT * FROM calls WHERE call_sid = ?').get(sid) as Record<string, unknown> | undefined;

describe('an incoming call', () => {
  it('is written once per CallSid and greeted by the virtual assistant, then listened to', async () => {
    await aiSettings();
    const caller = phoneCaller(server.url);
    const greeting = await caller.twiml(await caller.dial());

    expect(verbNames(greeting)).toEqual(['Gather', 'Redirect']);
    // Said while already listening, so the caller can cut in (barge-in).
    const gather = verb(greeting, 'Gather');
    expect(gather.children.map((v) => v.name)).toEqual(['Say']);
    const say = gather.children[0]!;
    expect(say.attrs.voice).toBe('Polly.Joanna');
    expect(say.text).toBe(
      `Thank you for calling ${BUSINESS}. This is the virtual assistant. How may I help you?`,
    );
    expect(gather.attrs).toMatchObject({
      bargeIn: 'true',
      input: 'speech',
      action: '/api/twilio/process-speech',
      method: 'POST',
      speechTimeout: 'auto',
      language: 'en-US',
    });
    const hints = gather.attrs.hints!.split(', ');
    expect(hints).toEqual(expect.arrayContaining(['House Wash', 'Roof Cleaning', 'Gutter Cleaning']));
    expect(hints).toEqual(expect.arrayContaining(['Mendocino', 'Humboldt', 'Trinity', 'Southern Humboldt']));

    expect(callRow(caller.callSid)).toMatchObject({
      status: 'in-progress',
      phone_number: caller.from,
      customer_name: null,
    });
    // Twilio retries a webhook it did not hear back from: still one call.
    await caller.twiml(await caller.dial());
    expect(server.count('calls')).toBe(1);
  });

  /** Staff book a visit for a customer typed this way; the customers feature then knows the number. */
  const bookVisit = async (customerName: string, customerPhone: string) => {
    const booked = await server.send('POST', '/api/appointments/create', {
      customerName,
      customerPhone,
      address: '44 Shelter Cove Road, Whitethorn',
      serviceType: 'roof-cleaning',
      preferredDate: '2026-12-02',
      preferredTime: '9:00 AM',
    });
    expect(booked.status).toBe(201);
  };
  /** The name a call from this number is written under. */
  const nameOfCallFrom = async (from: string) => {
    const caller = phoneCaller(server.url, from);
    await caller.dial();
    return callRow(caller.callSid)?.customer_name;
  };

  it('knows the caller by name when their number matches a booked customer, however it was typed', async () => {
    await bookVisit('Rosa Ortega', '(707) 555-0123');
    expect(await nameOfCallFrom('+17075550123')).toBe('Rosa Ortega');
    expect(await nameOfCallFrom('+17075550999')).toBeNull();
  });

  it('takes the newest name the business has for the number: here a later web request', async () => {
    await bookVisit('Rosa Ortega', '707-555-0123');
    server.db.prepare(`UPDATE appointments SET created_at = '2026-01-05T17:00:00.000Z'`).run();
    const wizard = await server.anonymous.send('POST', '/api/service-requests', {
      firstName: 'Rosa',
      lastName: 'Ortega-Diaz',
      email: 'rosa@example.com',
      phone: '707.555.0123',
      address: '44 Shelter Cove Road',
      serviceType: 'house-washing',
    });
    expect(wizard.status).toBe(201);
    expect(await nameOfCallFrom('+17075550123')).toBe('Rosa Ortega-Diaz');
    server.db.exec('DELETE FROM service_requests');
  });

  it('asks the customers feature who is calling: the record staff corrected names the call', async () => {
    await bookVisit('Maya Brooks', '(707) 555-0100');
    const found = await server.get(`/api/customers?q=${encodeURIComponent('Maya Brooks')}&limit=5`);
    const [record] = (await found.json()) as { id: number }[];
    // Staff correct the name on the customer's record; the appointment keeps the one typed then.
    const corrected = await server.send('PUT', `/api/customers/${record!.id}`, {
      name: 'Maya Brooks-Lee',
      phone: '(707) 555-0100',
    });
    expect(corrected.status).toBe(200);
    expect(await nameOfCallFrom('+17075550100')).toBe('Maya Brooks-Lee');
    expect(await nameOfCallFrom('+17075550111')).toBeNull();
  });

  it('answers in the friendly tone when Settings say so', async () => {
    await aiSettings({ friendlyTone: true });
    const caller = phoneCaller(server.url);
    const [greeting] = spoken(await caller.twiml(await caller.dial()));
    expect(greeting).toBe(
      `Hi there! Thanks for calling ${BUSINESS}. I'm the virtual assistant, and I'm happy to help. What can I do for you today?`,
    );
  });
});

describe('what the caller says', () => {
  it("is answered with the FAQ entry's own words, which counts its use, and the line keeps listening", async () => {
    await aiSettings();
    const created = await server.send('POST', '/api/faq', {
      question: 'Do you clean roofs and remove moss?',
      answer: 'Yes. We treat moss on asphalt, metal and tile roofs.',
      category: 'services',
    });
    const faq = await created.json();
    const caller = phoneCaller(server.url);
    await caller.dial();
    const reply = await caller.twiml(await caller.say('Hi, do you clean mossy roofs?'));
    expect(spoken(reply)).toEqual([
      'Yes. We treat moss on asphalt, metal and tile roofs. Is there anything else I can help you with?',
    ]);
    expect(verb(reply, 'Gather').attrs.action).toBe('/api/twilio/process-speech');
    const entry = (await (await server.get('/api/faq')).json()).find((e: { id: number }) => e.id === faq.id);
    expect(entry.usageCount).toBe(1);
    // The answer is in the AI response log under this call.
    const id = callRow(caller.callSid)!.id;
    const log = await (await server.get(`/api/ai-responses?callId=${id}`)).json();
    expect(log).toMatchObject([{ channel: 'phone', customerMessage: 'Hi, do you clean mossy roofs?' }]);
    expect(server.pauses).toContain(1000);
  });

  it('starts the call row itself when process-speech is the first request Twilio got through', async () => {
    await aiSettings();
    const caller = phoneCaller(server.url);
    const reply = await caller.twiml(await caller.say('Where are you located?'));
    expect(verbNames(reply)).toEqual(['Gather', 'Redirect']);
    expect(callRow(caller.callSid)).toMatchObject({ status: 'in-progress', phone_number: caller.from });
  });

  it('books a free estimate over the phone: the appointment is the call’s, from the caller’s number', async () => {
    await aiSettings();
    const caller = phoneCaller(server.url, '+17075550142');
    await caller.dial();
    const readBack = await caller.twiml(
      await caller.say(
        "Hi, this is Dana Whitfield, I'd like a free estimate for a house wash at 512 Redwood Drive, Garberville next Tuesday at 10 AM",
      ),
    );
    expect(spoken(readBack).join(' ')).toContain(
      'on Tuesday, December 1 at 10:00 AM, for Dana Whitfield. Shall I book it?',
    );
    expect(server.count('appointments')).toBe(0);
    const booked = await caller.twiml(await caller.say('Yes please'));
    expect(spoken(booked).join(' ')).toContain(
      'Your free estimate is booked for Tuesday, December 1 at 10:00 AM.',
    );
    expect(verbNames(booked)).toContain('Gather');
    const call = callRow(caller.callSid)!;
    const [appointment] = server.db.prepare('SELECT * FROM appointments').all() as Record<string, unknown>[];
    expect(appointment).toMatchObject({
      customer_name: 'Dana Whitfield',
      customer_phone: '+17075550142',
      scheduled_date: '2026-12-01',
      source: 'phone',
      call_id: call.id,
    });
    expect(call.intent).toBe('scheduling');
  });

  it('says goodbye and hangs up when the caller is done', async () => {
    await aiSettings();
    const caller = phoneCaller(server.url);
    await caller.dial();
    const bye = await caller.twiml(await caller.say("No thanks, that's all. Bye"));
    expect(verbNames(bye)).toEqual(['Say', 'Hangup']);
    expect(spoken(bye)).toEqual([`Thank you for calling ${BUSINESS}. Goodbye.`]);
  });
});

describe('silence', () => {
  it('is met with one re-prompt, then a polite goodbye', async () => {
    await aiSettings();
    const caller = phoneCaller(server.url);
    await caller.dial();
    const first = await caller.twiml(await caller.say(''));
    expect(spoken(first)).toEqual(["Sorry, I didn't catch that. Could you say that again?"]);
    // The count travels in the URL Twilio calls next (and signs).
    expect(verb(first, 'Gather').attrs.action).toBe('/api/twilio/process-speech?silence=1');
    expect(verb(first, 'Redirect').text).toBe('/api/twilio/process-speech?silence=1');

    const second = await caller.twiml(await caller.say('', '?silence=1'));
    expect(verbNames(second)).toEqual(['Say', 'Say', 'Hangup']);
    expect(spoken(second)).toEqual([
      "Sorry, I still can't hear anything, so I'll end the call here.",
      `Thank you for calling ${BUSINESS}. Goodbye.`,
    ]);
    expect(server.count('ai_responses')).toBe(0);
  });

  it('starts counting again once the caller speaks', async () => {
    await aiSettings();
    const caller = phoneCaller(server.url);
    await caller.dial();
    await caller.say('');
    const answered = await caller.twiml(await caller.say('Do you clean gutters?', '?silence=1'));
    expect(verb(answered, 'Gather').attrs.action).toBe('/api/twilio/process-speech');
    const again = await caller.twiml(await caller.say(''));
    expect(verbNames(again)).toEqual(['Gather', 'Redirect']);
  });
});

describe('asking for a person', () => {
  it('without a forward number: promises a call back at this number, marks the call, takes a message, and hangs up', async () => {
    await aiSettings();
    const caller = phoneCaller(server.url);
    await caller.dial();
    const reply = await caller.twiml(await caller.say('Can I talk to a real person, please?'));
    // The message itself: voicemail.test.ts.
    expect(verbNames(reply)).toEqual(['Say', 'Record', 'Say', 'Hangup']);
    expect(spoken(reply)[0]).toContain(
      "I can't put you through to a person right now, but someone from the office will call you back at this number.",
    );
    expect(callRow(caller.callSid)).toMatchObject({ callback_requested: 1, forwarded_to: null });
  });

  it('with STAFF_FORWARD_NUMBER: puts the caller through to it; a dial nobody answers becomes a call back', async () => {
    const forwarding = await startTestServer({
      env: { ...PHONE_ENV, STAFF_FORWARD_NUMBER: '+17075550177' },
      clock: () => NOW,
    });
    try {
      const caller = phoneCaller(forwarding.url);
      await caller.dial();
      const reply = await caller.twiml(await caller.say('A person, please'));
      expect(verbNames(reply)).toEqual(['Say', 'Dial']);
      expect(spoken(reply)).toEqual(['Connecting you with someone from the office now. Please hold.']);
      const dial = verb(reply, 'Dial');
      expect(dial.text).toBe('+17075550177');
      expect(dial.attrs).toMatchObject({ action: '/api/twilio/process-speech?dialed=1', method: 'POST' });
      const row = () =>
        forwarding.db.prepare('SELECT * FROM calls WHERE call_sid = ?').get(caller.callSid) as Record<
          string,
          unknown
        >;
      expect(row()).toMatchObject({ forwarded_to: '+17075550177', callback_requested: 0 });

      // Twilio reports how the dial ended on the Dial's action URL.
      const nobody = await caller.twiml(await caller.dialEnded('no-answer'));
      expect(spoken(nobody)[0]).toBe(
        'Sorry, nobody in the office could take the call. Someone will call you back at this number.',
      );
      expect(verbNames(nobody).at(-1)).toBe('Hangup');
      expect(row().callback_requested).toBe(1);
      expect(forwarding.errors).toEqual([]);
    } finally {
      await forwarding.stop();
    }
  });
});

describe('when something fails inside', () => {
  it('still answers valid TwiML: an apology, the promise of a call back, and the call marked for one', async () => {
    await aiSettings();
    const caller = phoneCaller(server.url);
    await caller.dial();
    // The AI response log cannot be written: the assistant's turn fails.
    server.db.exec('ALTER TABLE ai_responses RENAME TO ai_responses_away');
    try {
      const reply = await caller.twiml(await caller.say('Do you clean decks?'));
      expect(spoken(reply)[0]).toBe(
        "I'm sorry, something went wrong on our end. Someone from the office will call you back at this number.",
      );
      expect(verbNames(reply).at(-1)).toBe('Hangup');
      expect(callRow(caller.callSid)?.callback_requested).toBe(1);
    } finally {
      server.db.exec('ALTER TABLE ai_responses_away RENAME TO ai_responses');
    }
  });
});
