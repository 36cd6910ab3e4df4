import { afterEach, describe, expect, it } from 'vitest';
import {
  CUSTOMER_KEY_TAKEN,
  CUSTOMER_MERGE_ITSELF,
  customerItemSchema,
  customerSummarySchema,
  quoteSentSchema,
  TOTAL_COUNT_HEADER,
  type CustomerSummary,
} from '@washdesk/contract';
import { PHONE_ENV, phoneCaller } from '../test/phone-caller.ts';

import { fixturePhoto, photoForm, startTestServer, type TestServer } from '../test/test-server.ts';

let server: TestServer;
afterEach(async () => {
  expect(server.errors).toEqual([]);
  await server.stop();
});

// Each record is written at its own millisecond, so the timeline's order is the order of the test.
const nextMillisecond = async (res: Response) => {
  const at = Date.now();
  while (Date.now() <= at) await new Promise((r) => setImmediate(r));
  return res;
};

const wizardRequest = (phone: string, email = 'dana@example.com', firstName = 'Dana') =>
  server.anonymous
    .send('POST', '/api/service-requests', {
      firstName,
      lastName: 'Whitfield',
      email,
      phone,
      address: '512 Redwood Drive',
      city: 'Garberville',
      serviceType: 'house-washing',
      urgency: 'week',
      description: 'Green streaks on the north side',
    })
    .then(nextMillisecond);
const photoSubmission = (phone: string, email?: string) =>
  server.anonymous
    .upload(
      '/api/photo-submissions',
      photoForm(
        {
          firstName: 'Dana',
          lastName: 'Whitfield',
          phone,
          ...(email && { email }),
          serviceType: 'Roof Cleaning',
        },
        [{ path: fixturePhoto('pixel-gps-orientation1.jpg') }],
      ),
    )
    .then(nextMillisecond);
const appointment = (phone: string, email: string | null = null) =>
  server
    .send('POST', '/api/appointments/create', {
      customerName: 'Dana Whitfield',
      customerPhone: phone,
      customerEmail: email,
      address: '512 Redwood Drive, Garberville',
      serviceType: 'house-wash',
      preferredDate: '2099-06-15',
      preferredTime: '10:00 AM',
      allowOverlap: true,
    })
    .then(nextMillisecond);

const search = async (q = '') => {
  const res = await server.get(`/api/customers${q && `?q=${encodeURIComponent(q)}`}`);
  expect(res.status).toBe(200);
  return {
    rows: customerSummarySchema
      .strict()
      .array()
      .parse(await res.json()),
    total: Number(res.headers.get(TOTAL_COUNT_HEADER)),
  };
};
const timeline = async (id: number, query = '') => {
  const res = await server.get(`/api/customers/${id}/timeline${query}`);
  expect(res.status).toBe(200);
  return {
    items: customerItemSchema
      .strict()
      .array()
      .parse(await res.json()),
    total: Number(res.headers.get(TOTAL_COUNT_HEADER)),
  };
};
const only = async (q: string): Promise<CustomerSummary> => {
  const { rows } = await search(q);
  expect(rows, q).toHaveLength(1);
  return rows[0]!;
};

describe('customer records', () => {
  it('are one for two spellings of one number the old rules read as two (an extension, a leading 1)', async () => {
    server = await startTestServer({ env: PHONE_ENV });
    // The old rule kept the last ten digits of everything typed: "707-555-0166 x12" was 7555016612.
    expect((await wizardRequest('707-555-0166 x12')).status).toBe(201);
    const caller = phoneCaller(server.url, '+17075550166');
    await caller.dial();
    await caller.status('completed', { duration: 42, sequence: 2 });
    expect((await appointment('1 (707) 555-0166')).status).toBe(201);
    const dana = await only('Whitfield');
    expect(dana.counts).toMatchObject({ request: 1, call: 1, appointment: 1 });
    expect((await only('7075550166')).id).toBe(dana.id);
  });

  it('are one per person however the phone was typed, with every channel in time order', async () => {
    server = await startTestServer({ env: PHONE_ENV });
    expect((await wizardRequest('(707) 555-0123')).status).toBe(201);
    expect((await photoSubmission('+1 707.555.0123')).status).toBe(201);
    const caller = phoneCaller(server.url, '+17075550123');
    await caller.dial();
    await caller.status('completed', { duration: 42, sequence: 2 });
    await nextMillisecond(new Response());
    expect((await appointment('707 555 0123')).status).toBe(201);
    // Someone else entirely.
    expect((await wizardRequest('(530) 555-0777', 'rosa@example.com', 'Rosa')).status).toBe(201);

    const dana = await only('555-0123');
    expect(dana).toMatchObject({
      name: 'Dana Whitfield',
      phone: '(707) 555-0123',
      email: 'dana@example.com',
      // The call ended without a word: the missed-call text-back started a text thread (texts/).
      counts: { request: 1, submission: 1, call: 1, appointment: 1, conversation: 0, text: 1 },
    });
    for (const q of [
      '7075550123',
      '+1 (707) 555-0123',
      '(707) 555 0123',
      'whitfield',
      'DANA@EXAMPLE',
      'redwood',
    ]) {
      expect(
        (await search(q)).rows.map((c) => c.id),
        q,
      ).toContain(dana.id);
    }
    const { items, total } = await timeline(dana.id);
    expect(total).toBe(5);
    expect(items.map((i) => i.kind)).toEqual(['appointment', 'text', 'call', 'submission', 'request']);
    expect(items.map((i) => i.at)).toEqual([...items.map((i) => i.at)].sort().reverse());
    expect(items[3]!.photos).toHaveLength(1);
    expect(items[4]).toMatchObject({
      title: 'Website request: House Washing',
      detail: 'Green streaks on the north side',
      status: 'Within a week',
    });
    expect((await timeline(dana.id, '?limit=2&offset=3')).items.map((i) => i.kind)).toEqual([
      'submission',
      'request',
    ]);
    expect((await search('rosa')).rows.map((c) => c.name)).toEqual(['Rosa Whitfield']);
  });

  it("show a photo submission's quotes: when each was sent, by whom, and what the customer did", async () => {
    server = await startTestServer();
    expect((await wizardRequest('(707) 555-0123')).status).toBe(201);
    const submitted = await photoSubmission('(707) 555-0123');
    const { id: submissionId } = (await submitted.json()) as { id: number };
    const send = async (estimateAmount: string) => {
      const res = await server.send('POST', `/api/photo-submissions/${submissionId}/quotes`, {
        estimateAmount,
      });
      expect(res.status).toBe(201);
      return quoteSentSchema.parse(await res.json()).quote;
    };
    const first = await send('900');
    const second = await send('1,250');
    // The customer opens and accepts the second link, with no session.
    const token = second.link.split('/').pop()!;
    expect((await server.anonymous.get(`/api/public/quotes/${token}`)).status).toBe(200);
    const asked = await server.anonymous.send('POST', `/api/public/quotes/${token}/questions`, {
      question: 'Does it include the fence?',
    });
    expect(asked.status).toBe(201);
    const question = (await (await server.get(`/api/photo-submissions/${submissionId}/quotes`)).json()) as {
      quotes: { questions: { id: number }[] }[];
    };
    const answered = await server.send(
      'POST',
      `/api/photo-submissions/${submissionId}/quotes/questions/${question.quotes[0]!.questions[0]!.id}/answer`,
      { answer: 'Yes, the fence is included.', how: 'phoned' },
    );
    expect(answered.status).toBe(200);
    expect(
      (
        await server.anonymous.send('POST', `/api/public/quotes/${token}/accept`, {
          fullName: 'A Customer',
          agreed: true,
        })
      ).status,
    ).toBe(200);

    const dana = await only('555-0123');
    const { items } = await timeline(dana.id);
    const submission = items.find((i) => i.kind === 'submission')!;
    expect(submission.quotes).toEqual([
      {
        amount: 900,
        sentAt: first.sentAt,
        sentBy: 'test-owner',
        openedAt: null,
        acceptedAt: null,
        supersededAt: expect.any(String),
        questions: [],
      },
      {
        amount: 1250,
        sentAt: second.sentAt,
        sentBy: 'test-owner',
        openedAt: expect.any(String),
        acceptedAt: expect.any(String),
        supersededAt: null,
        // The customer's question and staff's answer are part of their story.
        questions: [
          {
            question: 'Does it include the fence?',
            askedAt: expect.any(String),
            answer: 'Yes, the fence is included.',
            answeredAt: expect.any(String),
          },
        ],
      },
    ]);
    expect(submission.link).toBe(`/admin/photo-submissions?submission=${submissionId}`);
    expect(items.find((i) => i.kind === 'request')!.quotes).toEqual([]);
  });

  it('match an e-mail whatever its case, and a new phone of a known e-mail joins that record', async () => {
    server = await startTestServer();
    await wizardRequest('(707) 555-0123', 'Dana@Example.com');
    expect((await appointment('(707) 555-0999', 'dana@EXAMPLE.com')).status).toBe(201);
    const dana = await only('dana@example.com');
    expect(dana.counts).toMatchObject({ request: 1, appointment: 1 });
    // The appointment's number now finds the same record.
    expect((await only('555-0999')).id).toBe(dana.id);
  });

  it('merge two records of one person: everything moves, later contacts follow, the old link says where', async () => {
    server = await startTestServer();
    await wizardRequest('(707) 555-0123', 'dana@example.com');
    await photoSubmission('(707) 555-0456', 'dana.w@example.com');
    const [first, second] = [await only('555-0123'), await only('555-0456')];
    expect(first.id).not.toBe(second.id);

    expect(
      (await server.send('POST', `/api/customers/${first.id}/merge`, { otherId: first.id })).status,
    ).toBe(400);
    const itself = await server.send('POST', `/api/customers/${first.id}/merge`, { otherId: first.id });
    expect((await itself.json()).error.message).toBe(CUSTOMER_MERGE_ITSELF);
    const merged = await server.send('POST', `/api/customers/${first.id}/merge`, { otherId: second.id });
    expect(merged.status).toBe(200);
    expect(await merged.json()).toMatchObject({ id: first.id, counts: { request: 1, submission: 1 } });

    const gone = await server.get(`/api/customers/${second.id}`);
    expect(gone.status).toBe(404);
    expect(await gone.json()).toMatchObject({ mergedInto: first.id });
    expect((await search()).total).toBe(1);
    // A later call from the second number lands on the merged record.
    await appointment('(707) 555-0456');
    expect((await only('555-0456')).counts).toMatchObject({ request: 1, submission: 1, appointment: 1 });
    // Merging again changes nothing and says the record is gone.
    expect(
      (await server.send('POST', `/api/customers/${first.id}/merge`, { otherId: second.id })).status,
    ).toBe(404);
    expect((await timeline(first.id)).total).toBe(3);
  });

  it("take edited contact details, refuse another record's phone, and write nothing on bad input", async () => {
    server = await startTestServer();
    await wizardRequest('(707) 555-0123', 'dana@example.com');
    await wizardRequest('(530) 555-0777', 'rosa@example.com', 'Rosa');
    const dana = await only('555-0123');
    const put = (id: number | string, body: unknown) => server.send('PUT', `/api/customers/${id}`, body);

    const edited = await put(dana.id, {
      name: 'Dana W. Whitfield',
      phone: '(707) 555-0124',
      email: 'DANA.NEW@example.com',
      address: '9 Elk Ridge Rd, Redway',
    });
    expect(edited.status).toBe(200);
    expect(await edited.json()).toMatchObject({ name: 'Dana W. Whitfield', email: 'dana.new@example.com' });
    expect((await only('555-0124')).id).toBe(dana.id);
    expect((await only('elk ridge')).id).toBe(dana.id);

    const taken = await put(dana.id, { name: 'Dana', phone: '530-555-0777' });
    expect(taken.status).toBe(409);
    expect((await taken.json()).error.message).toBe(CUSTOMER_KEY_TAKEN);
    expect((await only('555-0124')).name).toBe('Dana W. Whitfield');

    for (const body of [
      {},
      { name: '  ' },
      { name: 'Dana', phone: '12' },
      { name: 'Dana', email: 'nope' },
      [],
    ]) {
      expect((await put(dana.id, body)).status, JSON.stringify(body)).toBe(400);
    }
    expect((await only('555-0124')).name).toBe('Dana W. Whitfield');
  });

  it('find exactly the records whose details hold the text, for short, long and odd searches', async () => {
    server = await startTestServer();
    for (const sent of [
      await wizardRequest('(707) 555-0123', 'dana@example.com'),
      await wizardRequest('(530) 555-0777', 'rosa.o@example.com', 'Rosa'),
      await wizardRequest('(916) 555-0100', 'al_10@example.com', 'Al'),
      await photoSubmission('(707) 555-0199', 'kim@example.com'),
    ])
      expect(sent.status).toBe(201);
    // What a reader of every record would find: the text anywhere in one of its details, any case.
    const everyRecordHolding = (q: string) => {
      const details = server.db
        .prepare(
          `SELECT c.id, c.name, t.term FROM customers c JOIN customer_terms t ON t.customer_id = c.id
          WHERE c.merged_into IS NULL`,
        )
        .all() as { id: number; name: string; term: string }[];
      const holding = details.filter((d) => d.term.toLowerCase().includes(q.toLowerCase()));
      return [...new Map(holding.map((d) => [d.id, d.name])).values()].sort();
    };
    for (const q of [
      'Al',
      'ro',
      'whit',
      'WHITFIELD',
      'redwood drive',
      '0123',
      'dana@',
      'rosa"o',
      'al_10%',
      'e"x',
    ]) {
      const found = (await search(q)).rows.map((c) => c.name!).sort();
      expect(found, q).toEqual(everyRecordHolding(q));
    }
    expect((await search('Rosa')).rows.map((c) => c.name)).toEqual(['Rosa Whitfield']);
    expect((await search('l_1')).rows.map((c) => c.name)).toEqual(['Al Whitfield']);
    // FTS5 syntax in a search is plain text, never an error.
    for (const q of ['"', 'NEAR(a b)', 'dana*', 'OR', '-dana', '{name}:x', '555-0123 OR 1']) {
      const res = await server.get(`/api/customers?q=${encodeURIComponent(q)}`);
      expect(res.status, q).toBe(200);
    }
    // A phone number typed any way: digits found inside the stored ten.
    expect((await search('+1 (707) 555-0199')).rows.map((c) => c.name)).toEqual(['Dana Whitfield']);
  });

  it('answer 404 to unknown and malformed ids and 401 without a session', async () => {
    server = await startTestServer();
    await wizardRequest('(707) 555-0123');
    for (const path of [
      '/api/customers/9999',
      '/api/customers/0x1',
      '/api/customers/01',
      '/api/customers/9999/timeline',
    ]) {
      expect((await server.get(path)).status, path).toBe(404);
    }
    expect((await server.send('PUT', '/api/customers/9999', { name: 'X' })).status).toBe(404);
    expect((await server.send('POST', '/api/customers/9999/merge', { otherId: 1 })).status).toBe(404);
    expect((await server.send('POST', '/api/customers/1/merge', { otherId: 9999 })).status).toBe(404);
    expect((await server.send('POST', '/api/customers/1/merge', { otherId: '2' })).status).toBe(400);
    for (const path of ['/api/customers', '/api/customers/1', '/api/customers/1/timeline']) {
      expect((await server.anonymous.get(path)).status, path).toBe(401);
    }
  });
});
