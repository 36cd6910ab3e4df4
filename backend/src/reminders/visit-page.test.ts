import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { errorBodySchema, VISIT_REFUSALS, type PublicVisit } from '@washdesk/contract';
import { capturedLog } from '../test/captured-log.ts';
import { startFakeSmtp, type FakeSmtp } from '../test/fake-smtp.ts';
import { startTextingServer, type TextingServer } from '../test/texting-server.ts';

// The visit page's API through the real server: a reminder (text and e-mail, sent by the outbox to
// a fake Twilio and a fake SMTP server on the injected clock) carries the link; its key alone opens
// that one visit, to confirm, move to a free time or cancel, and the office is told each answer.

/** Monday 23 November 2026, 9:00 AM in California. */
const MONDAY_9AM = Date.parse('2026-11-23T17:00:00Z');
const HOUR = 3_600_000;
const { lines: logLines, logger } = capturedLog('info');
let office: TextingServer;
let smtp: FakeSmtp;
beforeAll(async () => {
  smtp = await startFakeSmtp();
  office = await startTextingServer({
    start: MONDAY_9AM,
    env: { SMTP_URL: smtp.url, QUOTE_FROM_EMAIL: 'office@lostcoast-softwash.example' },
    logger,
  });
});
afterAll(async () => {
  await office.stop();
  await smtp.close();
});
afterEach(() => expect(office.server.errors).toEqual([]));

const anonymous = () => office.server.anonymous;
const visitApi = (token: string, action = '') => `/api/public/visits/${token}${action && `/${action}`}`;
const openVisit = (token: string) => anonymous().get(visitApi(token));
const answer = (token: string, action: string, body?: unknown) =>
  anonymous().send('POST', visitApi(token, action), body);
const tokenIn = (text: string) => /\/visit\/([A-Za-z0-9_-]{43})\b/.exec(text)?.[1];
const answersOf = (id: number) =>
  office.server.db
    .prepare('SELECT answer, channel, detail FROM visit_answers WHERE appointment_id = ? ORDER BY id')
    .all(id);
const summariesOf = (id: number) =>
  (
    office.server.db
      .prepare("SELECT summary FROM events WHERE type LIKE 'appointment.%' AND entity_id = ? ORDER BY id")
      .all(id) as { summary: string }[]
  ).map((e) => e.summary);
const appointment = async (id: number) =>
  (await (await office.server.get(`/api/appointments/${id}`)).json()) as {
    scheduledDate: string;
    preferredTime: string;
    status: string;
    cancelReason: string | null;
    customerAnswer: unknown;
  };

let phones = 500;
/** A customer who texted the business (so may get automatic texts), booked by staff. */
async function bookVisit(preferredDate: string, preferredTime: string, email: string | null = null) {
  const phone = `+1707555${String(++phones).padStart(4, '0')}`;
  expect((await office.customerTexts(phone, 'Hi, when can you come?')).status).toBe(200);
  const res = await office.server.send('POST', '/api/appointments/create', {
    customerName: 'Dana Whitfield',
    customerPhone: phone,
    customerEmail: email ?? undefined,
    address: '512 Redwood Drive, Garberville',
    serviceType: 'house-wash',
    preferredDate,
    preferredTime,
    allowOverlap: true,
  });
  expect(res.status).toBe(201);
  return { id: ((await res.json()) as { id: number }).id, phone };
}
/** Books a visit and moves the clock to its 48-hour reminder; the key its text links to. */
async function remindedVisit(preferredDate: string, preferredTime: string, start: number) {
  const visit = await bookVisit(preferredDate, preferredTime);
  await office.at(start - 48 * HOUR);
  const text = office.textsTo(visit.phone).at(-1)!;
  const token = tokenIn(text);
  expect(token).toBeDefined();
  return { ...visit, token: token! };
}

describe("a visit reminder's link", () => {
  it('comes in the text and the e-mail, and opens the visit with free times and nothing else of the customer', async () => {
    office.now.ms = MONDAY_9AM;
    // Thursday 26 November, 10:00 AM; the reminder goes Tuesday 10:00 AM.
    const visit = await bookVisit('2026-11-26', '10:00 AM', 'dana.whitfield@example.net');
    await office.at(Date.parse('2026-11-26T18:00:00Z') - 48 * HOUR);
    // The confirmation at booking, then the 48-hour reminder, each by text and e-mail.
    await smtp.received(2);
    const token = tokenIn(office.textsTo(visit.phone).at(-1)!)!;
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    // The e-mail of the same reminder links to the same page.
    expect(smtp.mails.find((m) => m.text?.includes('a reminder of'))!.text).toContain(
      `https://washdesk.example.com/visit/${token}`,
    );
    // Only the key's hash is stored.
    const stored = office.server.db.prepare('SELECT token_hash FROM visit_links').all() as {
      token_hash: string;
    }[];
    expect(stored.some((r) => r.token_hash.includes(token))).toBe(false);

    const res = await openVisit(token);
    expect(res.status).toBe(200);
    const body = (await res.json()) as PublicVisit;
    const { freeSlots, ...shown } = body;
    expect(shown).toEqual({
      business: { name: 'Lost Coast Soft Wash', phone: '(707) 555-0142' },
      service: 'Free estimate: House Wash',
      serviceEs: 'Estimado gratis: Lavado de casa',
      kind: 'estimate',
      date: '2026-11-26',
      time: '10:00 AM',
      address: '512 Redwood Drive, Garberville',
      answer: null,
      staffPreview: false,
    });
    const raw = JSON.stringify(body);
    for (const secret of ['Dana', 'Whitfield', visit.phone, '555-05', 'dana.whitfield'])
      expect(raw).not.toContain(secret);
    // Today (Tuesday, 10 AM) from the next hour; the visit's own slot is not "free".
    expect(freeSlots[0]).toEqual({
      date: '2026-11-24',
      times: ['11:00 AM', '12:00 PM', '1:00 PM', '2:00 PM', '3:00 PM', '4:00 PM'],
    });
    expect(freeSlots.find((d) => d.date === '2026-11-26')?.times).not.toContain('10:00 AM');
    expect(freeSlots.at(-1)!.date).toBe('2026-12-08');
  });

  it('confirms once, however often it is sent, and the office is told', async () => {
    office.now.ms = MONDAY_9AM;
    const { id, token } = await remindedVisit('2026-11-27', '2:00 PM', Date.parse('2026-11-27T22:00:00Z'));
    for (let i = 0; i < 2; i++) {
      const res = await answer(token, 'confirm');
      expect(res.status).toBe(200);
      expect(((await res.json()) as PublicVisit).answer?.answer).toBe('confirmed');
    }
    expect(answersOf(id)).toEqual([{ answer: 'confirmed', channel: 'link', detail: null }]);
    // The office reads it on the appointment itself.
    expect((await appointment(id)).customerAnswer).toEqual({
      answer: 'confirmed',
      channel: 'link',
      detail: null,
      at: new Date(office.now.ms).toISOString(),
    });
    expect(summariesOf(id)).toEqual([
      'Dana Whitfield confirmed the visit on 2026-11-27 at 2:00 PM from the reminder link',
    ]);
  });

  it('moves the visit to a free time only, once, and the move gets new reminders; the old link still opens it', async () => {
    office.now.ms = MONDAY_9AM;
    const { id, phone, token } = await remindedVisit(
      '2026-11-30',
      '9:00 AM',
      Date.parse('2026-11-30T17:00:00Z'),
    );
    const other = await bookVisit('2026-12-01', '1:00 PM');
    // Someone else's time, a time that is no slot, a day out of reach: refused, nothing moved.
    const taken = await answer(token, 'reschedule', { date: '2026-12-01', time: '1:00 PM' });
    expect(taken.status).toBe(409);
    expect(errorBodySchema.parse(await taken.json()).error.message).toBe(VISIT_REFUSALS.slotTaken);
    for (const wrong of [
      { date: '2026-12-02', time: '6:00 PM' },
      { date: '2027-02-01', time: '10:00 AM' },
      { date: '2026-11-20', time: '10:00 AM' },
    ])
      expect((await answer(token, 'reschedule', wrong)).status).toBe(400);
    expect((await answer(token, 'reschedule', { date: 'Tuesday' })).status).toBe(400);
    expect(await appointment(id)).toMatchObject({ scheduledDate: '2026-11-30', preferredTime: '9:00 AM' });
    expect(await appointment(other.id)).toMatchObject({
      scheduledDate: '2026-12-01',
      preferredTime: '1:00 PM',
    });

    for (let i = 0; i < 2; i++) {
      const moved = await answer(token, 'reschedule', { date: '2026-12-02', time: '11:00 AM' });
      expect(moved.status).toBe(200);
      expect(await moved.json()).toMatchObject({
        date: '2026-12-02',
        time: '11:00 AM',
        answer: { answer: 'rescheduled' },
      });
    }
    expect(await appointment(id)).toMatchObject({
      scheduledDate: '2026-12-02',
      preferredTime: '11:00 AM',
      status: 'scheduled',
    });
    expect(answersOf(id)).toEqual([
      {
        answer: 'rescheduled',
        channel: 'link',
        detail: 'from 2026-11-30 at 9:00 AM to 2026-12-02 at 11:00 AM',
      },
    ]);
    expect(summariesOf(id)).toEqual([
      'Dana Whitfield moved their visit from the reminder link: from 2026-11-30 at 9:00 AM to 2026-12-02 at 11:00 AM',
    ]);
    // The old key opens the visit at its new time; the new reminders carry a new one.
    expect(await (await openVisit(token)).json()).toMatchObject({ date: '2026-12-02', time: '11:00 AM' });
    const sentBefore = office.textsTo(phone).length;
    await office.at(Date.parse('2026-12-02T19:00:00Z') - 48 * HOUR);
    const reminders = office.textsTo(phone).slice(sentBefore);
    expect(reminders).toEqual([expect.stringContaining('visit on Wednesday, December 2 at 11:00 AM')]);
    const newToken = tokenIn(reminders[0]!)!;
    expect(newToken).not.toBe(token);
    expect((await openVisit(newToken)).status).toBe(200);
  });

  it('cancels with the reason, after which the link is gone (410) and no reminder goes', async () => {
    office.now.ms = MONDAY_9AM;
    const start = Date.parse('2026-12-04T18:00:00Z');
    const { id, phone, token } = await remindedVisit('2026-12-04', '10:00 AM', start);
    const res = await answer(token, 'cancel', { reason: 'We sold the house' });
    expect(res.status).toBe(204);
    expect(await appointment(id)).toMatchObject({
      status: 'cancelled',
      cancelReason: 'Cancelled by the customer: We sold the house',
    });
    expect(summariesOf(id)).toEqual([
      'Dana Whitfield cancelled the visit on 2026-12-04 at 10:00 AM from the reminder link: "We sold the house"',
    ]);
    for (const replay of [openVisit(token), answer(token, 'cancel', {}), answer(token, 'confirm')]) {
      const gone = await replay;
      expect(gone.status).toBe(410);
      expect(errorBodySchema.parse(await gone.json()).error.message).toBe(VISIT_REFUSALS.gone);
    }
    const sent = office.textsTo(phone).length;
    await office.at(start - 2 * HOUR);
    expect(office.textsTo(phone)).toHaveLength(sent);
    expect(answersOf(id)).toEqual([{ answer: 'cancelled', channel: 'link', detail: 'We sold the house' }]);
  });

  it('is gone (410) once the visit has begun, and a visit cancelled without a reason says who cancelled it', async () => {
    office.now.ms = MONDAY_9AM;
    const start = Date.parse('2026-12-07T17:00:00Z');
    const { token } = await remindedVisit('2026-12-07', '9:00 AM', start);
    const early = await remindedVisit('2026-12-08', '9:00 AM', Date.parse('2026-12-08T17:00:00Z'));
    expect((await answer(early.token, 'cancel', {})).status).toBe(204);
    expect(await appointment(early.id)).toMatchObject({ cancelReason: 'Cancelled by the customer' });
    office.now.ms = start - 60_000;
    expect((await openVisit(token)).status).toBe(200);
    office.now.ms = start;
    expect((await openVisit(token)).status).toBe(410);
    expect((await answer(token, 'confirm')).status).toBe(410);
  });

  it('answers every unknown, tampered or id-shaped key with the same 404, on every call', async () => {
    office.now.ms = MONDAY_9AM;
    const { id, token } = await remindedVisit('2026-12-09', '3:00 PM', Date.parse('2026-12-09T23:00:00Z'));
    const flipped = `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`;
    const wrongKeys = [
      flipped,
      token.slice(1),
      `${token}A`,
      String(id),
      'A'.repeat(43),
      token.toLowerCase() === token ? token.toUpperCase() : token.toLowerCase(),
    ];
    const bodies = new Set<string>();
    for (const wrong of wrongKeys) {
      for (const res of [
        await openVisit(wrong),
        await answer(wrong, 'confirm'),
        await answer(wrong, 'reschedule', { date: '2026-12-10', time: '9:00 AM' }),
        await answer(wrong, 'cancel', {}),
      ]) {
        expect(res.status).toBe(404);
        bodies.add(await res.text());
      }
    }
    expect([...bodies]).toEqual([
      JSON.stringify({ error: { code: 'not_found', message: VISIT_REFUSALS.notFound } }),
    ]);
    // Nothing changed, and the staff API stays closed to the link's holder.
    expect(answersOf(id)).toEqual([]);
    expect(await appointment(id)).toMatchObject({ status: 'scheduled', scheduledDate: '2026-12-09' });
    expect((await anonymous().get(`/api/appointments/${id}`)).status).toBe(401);
    // A body naming another appointment changes only the key's own.
    const other = await bookVisit('2026-12-10', '4:00 PM');
    expect((await answer(token, 'cancel', { id: other.id, appointmentId: other.id })).status).toBe(204);
    expect(await appointment(other.id)).toMatchObject({ status: 'scheduled' });
    expect(await appointment(id)).toMatchObject({ status: 'cancelled' });
  });

  it('shows a signed-in staff member the page, but answers only for the customer', async () => {
    office.now.ms = MONDAY_9AM;
    const { id, token } = await remindedVisit('2026-12-10', '11:00 AM', Date.parse('2026-12-10T19:00:00Z'));
    const preview = await office.server.get(visitApi(token));
    expect(preview.status).toBe(200);
    expect(await preview.json()).toMatchObject({ staffPreview: true, freeSlots: [] });
    for (const [action, body] of [
      ['confirm', undefined],
      ['reschedule', { date: '2026-12-11', time: '9:00 AM' }],
      ['cancel', {}],
    ] as const) {
      const refused = await office.server.send('POST', visitApi(token, action), body);
      expect(refused.status).toBe(403);
      expect(errorBodySchema.parse(await refused.json()).error.message).toBe(VISIT_REFUSALS.staff);
    }
    expect(answersOf(id)).toEqual([]);
    expect(await appointment(id)).toMatchObject({ status: 'scheduled', scheduledDate: '2026-12-10' });
    expect(await (await openVisit(token)).json()).toMatchObject({ staffPreview: false });
  });

  it('never writes a key to the log', async () => {
    const tokens = office.server.db
      .prepare("SELECT body FROM outbox_messages WHERE template = 'visit-reminder'")
      .all() as { body: string }[];
    const keys = tokens.map((t) => tokenIn(t.body)).filter((t): t is string => Boolean(t));
    expect(keys.length).toBeGreaterThan(3);
    const visitLines = logLines.filter((l) => l.includes('/api/public/visits/'));
    expect(visitLines.some((l) => l.includes('/api/public/visits/:token/confirm'))).toBe(true);
    expect(visitLines.some((l) => l.includes('/api/public/visits/:token/reschedule'))).toBe(true);
    for (const key of keys) expect(logLines.filter((l) => l.includes(key))).toEqual([]);
  });
});
