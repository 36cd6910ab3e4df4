import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { leadSchema, type Lead, type LiveEvent } from '@washdesk/contract';
import { openEventStream, type EventStreamClient } from '../test/event-stream-client.ts';
import { startTextingServer, type TextingServer } from '../test/texting-server.ts';

// A new texter is a lead in Requests, like a caller who was missed (issue 32, item 4): the
// customer's first text on the business number files it (migration 0037's trigger), and the
// event stream's `text.received` is what refreshes the admin's Requests list (live-invalidation.ts).

let office: TextingServer;
const streams: EventStreamClient[] = [];
beforeAll(async () => {
  office = await startTextingServer({ start: new Date('2026-11-24T18:00:00Z').getTime() });
});
afterAll(() => office.stop());
afterEach(() => {
  for (const s of streams.splice(0)) s.close();
  expect(office.server.errors).toEqual([]);
});

const textLeads = async (q = '') => {
  const res = await office.server.get(`/api/leads?channel=text${q}`);
  expect(res.status).toBe(200);
  return leadSchema.array().parse(await res.json());
};

describe('a customer who texts the business number', () => {
  it('appears in Requests as a new lead once, announced on the event stream', async () => {
    const stream = await openEventStream(office.server.url, office.server.owner.cookie);
    streams.push(stream);
    expect(stream.status).toBe(200);
    const number = '+17075553344';
    expect(await textLeads()).toEqual([]);

    expect((await office.customerTexts(number, 'Hi, can you wash a deck next week?')).status).toBe(200);
    const received = await stream.next(
      (e) => e.event === 'message' && (e.data as LiveEvent).type === 'text.received',
    );
    const [lead] = await textLeads();
    expect(lead).toMatchObject<Partial<Lead>>({
      channel: 'text',
      sourceId: (received.data as LiveEvent).entityId!,
      phone: number,
      detail: 'Hi, can you wash a deck next week?',
      stage: 'new',
    });
    expect(lead!.customerId).not.toBeNull();
    // Found by the number however staff type it.
    expect((await textLeads('&q=(707)%20555-3344')).map((l) => l.id)).toEqual([lead!.id]);

    // A second text on the same thread is the same lead.
    expect((await office.customerTexts(number, 'Also the fence')).status).toBe(200);
    await stream.next(
      (e) =>
        e.event === 'message' &&
        (e.data as LiveEvent).type === 'text.received' &&
        Number(e.id) > Number(received.id),
    );
    expect((await textLeads()).map((l) => l.id)).toEqual([lead!.id]);
  });
});
