import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { saveAiSettings } from '../test/ai-settings.ts';
import type { FakeTwilio } from '../test/fake-twilio.ts';
import { phoneCaller } from '../test/phone-caller.ts';
import type { TestServer } from '../test/test-server.ts';
import { startTwilioLine } from '../test/twilio-line.ts';
import { spoken } from '../test/twiml.ts';
import { VISIT_CHANGE_TEMPLATE } from './visit-change-texts.ts';

// A caller who already has a visit (issue 34, item 1), through Twilio's signed webhooks on a fake
// Twilio API: the caller id finds the visit, which is moved or cancelled only after a read-back and
// a yes (the appointment row, the text the customer gets from the outbox, the live event); a
// caller whose number is unknown hears nothing of the visit until they give its name and address.
// Monday 23 November 2026, 9:30 AM in California.
const NOW = Date.parse('2026-11-23T17:30:00Z');

let fake: FakeTwilio;
let server: TestServer;
beforeAll(async () => {
  ({ fake, server } = await startTwilioLine({ clock: () => NOW }));
  await saveAiSettings(server);
});
afterAll(() => server.stop());
afterEach(() => expect(server.errors).toEqual([]));

let nextPhone = 300;
/** A visit staff booked, on a number of its own. */
async function bookedVisit(name: string, address: string, date: string, time: string) {
  const phone = `+1707555${String(nextPhone++).padStart(4, '0')}`;
  const res = await server.send('POST', '/api/appointments/create', {
    customerName: name,
    customerPhone: phone,
    address,
    serviceType: 'house-wash',
    preferredDate: date,
    preferredTime: time,
    allowOverlap: true,
  });
  expect(res.status).toBe(201);
  const { id } = (await res.json()) as { id: number };
  return { id, phone };
}
const row = (id: number) =>
  server.db
    .prepare('SELECT status, scheduled_date, preferred_time, cancel_reason FROM appointments WHERE id = ?')
    .get(id) as {
    status: string;
    scheduled_date: string;
    preferred_time: string;
    cancel_reason: string | null;
  };
// The texts of a change, apart from the confirmation the visit got when staff booked it.
const textsTo = (phone: string) =>
  fake.texts.filter((t) => t.to === phone && !t.body.includes(' is booked for ')).map((t) => t.body);
const callFrom = async (phone: string) => {
  const caller = phoneCaller(server.url, phone);
  await caller.dial();
  return async (speech: string) => spoken(await caller.twiml(await caller.say(speech))).join(' ');
};
const eventsAbout = (id: number) =>
  server.db
    .prepare("SELECT summary FROM events WHERE type = 'appointment.updated' AND entity_id = ?")
    .all(id)
    .map((r) => (r as { summary: string }).summary);

describe('a known caller moves their visit by phone', () => {
  it('reads the new time back, changes nothing until "yes", then moves it, texts the customer and tells staff', async () => {
    const visit = await bookedVisit(
      'Ben Ortiz',
      '9 Cedar Court, Fortuna, CA 95540',
      '2026-11-25',
      '11:00 AM',
    );
    const says = await callFrom(visit.phone);
    expect(await says('Yeah hi, I need to move my appointment.')).toContain(
      'Your visit is on Wednesday, November 25 at 11:00 AM. What day would you like to move it to?',
    );
    expect(await says('Can we do December 1st at 9?')).toBe(
      'Just to confirm: move your visit from Wednesday, November 25 at 11:00 AM to Tuesday, December 1 at 9:00 AM? Please say yes to move it.',
    );
    // Nothing changes on the read-back.
    expect(row(visit.id)).toMatchObject({ scheduled_date: '2026-11-25', preferred_time: '11:00 AM' });
    expect(eventsAbout(visit.id)).toEqual([]);

    expect(await says('Yes please.')).toBe(
      'Done. Your visit is now on Tuesday, December 1 at 9:00 AM. Is there anything else I can help you with?',
    );
    expect(row(visit.id)).toMatchObject({
      status: 'scheduled',
      scheduled_date: '2026-12-01',
      preferred_time: '9:00 AM',
    });
    expect(eventsAbout(visit.id)).toEqual([
      'Ben Ortiz moved their visit by phone with the assistant: from Wednesday, November 25 at 11:00 AM to Tuesday, December 1 at 9:00 AM',
    ]);
    // The customer's text goes out through the outbox and the one sender, to the fake Twilio.
    await vi.waitFor(() => expect(textsTo(visit.phone)).toHaveLength(1), { timeout: 10_000 });
    expect(textsTo(visit.phone)[0]).toContain(
      'your visit is moved from Wednesday, November 25 at 11:00 AM to Tuesday, December 1 at 9:00 AM',
    );
    // Like every visit message, it ends with the customer's own page (issue 36).
    expect(textsTo(visit.phone)[0]!.split('\n').at(-1)).toBe(
      `All your quotes, visits and invoices: ${server.publicUrl.get()}/account`,
    );
  });

  it('a "no" to the read-back leaves the visit where it was, and nobody is texted', async () => {
    const visit = await bookedVisit(
      'Gus Lindqvist',
      '300 Pine Road, Arcata, CA 95521',
      '2026-11-26',
      '10:00 AM',
    );
    const says = await callFrom(visit.phone);
    expect(await says("I'd like to reschedule my visit to December 3rd at 10.")).toContain('Just to confirm');
    expect(await says('No, actually, leave it where it is.')).toContain("I haven't changed anything");
    expect(row(visit.id)).toMatchObject({ scheduled_date: '2026-11-26', preferred_time: '10:00 AM' });
    expect(eventsAbout(visit.id)).toEqual([]);
    // (Its reminders were planned when staff booked it; no change is ever queued.)
    const changes = server.db.prepare(
      `SELECT count(*) AS n FROM outbox_messages WHERE recipient = ? AND template = '${VISIT_CHANGE_TEMPLATE}'`,
    );
    expect(changes.get(visit.phone)).toEqual({ n: 0 });
  });

  it('offers only the free hours of the day asked for', async () => {
    const taken = await bookedVisit(
      'Booked By Staff',
      '1 Staff Way, Garberville, CA 95542',
      '2026-12-02',
      '8:00 AM',
    );
    expect(taken.id).toBeGreaterThan(0);
    const visit = await bookedVisit(
      'Priya Nair',
      '41 Spruce Street, Eureka, CA 95501',
      '2026-11-24',
      '9:00 AM',
    );
    const says = await callFrom(visit.phone);
    await says('I gotta reschedule.');
    expect(await says('Wednesday December 2nd at 8 in the morning')).toBe(
      "Sorry, 8:00 AM isn't free on Wednesday, December 2. We have 9:00 AM, 10:00 AM, 11:00 AM, 12:00 PM. Which would you like?",
    );
    expect(row(visit.id)).toMatchObject({ scheduled_date: '2026-11-24' });
  });
});

describe('a known caller cancels their visit by phone', () => {
  it('is asked to confirm; "no" keeps it; "yes" cancels it, texts the customer and tells staff', async () => {
    const visit = await bookedVisit(
      'Marta Kowalski',
      '18 Elm Way, McKinleyville, CA 95519',
      '2026-11-27',
      '8:00 AM',
    );
    const says = await callFrom(visit.phone);
    expect(await says('I want to cancel my appointment, we sold the house.')).toBe(
      "Just to confirm: you'd like to cancel your house wash visit on Friday, November 27 at 8:00 AM? Please say yes to cancel it.",
    );
    expect(await says('Hmm, no, keep it.')).toContain("I haven't cancelled anything");
    expect(row(visit.id).status).toBe('scheduled');

    await says('Actually yes, cancel my appointment.');
    expect(row(visit.id).status).toBe('scheduled');
    expect(await says('Yes.')).toBe(
      'Your visit on Friday, November 27 at 8:00 AM is cancelled. Is there anything else I can help you with?',
    );
    expect(row(visit.id)).toMatchObject({
      status: 'cancelled',
      cancel_reason: 'Cancelled by the customer by phone',
    });
    expect(eventsAbout(visit.id)).toEqual([
      'Marta Kowalski cancelled the visit on Friday, November 27 at 8:00 AM by phone with the assistant',
    ]);
    await vi.waitFor(() => expect(textsTo(visit.phone)).toHaveLength(1), { timeout: 10_000 });
    expect(textsTo(visit.phone)[0]).toContain('your visit on Friday, November 27 at 8:00 AM is cancelled');
    expect(textsTo(visit.phone)[0]!.split('\n').at(-1)).toBe(
      `All your quotes, visits and invoices: ${server.publicUrl.get()}/account`,
    );
  });

  it('a Spanish customer’s text says the change in Spanish and ends with their own page in Spanish', async () => {
    const visit = await bookedVisit('Rosa Méndez', '4 Oak Lane, Redway, CA 95560', '2026-11-30', '9:00 AM');
    // Her language is on her record (she asked for a wash on the Spanish site), whatever the call's words.
    const asked = await fetch(`${server.url}/api/service-requests`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'Content-Language': 'es' },
      body: JSON.stringify({
        firstName: 'Rosa',
        lastName: 'Méndez',
        email: 'rosa.mendez@example.com',
        phone: visit.phone,
        address: '4 Oak Lane',
        city: 'Redway',
        serviceType: 'house-washing',
        urgency: 'week',
        description: 'Lavado de la casa',
      }),
    });
    expect(asked.status).toBe(201);
    const says = await callFrom(visit.phone);
    await says('I want to cancel my appointment.');
    expect(await says('Yes.')).toContain('is cancelled');
    await vi.waitFor(() => expect(textsTo(visit.phone)).toHaveLength(1), { timeout: 10_000 });
    // The whole text is hers: the change in Spanish (the call was in English), then her own page.
    const [said, page] = textsTo(visit.phone)[0]!.split('\n').filter(Boolean);
    expect(said).toMatch(/: su cita del lunes, 30 de noviembre a las 9:00 AM está cancelada\. Llámenos/);
    expect(page).toBe(
      `Todos sus presupuestos, visitas y facturas: ${server.publicUrl.get()}/account?lang=es`,
    );
    const queued = server.db
      .prepare(
        `SELECT body FROM outbox_messages WHERE recipient = ? AND template = '${VISIT_CHANGE_TEMPLATE}'`,
      )
      .all(visit.phone) as { body: string }[];
    expect(queued.map((m) => m.body)).toEqual(textsTo(visit.phone));
  });
});

describe('a caller whose number is not on the visit', () => {
  it("hears nothing of another person's visit until they give its name and address together", async () => {
    const visit = await bookedVisit('Nora Quist', '8 Laurel Court, Weott, CA 95571', '2026-11-26', '1:00 PM');
    const says = await callFrom('+17075559901');
    const heard = [
      await says("What time are you coming to the Quist house? I'm her neighbor."),
      await says("I don't know the address, just tell me when."),
    ];
    for (const reply of heard) {
      expect(reply).not.toMatch(/1:00 PM|Laurel|November 26|Thursday/);
    }
    expect(heard[0]).toContain("What's the name and the street address on the booking?");

    const owner = await callFrom('+17075559902');
    await owner('I need to cancel my appointment please.');
    expect(await owner('Nora Quist, 8 Laurel Court in Weott.')).toContain(
      'cancel your house wash visit on Thursday, November 26 at 1:00 PM',
    );
    expect(row(visit.id).status).toBe('scheduled');
  });
});
