import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import ICAL from 'ical.js';
import { calendarFeedCreatedSchema, calendarFeedSchema } from '@washdesk/contract';
import { clientOf, signIn, startTestServer, type Client, type TestServer } from '../test/test-server.ts';
import { expectNotFound } from '../test/expect-errors.ts';

// Noon, Monday 2 March 2026, in the business's time zone (California).
const NOW = Date.parse('2026-03-02T20:00:00Z');

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ clock: () => NOW });
});
afterAll(() => server.stop());
afterEach(() => expect(server.errors).toEqual([]));

const book = async (over: Record<string, unknown>) => {
  const res = await server.send('POST', '/api/appointments/create', {
    customerName: 'Rosa Delgado',
    customerPhone: '(707) 555-0199',
    address: '44 Elk Ridge Rd, Redway, CA',
    serviceType: 'roof-cleaning',
    preferredDate: '2026-07-15',
    preferredTime: '10:00 AM',
    allowOverlap: true,
    ...over,
  });
  expect(res.status).toBe(201);
  return ((await res.json()) as { id: number }).id;
};

const ownerId = () =>
  (server.db.prepare(`SELECT id FROM users WHERE email = 'test-owner@example.com'`).get() as { id: number })
    .id;

const newFeed = async (as: Client = server) => {
  const res = await as.send('POST', '/api/calendar-feeds');
  expect(res.status).toBe(201);
  return calendarFeedCreatedSchema.strict().parse(await res.json());
};

/** What a calendar app gets: the events of the feed, parsed by an iCalendar library. */
const subscribe = async (path: string) => {
  const res = await server.anonymous.get(path);
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toMatch(/^text\/calendar/);
  const calendar = new ICAL.Component(ICAL.parse(await res.text()));
  return calendar.getAllSubcomponents('vevent').map((v) => new ICAL.Event(v));
};

describe('the private calendar feed', () => {
  it('gives a calendar app one event per visit that is not cancelled, at the right hour in California', async () => {
    const summer = await book({ customerName: 'Summer Customer', notes: 'Dog in the yard' });
    const winter = await book({
      customerName: 'Winter Customer',
      serviceType: 'gutter-cleaning',
      preferredDate: '2026-12-15',
      preferredTime: '9:00 AM',
      customerEmail: 'winter@example.com',
    });
    const off = await book({ customerName: 'Cancelled Customer', preferredDate: '2026-07-16' });
    await server.send('PUT', `/api/appointments/${off}`, { status: 'cancelled', cancelReason: 'Moved' });
    const tbd = await book({ customerName: 'No Time Yet', preferredDate: '2026-07-17' });
    server.db.prepare('UPDATE appointments SET preferred_time = NULL WHERE id = ?').run(tbd);

    const feed = await newFeed();
    expect(feed.path).toMatch(/^\/api\/calendar-feed\/[0-9a-f]{64}\.ics$/);
    const events = await subscribe(feed.path);
    const byUid = new Map(events.map((e) => [e.uid, e]));
    expect(events).toHaveLength(3);
    expect(byUid.has(`appointment-${off}@washdesk`)).toBe(false);

    // 10:00 AM Pacific Daylight Time (UTC−7) and 9:00 AM Pacific Standard Time (UTC−8).
    const s = byUid.get(`appointment-${summer}@washdesk`)!;
    expect(s.startDate.toJSDate().toISOString()).toBe('2026-07-15T17:00:00.000Z');
    expect(s.endDate.toJSDate().toISOString()).toBe('2026-07-15T18:00:00.000Z');
    expect(s.summary).toBe('Roof Cleaning – Summer Customer');
    expect(s.location).toBe('44 Elk Ridge Rd, Redway, CA');
    expect(s.description).toBe('Phone: (707) 555-0199\nDog in the yard');
    const w = byUid.get(`appointment-${winter}@washdesk`)!;
    expect(w.startDate.toJSDate().toISOString()).toBe('2026-12-15T17:00:00.000Z');
    expect(w.summary).toBe('Gutter Cleaning – Winter Customer');
    expect(w.description).toBe('Phone: (707) 555-0199\nE-mail: winter@example.com');
    const t = byUid.get(`appointment-${tbd}@washdesk`)!;
    expect(t.startDate.isDate).toBe(true);
    expect(t.startDate.toString()).toBe('2026-07-17');
  });

  it('keeps each visit under the same UID when it moves, so the calendar moves it instead of doubling it', async () => {
    const id = await book({ customerName: 'Moving Customer', preferredDate: '2026-08-01' });
    const feed = await newFeed();
    const before = (await subscribe(feed.path)).find((e) => e.uid === `appointment-${id}@washdesk`)!;
    await server.send('PUT', `/api/appointments/${id}`, { scheduledDate: '2026-08-03', allowOverlap: true });
    const after = (await subscribe(feed.path)).filter((e) => e.uid === `appointment-${id}@washdesk`);
    expect(after).toHaveLength(1);
    expect(before.startDate.toJSDate().toISOString()).toBe('2026-08-01T17:00:00.000Z');
    expect(after[0]!.startDate.toJSDate().toISOString()).toBe('2026-08-03T17:00:00.000Z');
  });

  it('is listed for staff without its secret, and answers 404 once revoked', async () => {
    const feed = await newFeed();
    const listed = calendarFeedSchema
      .strict()
      .array()
      .parse(await (await server.get('/api/calendar-feeds')).json());
    expect(listed.find((f) => f.id === feed.id)).toEqual({
      id: feed.id,
      createdAt: feed.createdAt,
      createdBy: 'test-owner',
      createdByUserId: ownerId(),
      lastUsedAt: null,
    });
    const token = feed.path.slice('/api/calendar-feed/'.length, -'.ics'.length);
    expect(
      server.db.prepare('SELECT COUNT(*) AS n FROM calendar_feeds WHERE token_hash LIKE ?').get(`%${token}%`),
    ).toEqual({ n: 0 });

    await subscribe(feed.path);
    expect((await server.send('DELETE', `/api/calendar-feeds/${feed.id}`)).status).toBe(204);
    await expectNotFound(await server.anonymous.get(feed.path));
    const after = calendarFeedSchema.array().parse(await (await server.get('/api/calendar-feeds')).json());
    expect(after.map((f) => f.id)).not.toContain(feed.id);
    await expectNotFound(await server.send('DELETE', `/api/calendar-feeds/${feed.id}`));
  });

  it('answers 404 for a token that was never issued, or one a character off', async () => {
    const feed = await newFeed();
    const token = feed.path.slice('/api/calendar-feed/'.length, -'.ics'.length);
    const flipped = `${token.slice(0, -1)}${token.endsWith('0') ? '1' : '0'}`;
    for (const path of [
      `/api/calendar-feed/${flipped}.ics`,
      `/api/calendar-feed/${'0'.repeat(64)}.ics`,
      '/api/calendar-feed/x.ics',
    ])
      await expectNotFound(await server.anonymous.get(path));
    await subscribe(feed.path);
  });

  it('lets only staff create, list and revoke links', async () => {
    const feed = await newFeed();
    expect((await server.anonymous.send('POST', '/api/calendar-feeds')).status).toBe(401);
    expect((await server.anonymous.get('/api/calendar-feeds')).status).toBe(401);
    expect((await server.anonymous.send('DELETE', `/api/calendar-feeds/${feed.id}`)).status).toBe(401);
    await subscribe(feed.path);
  });
});

/** A staff member signed in in their own browser, with their account id. */
const staffMember = async (email: string) => {
  await server.addUser({ email, role: 'staff' });
  const id = (server.db.prepare('SELECT id FROM users WHERE email = ?').get(email) as { id: number }).id;
  return { id, client: clientOf(server.url, await signIn(server.url, email)) };
};
const listOf = async (as: Client) =>
  calendarFeedSchema
    .strict()
    .array()
    .parse(await (await as.get('/api/calendar-feeds')).json());

// Issue 21, item 2: a link made by someone whose access has ended kept serving the whole schedule.
describe("a calendar link and its creator's access", () => {
  it('ends when the account is disabled, and stays ended when it is enabled again', async () => {
    const sam = await staffMember('sam.feeds@example.com');
    const feed = await newFeed(sam.client);
    await subscribe(feed.path);
    const disabled = await server.send('PUT', `/api/users/${sam.id}`, { disabled: true });
    expect(disabled.status).toBe(200);
    await expectNotFound(await server.anonymous.get(feed.path));
    expect((await listOf(server)).map((f) => f.id)).not.toContain(feed.id);
    expect((await server.send('PUT', `/api/users/${sam.id}`, { disabled: false })).status).toBe(200);
    await expectNotFound(await server.anonymous.get(feed.path));
  });

  it('ends when the owner resets the password (which signs that person out everywhere)', async () => {
    const kim = await staffMember('kim.feeds@example.com');
    const mine = await newFeed(kim.client);
    const owners = await newFeed();
    const reset = await server.send('POST', `/api/users/${kim.id}/reset-password`, {
      password: 'a brand new password',
    });
    expect(reset.status).toBe(204);
    await expectNotFound(await server.anonymous.get(mine.path));
    // Only that person's links: everyone else's keep working.
    await subscribe(owners.path);
  });

  it('serves only while its creator is enabled, however the account was disabled', async () => {
    const lee = await staffMember('lee.feeds@example.com');
    const feed = await newFeed(lee.client);
    await subscribe(feed.path);
    server.db
      .prepare('UPDATE users SET disabled_at = ? WHERE id = ?')
      .run(new Date(NOW).toISOString(), lee.id);
    await expectNotFound(await server.anonymous.get(feed.path));
    server.db.prepare('UPDATE users SET disabled_at = NULL WHERE id = ?').run(lee.id);
    await subscribe(feed.path);
  });

  it('is seen and revoked by the owner whoever made it, with who, when and when it was last read', async () => {
    const ana = await staffMember('ana.feeds@example.com');
    const hers = await newFeed(ana.client);
    const owners = await newFeed();
    expect((await listOf(server)).find((f) => f.id === hers.id)).toEqual({
      id: hers.id,
      createdAt: new Date(NOW).toISOString(),
      createdBy: 'ana.feeds',
      createdByUserId: ana.id,
      lastUsedAt: null,
    });
    await subscribe(hers.path);
    expect((await listOf(server)).find((f) => f.id === hers.id)?.lastUsedAt).toBe(
      new Date(NOW).toISOString(),
    );

    // Staff see only their own links, and cannot revoke anyone else's.
    expect((await listOf(ana.client)).map((f) => f.id)).toEqual([hers.id]);
    await expectNotFound(await ana.client.send('DELETE', `/api/calendar-feeds/${owners.id}`));
    await subscribe(owners.path);

    expect((await server.send('DELETE', `/api/calendar-feeds/${hers.id}`)).status).toBe(204);
    await expectNotFound(await server.anonymous.get(hers.path));
    expect(await listOf(ana.client)).toEqual([]);
  });

  it('can be revoked by the staff member who made it', async () => {
    const bo = await staffMember('bo.feeds@example.com');
    const feed = await newFeed(bo.client);
    expect((await bo.client.send('DELETE', `/api/calendar-feeds/${feed.id}`)).status).toBe(204);
    await expectNotFound(await server.anonymous.get(feed.path));
  });
});
