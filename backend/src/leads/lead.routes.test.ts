import { afterEach, describe, expect, it } from 'vitest';
import { TOTAL_COUNT_HEADER, leadSchema, type Lead } from '@washdesk/contract';
import { PHONE_ENV, phoneCaller } from '../test/phone-caller.ts';
import { fixturePhoto, photoForm, startTestServer, type TestServer } from '../test/test-server.ts';

let server: TestServer;
afterEach(async () => {
  expect(server.errors).toEqual([]);
  await server.stop();
});

const inbox = async (query = '') => {
  const res = await server.get(`/api/leads${query}`);
  expect(res.status).toBe(200);
  return {
    leads: leadSchema
      .strict()
      .array()
      .parse(await res.json()),
    total: Number(res.headers.get(TOTAL_COUNT_HEADER)),
  };
};
const wizardRequest = (firstName: string, phone = '707-555-0123') =>
  server.anonymous.send('POST', '/api/service-requests', {
    firstName,
    lastName: 'Whitfield',
    email: `${firstName.toLowerCase()}@example.com`,
    phone,
    address: '512 Redwood Drive',
    city: 'Garberville',
    serviceType: 'house-washing',
    urgency: 'week',
  });

describe('the requests inbox', () => {
  it("has every channel's lead, newest first: wizard, photo form, a missed call, a call back, a Messenger conversation", async () => {
    server = await startTestServer({ env: PHONE_ENV });
    expect((await wizardRequest('Dana')).status).toBe(201);
    const photos = await server.anonymous.upload(
      '/api/photo-submissions',
      photoForm(
        { firstName: 'Rosa', lastName: 'Ortega', phone: '(707) 555-0188', serviceType: 'House Soft Wash' },
        [{ path: fixturePhoto('pixel-gps-orientation1.jpg') }],
      ),
    );
    expect(photos.status).toBe(201);
    expect((await phoneCaller(server.url, '+17075550199').status('no-answer', { sequence: 1 })).status).toBe(
      204,
    );
    const sam = phoneCaller(server.url, '+17075550177');
    await sam.dial();
    await sam.say('Can I speak to a person please');
    // An answered call that needed nothing is not a lead.
    const fine = phoneCaller(server.url, '+17075550166');
    await fine.dial();
    await fine.status('completed', { duration: 30, sequence: 2 });
    server.db
      .prepare(
        `INSERT INTO messenger_conversations (facebook_user_id, first_name, last_name, created_at)
        VALUES ('psid-9', 'Kai', 'Moana', ?)`,
      )
      .run(new Date().toISOString());

    const { leads, total } = await inbox();
    expect(total).toBe(5);
    expect(leads.map((l) => [l.channel, l.name ?? l.phone, l.stage])).toEqual([
      ['messenger', 'Kai Moana', 'new'],
      ['phone', '+17075550177', 'new'],
      ['phone', '+17075550199', 'new'],
      ['photo-form', 'Rosa Ortega', 'new'],
      ['wizard', 'Dana Whitfield', 'new'],
    ]);
    expect(leads[4]).toMatchObject({
      askedFor: 'House Washing',
      timeline: 'Within a week',
      address: '512 Redwood Drive, Garberville',
      phone: '707-555-0123',
    });
    expect((await inbox('?channel=phone')).total).toBe(2);
    // Each lead opens its own person's customer record, whichever channel it came by.
    const customerOf = async (lead: Lead) =>
      (await (await server.get(`/api/customers/${lead.customerId}`)).json()) as {
        name: string | null;
        phone: string | null;
      };
    const people = await Promise.all(leads.map(customerOf));
    expect(people.map((p) => p.name ?? p.phone)).toEqual(leads.map((l) => l.name ?? l.phone));
    expect(new Set(leads.map((l) => l.customerId)).size).toBe(5);
  });

  it("shows a wizard request's and a submission's photos, served to staff; calls and conversations have none", async () => {
    server = await startTestServer({ env: PHONE_ENV });
    const fields = {
      firstName: 'Dana',
      lastName: 'Whitfield',
      email: 'dana@example.com',
      phone: '707-555-0123',
      address: '512 Redwood Drive',
      city: 'Garberville',
      serviceType: 'house-washing',
      urgency: 'week',
    };
    const request = await server.anonymous.upload(
      '/api/service-requests',
      photoForm(fields, [
        { path: fixturePhoto('pixel-gps-orientation1.jpg') },
        { path: fixturePhoto('pixel-gps-orientation1.jpg') },
      ]),
    );
    expect(request.status).toBe(201);
    const submission = await server.anonymous.upload(
      '/api/photo-submissions',
      photoForm(
        { firstName: 'Rosa', lastName: 'Ortega', phone: '(707) 555-0188', serviceType: 'House Soft Wash' },
        [{ path: fixturePhoto('pixel-gps-orientation1.jpg') }],
      ),
    );
    expect(submission.status).toBe(201);
    // A missed call: its row id is 1 like the request's and maybe the submission's; it owns no photo.
    expect((await phoneCaller(server.url, '+17075550199').status('no-answer', { sequence: 1 })).status).toBe(
      204,
    );

    const { leads } = await inbox();
    const byChannel = new Map(leads.map((l) => [l.channel, l]));
    expect(byChannel.get('wizard')!.photos).toHaveLength(2);
    expect(byChannel.get('photo-form')!.photos).toHaveLength(1);
    expect(byChannel.get('phone')!.photos).toEqual([]);
    const thumbnail = await server.get(byChannel.get('wizard')!.photos[0]!.thumbnailUrl);
    expect(thumbnail.status).toBe(200);
    expect(thumbnail.headers.get('content-type')).toBe('image/jpeg');
    const one = leadSchema
      .strict()
      .parse(await (await server.get(`/api/leads/${byChannel.get('wizard')!.id}`)).json());
    expect(one.photos.map((p) => p.id)).toEqual(byChannel.get('wizard')!.photos.map((p) => p.id));
  });

  it('finds a customer by a phone number however it is typed, by name, e-mail or address', async () => {
    server = await startTestServer();
    await wizardRequest('Dana', '(707) 555-0123');
    await wizardRequest('Ana', '+1 707 555 0999');
    for (const q of ['707-555-0123', '7075550123', '+1 707 555 0123', '555 0123', '(707)555-0123']) {
      expect(
        (await inbox(`?q=${encodeURIComponent(q)}`)).leads.map((l) => l.name),
        q,
      ).toEqual(['Dana Whitfield']);
    }
    expect((await inbox('?q=dana%40example')).leads.map((l) => l.name)).toEqual(['Dana Whitfield']);
    expect((await inbox('?q=0999')).leads.map((l) => l.name)).toEqual(['Ana Whitfield']);
    expect((await inbox('?q=redwood')).total).toBe(2);
    expect((await inbox('?q=%25')).total).toBe(0);
  });

  it('does not read the digits of a name or an address as a phone number', async () => {
    server = await startTestServer();
    await wizardRequest('Dana', '(707) 555-0123');
    await wizardRequest('Bo0123', '(707) 555-0999');
    // "0123" is the end of Dana's number, but typed inside a name it is the name that is searched.
    expect((await inbox('?q=Bo0123')).leads.map((l) => l.name)).toEqual(['Bo0123 Whitfield']);
    expect((await inbox('?q=o01')).leads.map((l) => l.name)).toEqual(['Bo0123 Whitfield']);
    expect((await inbox('?q=0123')).leads.map((l) => l.name)).toEqual(['Bo0123 Whitfield', 'Dana Whitfield']);
  });

  it('moves a lead along the pipeline, keeps who did it and when, and needs a reason to mark it lost', async () => {
    server = await startTestServer();
    await wizardRequest('Dana');
    const [lead] = (await inbox()).leads as [Lead];
    const move = (body: unknown) => server.send('PUT', `/api/leads/${lead.id}/stage`, body);

    expect((await move({ stage: 'contacted' })).status).toBe(200);
    const noReason = await move({ stage: 'lost' });
    expect(noReason.status).toBe(400);
    expect((await noReason.json()).error.fields.lostReason).toBe('Say why the lead was lost');
    const lost = await move({ stage: 'lost', lostReason: 'Went with a cheaper quote' });
    expect(await lost.json()).toMatchObject({
      stage: 'lost',
      lostReason: 'Went with a cheaper quote',
      stageChangedBy: 'test-owner',
    });
    expect((await move({ stage: 'won' })).status).toBe(200);

    const history = await (await server.get(`/api/leads/${lead.id}/history`)).json();
    expect(
      history.map((h: { stage: string; lostReason: string | null; changedBy: string }) => [
        h.stage,
        h.lostReason,
        h.changedBy,
      ]),
    ).toEqual([
      ['contacted', null, 'test-owner'],
      ['lost', 'Went with a cheaper quote', 'test-owner'],
      ['won', null, 'test-owner'],
    ]);
    expect((await inbox('?stage=won')).total).toBe(1);
    expect((await inbox('?stage=new')).total).toBe(0);
  });

  it('answers 4xx to odd input and strangers, and changes nothing', async () => {
    server = await startTestServer();
    await wizardRequest('Dana');
    const [lead] = (await inbox()).leads as [Lead];
    expect((await server.send('PUT', `/api/leads/${lead.id}/stage`, { stage: 'paid' })).status).toBe(400);
    expect((await server.send('PUT', '/api/leads/999999/stage', { stage: 'won' })).status).toBe(404);
    expect((await server.get('/api/leads?stage=paid')).status).toBe(400);
    expect((await server.anonymous.get('/api/leads')).status).toBe(401);
    expect((await server.anonymous.send('PUT', `/api/leads/${lead.id}/stage`, { stage: 'won' })).status).toBe(
      401,
    );
    expect((await inbox()).leads[0]!.stage).toBe('new');
  });
});
