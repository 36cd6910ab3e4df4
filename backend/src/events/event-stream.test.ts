import { afterEach, describe, expect, it } from 'vitest';
import { liveEventSchema, type LiveEvent } from '@washdesk/contract';
import { openEventStream, type EventStreamClient } from '../test/event-stream-client.ts';
import { fixturePhoto, photoForm, signIn, startTestServer, type TestServer } from '../test/test-server.ts';

let server: TestServer;
const streams: EventStreamClient[] = [];
afterEach(async () => {
  for (const s of streams.splice(0)) s.close();
  expect(server.errors).toEqual([]);
  await server.stop();
});

const open = async (cookie: string | null = server.owner.cookie, lastEventId?: string) => {
  const stream = await openEventStream(server.url, cookie ?? undefined, lastEventId);
  streams.push(stream);
  return stream;
};

const wizardRequest = (firstName: string) =>
  server.anonymous.send('POST', '/api/service-requests', {
    firstName,
    lastName: 'Whitfield',
    email: 'dana@example.com',
    phone: '707-555-0123',
    address: '512 Redwood Drive, Garberville',
    serviceType: 'house-washing',
  });

const liveEvent = (stream: EventStreamClient, type: LiveEvent['type'], after = 0) =>
  stream.next((e) => e.event === 'message' && (e.data as LiveEvent).type === type && Number(e.id) > after);

describe('GET /api/events', () => {
  it('is for signed-in staff only', async () => {
    server = await startTestServer();
    const anonymous = await open(null);
    expect(anonymous.status).toBe(401);
    expect(server.count('events')).toBe(0);
  });

  it('announces a wizard request and a photo submission to every open stream, with increasing ids', async () => {
    server = await startTestServer();
    const mine = await open();
    const colleague = await open(
      (await signIn(server.url, await server.addUser({ email: 'ana@example.com' }))).cookie,
    );
    expect(mine.status).toBe(200);

    const created = await wizardRequest('Dana');
    expect(created.status).toBe(201);
    const request = (await created.json()) as { id: number };
    const first = await liveEvent(mine, 'service-request.created');
    expect(liveEventSchema.strict().parse(first.data)).toMatchObject({
      type: 'service-request.created',
      entityId: request.id,
      summary: 'New request from Dana Whitfield: House Washing',
      actorUserId: null,
    });
    expect(first.id).toBe(String((first.data as LiveEvent).id));

    const photo = await server.anonymous.upload(
      '/api/photo-submissions',
      photoForm(
        { firstName: 'Rosa', lastName: 'Ortega', phone: '(707) 555-0188', serviceType: 'House Soft Wash' },
        [{ path: fixturePhoto('pixel-gps-orientation1.jpg') }],
      ),
    );
    expect(photo.status).toBe(201);
    const second = await liveEvent(mine, 'submission.created');
    expect(second.data).toMatchObject({ entityId: ((await photo.json()) as { id: number }).id });
    expect(Number(second.id)).toBeGreaterThan(Number(first.id));

    await liveEvent(colleague, 'submission.created');
    expect(colleague.live().map((e) => e.id)).toEqual(mine.live().map((e) => e.id));
  });

  it('replays exactly the missed events, in order, to a client reconnecting with Last-Event-ID', async () => {
    server = await startTestServer();
    const before = await open();
    await wizardRequest('One');
    const seen = await liveEvent(before, 'service-request.created');
    before.close();
    await before.ended;

    for (const name of ['Two', 'Three', 'Four']) expect((await wizardRequest(name)).status).toBe(201);
    const again = await open(server.owner.cookie, seen.id);
    await again.next((e) => (e.data as LiveEvent).summary?.includes('Four'));
    expect(again.live().map((e) => e.summary)).toEqual([
      'New request from Two Whitfield: House Washing',
      'New request from Three Whitfield: House Washing',
      'New request from Four Whitfield: House Washing',
    ]);
    // And then it is live: a fifth arrives once.
    await wizardRequest('Five');
    await again.next((e) => (e.data as LiveEvent).summary?.includes('Five'));
    expect(again.live()).toHaveLength(4);
  });

  it('tells a client to reload when what it missed is no longer kept', async () => {
    server = await startTestServer();
    for (const name of ['Old', 'Older']) await wizardRequest(name);
    // A day later, the first ones have been pruned.
    server.db.prepare('DELETE FROM events WHERE id <= 2').run();
    await wizardRequest('New');
    const stream = await open(server.owner.cookie, '1');
    const reset = await stream.next();
    expect(reset.event).toBe('reset');
    expect(stream.live()).toEqual([]);
  });

  it('refuses a Last-Event-ID that is not an event id', async () => {
    server = await startTestServer();
    expect((await open(server.owner.cookie, '-1')).status).toBe(400);
    for (const odd of ['1e3', '0x1', '01', '99999999999999999999', 'abc'])
      expect((await open(server.owner.cookie, odd)).status, odd).toBe(400);
  });

  it('never announces a write that was rolled back', async () => {
    server = await startTestServer();
    // The database refuses this one inside the request's transaction.
    server.db.exec(`CREATE TRIGGER refuse_rollback BEFORE INSERT ON service_requests
      WHEN NEW.first_name = 'Rollback' BEGIN SELECT RAISE(ABORT, 'refused by test'); END`);
    const stream = await open();
    expect((await wizardRequest('Rollback')).status).toBe(500);
    server.errors.length = 0;
    expect((await wizardRequest('Kept')).status).toBe(201);
    await liveEvent(stream, 'service-request.created');
    expect(stream.live().map((e) => e.summary)).toEqual(['New request from Kept Whitfield: House Washing']);
    expect(server.count('service_requests')).toBe(1);
  });

  it("closes a staff member's streams when they sign out or their account is disabled", async () => {
    server = await startTestServer();
    const email = await server.addUser({ email: 'sam@example.com' });
    const sam = await signIn(server.url, email);
    const samStream = await open(sam.cookie);
    const ownerStream = await open();

    const users = (await (await server.get('/api/users')).json()) as { id: number; email: string }[];
    const samId = users.find((u) => u.email === email)!.id;
    expect((await server.send('PUT', `/api/users/${samId}`, { disabled: true })).status).toBe(200);
    await samStream.ended;

    const signOut = await fetch(`${server.url}/api/auth/logout`, {
      method: 'POST',
      headers: { Cookie: server.owner.cookie, 'X-CSRF-Token': server.owner.csrfToken, Origin: server.url },
    });
    expect(signOut.status).toBe(204);
    await ownerStream.ended;
    // Signed out means no new stream either.
    expect((await open()).status).toBe(401);
  });

  it("announces staff's appointment bookings and changes, marked as theirs", async () => {
    server = await startTestServer({ clock: () => Date.parse('2026-11-23T17:30:00Z') });
    const stream = await open();
    const me = (await (await server.get('/api/auth/me')).json()).user as { id: number; name: string };
    const created = await server.send('POST', '/api/appointments/create', {
      customerName: 'Rosa Ortega',
      customerPhone: '707-555-0188',
      address: '44 Shelter Cove Road, Whitethorn',
      serviceType: 'roof-cleaning',
      preferredDate: '2026-12-02',
      preferredTime: '9:00 AM',
    });
    expect(created.status).toBe(201);
    const { id } = (await created.json()) as { id: number };
    expect(
      (
        await server.send('PUT', `/api/appointments/${id}`, {
          status: 'cancelled',
          cancelReason: 'Sold the house',
        })
      ).status,
    ).toBe(200);
    await liveEvent(stream, 'appointment.updated');
    expect(stream.live().map((e) => [e.type, e.entityId, e.actorUserId, e.summary])).toEqual([
      [
        'appointment.created',
        id,
        me.id,
        `Rosa Ortega: Roof Cleaning on 2026-12-02 at 9:00 AM, booked by ${me.name}`,
      ],
      [
        'appointment.updated',
        id,
        me.id,
        `Rosa Ortega's appointment (2026-12-02 at 9:00 AM) is cancelled, changed by ${me.name}`,
      ],
    ]);
  });

  it('holds 200 open streams and hands each the same event', async () => {
    server = await startTestServer();
    const many = await Promise.all(Array.from({ length: 200 }, () => open()));
    expect(many.every((s) => s.status === 200)).toBe(true);
    await wizardRequest('Crowd');
    const got = await Promise.all(many.map((s) => liveEvent(s, 'service-request.created')));
    expect(new Set(got.map((e) => e.id)).size).toBe(1);
  });
});
