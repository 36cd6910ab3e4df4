import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startTextingServer, type TextingServer } from '../test/texting-server.ts';

// After the job, through the real server: a visit marked completed earns one review request (the
// same words and link for everyone) and, after a house wash, a re-service reminder 335 days on;
// turning a switch off stops what was queued under it.

const REVIEW_LINK = 'https://g.page/r/lost-coast-soft-wash/review';
/** Monday 23 November 2026, 9:00 AM in California. */
const MONDAY = Date.parse('2026-11-23T17:00:00Z');
const DAY = 86_400_000;
let office: TextingServer;
beforeAll(async () => {
  office = await startTextingServer({ start: MONDAY });
});
afterAll(() => office.stop());
afterEach(() => expect(office.server.errors).toEqual([]));

const completedVisit = async (phone: string, serviceType: string) => {
  office.now.ms = MONDAY;
  await office.customerTexts(phone, 'See you tomorrow');
  const res = await office.server.send('POST', '/api/appointments/create', {
    customerName: 'Dana Whitfield',
    customerPhone: phone,
    address: '512 Redwood Drive, Garberville',
    serviceType,
    preferredDate: '2026-11-24',
    preferredTime: '9:00 AM',
    allowOverlap: true,
  });
  expect(res.status).toBe(201);
  const { id } = (await res.json()) as { id: number };
  office.now.ms = MONDAY + DAY + 3 * 3_600_000; // Tuesday noon, the job done
  const done = await office.server.send('PUT', `/api/appointments/${id}`, { status: 'completed' });
  expect(done.status).toBe(200);
  return id;
};
const textsTo = (phone: string) => office.textsTo(phone);
const at = (ms: number) => office.at(ms);

describe('after the job', () => {
  it('without a review link asks for no review', async () => {
    const phone = '+17075550501';
    await completedVisit(phone, 'deck-cleaning');
    await at(office.now.ms);
    expect(textsTo(phone).filter((t) => t.includes('review'))).toEqual([]);
  });

  it('asks once for a review, the same for everyone, and offers the next house wash eleven months on', async () => {
    const settings = await office.server.send('PUT', '/api/texts/settings', { reviewLink: REVIEW_LINK });
    expect(settings.status).toBe(200);
    const phone = '+17075550502';
    const id = await completedVisit(phone, 'house-wash');
    await at(office.now.ms);
    expect(textsTo(phone).filter((t) => t.includes('review'))).toEqual([
      `Lost Coast Soft Wash: thank you for choosing us, Dana! If you have a minute, a review helps a lot: ${REVIEW_LINK}`,
    ]);
    // Edited after completion: still one request.
    await office.server.send('PUT', `/api/appointments/${id}`, { notes: 'Paid in full' });
    await at(office.now.ms + 60_000);
    expect(textsTo(phone).filter((t) => t.includes('review'))).toHaveLength(1);

    const done = office.now.ms;
    await at(done + 334 * DAY);
    expect(textsTo(phone).filter((t) => t.includes('almost a year'))).toEqual([]);
    await at(done + 335 * DAY);
    expect(textsTo(phone).filter((t) => t.includes('almost a year'))).toEqual([
      "Lost Coast Soft Wash: it's been almost a year since we washed your house, Dana. Want us to book the next one? Reply or call (707) 555-0142.",
    ]);
  });

  it('stops what was queued when its switch is turned off', async () => {
    const phone = '+17075550503';
    await completedVisit(phone, 'house-wash');
    const done = office.now.ms;
    const off = await office.server.send('PUT', '/api/texts/settings', { reserviceReminders: false });
    expect(off.status).toBe(200);
    await at(done + 335 * DAY);
    expect(textsTo(phone).filter((t) => t.includes('almost a year'))).toEqual([]);
    const bad = await office.server.send('PUT', '/api/texts/settings', {
      reviewLink: 'http://not-https.example.com',
    });
    expect(bad.status).toBe(400);
    expect((await bad.json()).error.fields.reviewLink).toBe('Must be an https:// link');
  });
});
