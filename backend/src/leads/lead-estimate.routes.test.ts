import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  PAST_DATE_MESSAGE,
  SLOT_TAKEN_CODE,
  appointmentSchema,
  leadEstimateBookedSchema,
  leadSchema,
  leadStageRecordSchema,
  type Lead,
} from '@washdesk/contract';
import { expectInvalid, expectNotFound } from '../test/expect-errors.ts';
import { startTestServer, type TestServer } from '../test/test-server.ts';

// Noon on Monday 2 March 2026 in the business's time zone (California).
const NOW = Date.parse('2026-03-02T20:00:00Z');

let server: TestServer;
beforeEach(async () => {
  server = await startTestServer({ clock: () => NOW });
});
afterEach(async () => {
  expect(server.errors).toEqual([]);
  await server.stop();
});

const wizardRequest = async (firstName: string) => {
  const res = await server.anonymous.send('POST', '/api/service-requests', {
    firstName,
    lastName: 'Whitfield',
    email: `${firstName.toLowerCase()}@example.com`,
    phone: '707-555-0123',
    address: '512 Redwood Drive',
    city: 'Garberville',
    serviceType: 'house-washing',
    urgency: 'week',
  });
  expect(res.status).toBe(201);
  const leads = leadSchema
    .strict()
    .array()
    .parse(await (await server.get(`/api/leads?q=${firstName}`)).json());
  expect(leads).toHaveLength(1);
  return leads[0]!;
};

const visit = (over: Record<string, unknown> = {}) => ({
  customerName: 'Dana Whitfield',
  customerPhone: '707-555-0123',
  customerEmail: 'dana@example.com',
  address: '512 Redwood Drive, Garberville',
  serviceType: 'house-wash',
  preferredDate: '2026-03-05',
  preferredTime: '10:00 AM',
  notes: 'Asked for: House Washing (Within a week)',
  ...over,
});

const book = (lead: Pick<Lead, 'id'> | number, body: unknown) =>
  server.send('POST', `/api/leads/${typeof lead === 'number' ? lead : lead.id}/estimate`, body);
const leadNow = async (lead: Lead) =>
  leadSchema.strict().parse(await (await server.get(`/api/leads/${lead.id}`)).json());
const historyOf = async (lead: Lead) =>
  leadStageRecordSchema.array().parse(await (await server.get(`/api/leads/${lead.id}/history`)).json());
const appointmentsBooked = () => server.count('appointments');

describe('booking an estimate from a lead', () => {
  it('books the appointment and moves the lead to "estimate booked" by the staff member, together', async () => {
    const lead = await wizardRequest('Dana');
    const res = await book(lead, visit());
    expect(res.status).toBe(201);
    const booked = leadEstimateBookedSchema.strict().parse(await res.json());

    expect(appointmentSchema.strict().parse(booked.appointment)).toMatchObject({
      customerName: 'Dana Whitfield',
      customerPhone: '707-555-0123',
      customerEmail: 'dana@example.com',
      address: '512 Redwood Drive, Garberville',
      serviceType: 'house-wash',
      scheduledDate: '2026-03-05',
      preferredTime: '10:00 AM',
      status: 'scheduled',
      notes: 'Asked for: House Washing (Within a week)',
      source: 'staff',
    });
    const expected = {
      stage: 'estimate-booked',
      stageChangedBy: 'test-owner',
      estimate: {
        appointmentId: booked.appointment.id,
        scheduledDate: '2026-03-05',
        preferredTime: '10:00 AM',
        status: 'scheduled',
      },
    };
    expect(booked.lead).toMatchObject({ id: lead.id, ...expected });
    // What the inbox and the lead read from now on, and the history row with who did it.
    expect(await leadNow(lead)).toMatchObject(expected);
    const [inInbox] = leadSchema
      .array()
      .parse(await (await server.get('/api/leads?stage=estimate-booked')).json());
    expect(inInbox).toMatchObject({ id: lead.id, ...expected });
    expect((await historyOf(lead)).map((h) => [h.stage, h.changedBy])).toEqual([
      ['estimate-booked', 'test-owner'],
    ]);
    // The visit is on the schedule like any other.
    const onSchedule = appointmentSchema.parse(
      await (await server.get(`/api/appointments/${booked.appointment.id}`)).json(),
    );
    expect(onSchedule.customerName).toBe('Dana Whitfield');
    // Staff hear of it (the event every open screen refreshes from).
    const announced = server.db
      .prepare("SELECT entity_id, summary FROM events WHERE type = 'appointment.created'")
      .all();
    expect(announced).toEqual([
      {
        entity_id: booked.appointment.id,
        summary:
          'Dana Whitfield: House Wash on 2026-03-05 at 10:00 AM, booked by test-owner from the requests inbox',
      },
    ]);
  });

  it('shows the appointment as it stands: a cancelled visit reads cancelled on the lead', async () => {
    const lead = await wizardRequest('Dana');
    const { appointment } = leadEstimateBookedSchema.parse(await (await book(lead, visit())).json());
    const cancel = await server.send('PUT', `/api/appointments/${appointment.id}`, {
      status: 'cancelled',
      cancelReason: 'Customer away',
    });
    expect(cancel.status).toBe(200);
    expect((await leadNow(lead)).estimate).toMatchObject({
      appointmentId: appointment.id,
      status: 'cancelled',
    });
  });

  it('books neither the visit nor the stage on a past date, a taken slot, or bad input', async () => {
    const lead = await wizardRequest('Dana');
    await expectInvalid(
      await book(lead, visit({ preferredDate: '2026-03-01' })),
      'preferredDate',
      PAST_DATE_MESSAGE,
    );
    await expectInvalid(
      await book(lead, visit({ customerPhone: '12' })),
      'customerPhone',
      'Valid phone number required',
    );
    await expectInvalid(
      await book(lead, visit({ serviceType: 'House Washing' })),
      'serviceType',
      'Service type is required',
    );
    expect((await book(lead, 'not json')).status).toBe(400);
    expect((await book(lead, visit({ allowOverlap: 'yes' }))).status).toBe(400);
    expect(appointmentsBooked()).toBe(0);

    // Someone else holds Thursday at 10:00.
    const other = await server.send('POST', '/api/appointments/create', visit({ customerName: 'Kai Moana' }));
    expect(other.status).toBe(201);
    const clash = await book(lead, visit());
    expect(clash.status).toBe(409);
    const body = await clash.json();
    expect(body.error.code).toBe(SLOT_TAKEN_CODE);
    expect(body.error.message).toBe('Kai Moana is already booked on Thu, Mar 5, 2026 at 10:00 AM.');
    expect(appointmentsBooked()).toBe(1);
    expect(await leadNow(lead)).toMatchObject({ stage: 'new', estimate: null, stageChangedBy: null });
    expect(await historyOf(lead)).toEqual([]);

    // Staff saw the warning and book anyway (two crews).
    const anyway = await book(lead, visit({ allowOverlap: true }));
    expect(anyway.status).toBe(201);
    expect(appointmentsBooked()).toBe(2);
    expect((await leadNow(lead)).stage).toBe('estimate-booked');
  });

  it('answers 404 for a lead that does not exist or is not an id, and 401 to strangers, booking nothing', async () => {
    const lead = await wizardRequest('Dana');
    await expectNotFound(await book(999_999, visit()));
    for (const id of ['0', 'abc', '01', `${lead.id}.0`])
      await expectNotFound(await server.send('POST', `/api/leads/${id}/estimate`, visit()));
    expect((await server.anonymous.send('POST', `/api/leads/${lead.id}/estimate`, visit())).status).toBe(401);
    expect(appointmentsBooked()).toBe(0);
    expect((await leadNow(lead)).stage).toBe('new');
  });

  it("books one lead's estimate without touching another lead", async () => {
    const dana = await wizardRequest('Dana');
    const kim = await wizardRequest('Kim');
    expect((await book(kim, visit({ customerName: 'Kim Whitfield' }))).status).toBe(201);
    expect(await leadNow(dana)).toMatchObject({ stage: 'new', estimate: null });
    expect((await leadNow(kim)).stage).toBe('estimate-booked');
  });
  it('never moves a quoted or won lead back; a lost lead that comes back is reopened, in its history', async () => {
    const moveTo = async (lead: Lead, stage: string, lostReason?: string) =>
      expect((await server.send('PUT', `/api/leads/${lead.id}/stage`, { stage, lostReason })).status).toBe(
        200,
      );
    const leads = await Promise.all(['Quinn', 'Wren', 'Lorna'].map(wizardRequest));
    const [quoted, won, lost] = leads as [Lead, Lead, Lead];
    await moveTo(quoted, 'quoted');
    await moveTo(won, 'won');
    await moveTo(lost, 'lost', 'Went with a cheaper company');

    const times = ['9:00 AM', '11:00 AM', '1:00 PM'];
    for (const [i, lead] of leads.entries()) {
      const res = await book(
        lead,
        visit({ customerName: lead.name ?? 'Whitfield', preferredTime: times[i] }),
      );
      expect(res.status).toBe(201);
      const { appointment, lead: after } = leadEstimateBookedSchema.parse(await res.json());
      expect(after.estimate?.appointmentId).toBe(appointment.id);
    }

    expect((await leadNow(quoted)).stage).toBe('quoted');
    expect((await leadNow(won)).stage).toBe('won');
    expect(await leadNow(lost)).toMatchObject({ stage: 'estimate-booked', lostReason: null });
    expect((await historyOf(quoted)).map((h) => h.stage)).toEqual(['quoted']);
    expect((await historyOf(won)).map((h) => h.stage)).toEqual(['won']);
    expect((await historyOf(lost)).map((h) => h.stage)).toEqual(['lost', 'estimate-booked']);
    expect(await appointmentsBooked()).toBe(3);
  });

  it('a second estimate for the same lead links the new visit without a second history row', async () => {
    const lead = await wizardRequest('Dana');
    expect((await book(lead, visit())).status).toBe(201);
    const res = await book(lead, visit({ preferredDate: '2026-03-06' }));
    const { appointment } = leadEstimateBookedSchema.parse(await res.json());
    expect((await leadNow(lead)).estimate?.appointmentId).toBe(appointment.id);
    expect((await historyOf(lead)).map((h) => h.stage)).toEqual(['estimate-booked']);
  });
});
