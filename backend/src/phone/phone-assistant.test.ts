import { afterEach, describe, expect, it } from 'vitest';
import { PHONE_ENV, phoneCaller } from '../test/phone-caller.ts';
import { saveAiSettings } from '../test/ai-settings.ts';
import { startTestServer, type TestServer } from '../test/test-server.ts';
import { spoken } from '../test/twiml.ts';

// The assistant as callers reach it: signed Twilio requests over real HTTP, what the caller
// hears, and what staff find afterwards. Monday 23 November 2026, 9:30 AM in California.
const NOW = Date.parse('2026-11-23T17:30:00Z');

let server: TestServer;
afterEach(async () => {
  expect(server.errors).toEqual([]);
  await server.stop();
});

const start = async (env: Record<string, string> = {}) => {
  server = await startTestServer({ env: { ...PHONE_ENV, ...env }, clock: () => NOW });
};
const aiSettings = (change: Record<string, unknown> = {}) => saveAiSettings(server, change);
const addFaq = async (question: string, answer: string) => {
  const res = await server.send('POST', '/api/faq', {
    question,
    answer,
    category: 'general',
    isActive: true,
  });
  expect(res.status).toBe(201);
};
/** A call that has started: each line the caller says, and the words they hear back. */
const call = async (from = '+17075550123') => {
  const caller = phoneCaller(server.url, from);
  await caller.dial();
  return {
    caller,
    says: async (speech: string) => spoken(await caller.twiml(await caller.say(speech))).join(' '),
  };
};
const appointments = () => server.db.prepare('SELECT * FROM appointments').all() as Record<string, unknown>[];

describe('booking a free estimate over several turns', () => {
  it('asks for each detail in turn, reads it back, and books exactly one on the right day in California', async () => {
    await start();
    await aiSettings();
    const { caller, says } = await call('+17075550142');
    expect(await says('I need someone to come look at my roof')).toContain('May I have your name?');
    expect(await says('Rosa Ortega')).toContain('What is the address of the property?');
    expect(await says('44 Shelter Cove Road in Whitethorn')).toContain(
      'What day would you like us to come out?',
    );
    expect(await says('Thursday')).toContain('What time suits you?');
    expect(await says('2 in the afternoon')).toContain(
      'Roof Cleaning at 44 Shelter Cove Road, Whitethorn, on Thursday, November 26 at 2:00 PM, for Rosa Ortega. Shall I book it?',
    );
    expect(await says('yes')).toContain('Your free estimate is booked for Thursday, November 26 at 2:00 PM.');
    await caller.status('completed', { duration: 140, sequence: 2 });

    const calls = (await (await server.get('/api/calls')).json()) as {
      id: number;
      summary: string;
      appointmentId: number;
    }[];
    expect(appointments()).toEqual([
      expect.objectContaining({
        customer_name: 'Rosa Ortega',
        customer_phone: '+17075550142',
        service_type: 'roof-cleaning',
        scheduled_date: '2026-11-26',
        preferred_time: '2:00 PM',
        status: 'scheduled',
        source: 'phone',
        call_id: calls[0]!.id,
      }),
    ]);
    expect(calls[0]).toMatchObject({ appointmentId: appointments()[0]!.id, customerName: 'Rosa Ortega' });
    expect(calls[0]!.summary).toContain(
      'Booked a free estimate (Roof Cleaning) for Thursday, November 26 at 2:00 PM.',
    );
  });

  it('books nothing for a caller who hangs up before confirming', async () => {
    await start();
    await aiSettings();
    const { caller, says } = await call();
    expect(
      await says('Book an estimate for my driveway, this is Sam Lee, 9 Oak Street, Redway, tomorrow at 9'),
    ).toContain('Shall I book it?');
    expect((await caller.status('completed', { duration: 40, sequence: 2 })).status).toBe(204);
    expect(appointments()).toEqual([]);
    const [row] = (await (await server.get('/api/calls')).json()) as {
      summary: string;
      appointmentId: null;
    }[];
    expect(row).toMatchObject({ appointmentId: null });
    expect(row!.summary).toContain('Started booking a free estimate but did not confirm it.');
  });

  it('refuses a day that has passed and an hour outside 8 AM to 4 PM', async () => {
    await start();
    await aiSettings();
    const { says } = await call();
    await says('This is Ann Bell, I want to book a house wash estimate at 7 Pine Lane, Miranda');
    expect(await says('November 2nd, 2026 at 10')).toContain('That day has already passed.');
    expect(await says('next Monday at 7 in the evening')).toContain(
      'We book estimates on the hour, from 8 AM to 4 PM.',
    );
    expect(await says('9 AM')).toContain('on Monday, November 30 at 9:00 AM');
  });
});

describe('the AI settings, as callers hear them', () => {
  it('Common Responses edited in Settings are what the assistant says about prices', async () => {
    await start();
    await aiSettings();
    const edited = await server.send('PUT', '/api/settings/responses/pricing', {
      content: 'Every home is priced after a free visit from our estimator.',
    });
    expect(edited.status).toBe(200);
    expect(await (await call()).says('What are your prices?')).toContain(
      'Every home is priced after a free visit from our estimator.',
    );
  });

  it('Auto-Schedule Quotes offers a free estimate after a price question; off, it does not', async () => {
    await start();
    await aiSettings({ autoScheduleQuotes: true });
    const on = await call();
    expect(await on.says('How much does it cost?')).toContain(
      'Would you like to book a free on-site estimate?',
    );
    expect(await on.says('Sure')).toContain('May I have your name?');
    await aiSettings({ autoScheduleQuotes: false });
    expect(await (await call()).says('How much does it cost?')).not.toContain('estimate?');
  });

  it('Friendly Tone changes the wording; Response Delay is the pause before each reply', async () => {
    await start();
    await addFaq('Are you insured?', 'Yes, fully licensed and insured.');
    await aiSettings({ friendlyTone: false, responseDelay: 4.5 });
    const plain = await (await call()).says('Are you insured?');
    await aiSettings({ friendlyTone: true, responseDelay: 1 });
    const friendly = await (await call()).says('Are you insured?');
    expect(plain).toContain('Yes, fully licensed and insured.');
    expect(friendly).toContain('Yes, fully licensed and insured.');
    expect(friendly).not.toEqual(plain);
    expect(server.pauses).toEqual([4500, 1000]);
  });
});
