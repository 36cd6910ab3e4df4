import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { disputeSchema } from '@washdesk/contract';
import { ledgerRepository } from '../payments/ledger.repository.ts';
import { PHONE_ENV, phoneCaller } from '../test/phone-caller.ts';
import { submitPhotoForm, tokenOf } from '../test/quote-fixtures.ts';
import { clientOf, signIn, startTestServer, type TestServer } from '../test/test-server.ts';
import { unzipEntries } from './unzip-for-tests.ts';

// The dispute's evidence packet, built from what really happened on a real server: a photo form
// (a phone photo with GPS in its EXIF), a quote sent and accepted on its page with a typed name, the
// job booked and given a visit, a call from the same number, the deposit paid, and the dispute.
// The ZIP is unpacked by a reader written from the format and every part is read.

let server: TestServer;
let disputeId: number;
let quoteId: number;
let jobId: number;
const PI = 'pi_evidence_1';

const visitDay = () => {
  // A Wednesday two to three weeks ahead: a working day the booking rules accept.
  const d = new Date(Date.now() + 14 * 86_400_000);
  while (d.getUTCDay() !== 3) d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 10);
};

beforeAll(async () => {
  server = await startTestServer({ env: PHONE_ENV });
  const submissionId = await submitPhotoForm(server.anonymous, { firstName: 'Maya', lastName: 'Alder' });
  const sent = await server.send('POST', `/api/photo-submissions/${submissionId}/quotes`, {
    estimateAmount: '425',
  });
  expect(sent.status).toBe(201);
  const { quote } = await sent.json();
  quoteId = quote.id;
  const accepted = await fetch(`${server.url}/api/public/quotes/${tokenOf(quote.link)}/accept`, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
      'User-Agent': 'Mozilla/5.0 (iPhone; Evidence test) Safari/605.1',
    },
    body: JSON.stringify({ fullName: 'Maya Alder', agreed: true }),
  });
  expect(accepted.status).toBe(200);
  const booked = await server.send('POST', `/api/quotes/${quoteId}/book`, {});
  expect(booked.status).toBe(201);
  jobId = (await booked.json()).job.id;
  const crewId = server.db.prepare('SELECT min(id) FROM crews').pluck().get() as number;
  const visit = await server.send('POST', `/api/schedule/jobs/${jobId}/visit`, {
    date: visitDay(),
    time: '9:00 AM',
    crewId,
  });
  expect(visit.status, await visit.clone().text()).toBe(201);
  expect((await phoneCaller(server.url, '+17075550188').status('no-answer', { sequence: 1 })).status).toBe(
    204,
  );
  const customerId = server.db
    .prepare('SELECT customer_id FROM jobs WHERE id = ?')
    .pluck()
    .get(jobId) as number;
  ledgerRepository(server.db).record({
    sourceKey: `stripe:${PI}`,
    kind: 'payment',
    status: 'succeeded',
    method: 'card',
    purpose: 'deposit',
    amountCents: 10_000,
    quoteId,
    customerId,
    providerPaymentIntentId: PI,
    occurredAt: new Date().toISOString(),
  });
  // The webhook's row (disputes/dispute.repository.ts writes it in the product), as Stripe opens it.
  const insert = server.db.prepare(`INSERT INTO disputes (provider_dispute_id, provider_payment_intent_id,
      amount_cents, reason, status, evidence_due_by, quote_id, opened_at, closed_at, updated_at)
    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`);
  insert.run(
    'du_closed',
    'pi_other',
    5_000,
    'duplicate',
    'won',
    '2026-01-10T00:00:00Z',
    null,
    '2026-01-01T00:00:00Z',
    '2026-01-09T00:00:00Z',
    '2026-01-09T00:00:00Z',
  );
  insert.run(
    'du_later',
    'pi_other2',
    7_000,
    'fraudulent',
    'needs_response',
    '2026-12-30T00:00:00Z',
    null,
    '2026-11-01T00:00:00Z',
    null,
    '2026-11-01T00:00:00Z',
  );
  disputeId = Number(
    insert.run(
      'du_evidence',
      PI,
      10_000,
      'product_not_received',
      'needs_response',
      '2026-12-05T00:00:00Z',
      null,
      '2026-11-20T00:00:00Z',
      null,
      '2026-11-20T00:00:00Z',
    ).lastInsertRowid,
  );
});
afterAll(() => server.stop());

describe('GET /api/disputes', () => {
  it('lists open disputes first, the nearest deadline first, with who they are about', async () => {
    const res = await server.get('/api/disputes');
    expect(res.status).toBe(200);
    expect(res.headers.get('X-Total-Count')).toBe('3');
    const rows = disputeSchema.array().parse(await res.json());
    expect(rows.map((d) => d.providerDisputeId)).toEqual(['du_evidence', 'du_later', 'du_closed']);
    expect(rows.map((d) => d.open)).toEqual([true, true, false]);
  });
});

describe('the evidence packet', () => {
  it('holds the signed acceptance, the quote, stripped photos, the visit timeline, the messages and a summary', async () => {
    const res = await server.get(`/api/disputes/${disputeId}/evidence.zip`);
    expect(res.status).toBe(200);
    expect(res.headers.get('Content-Type')).toBe('application/zip');
    expect(res.headers.get('Content-Disposition')).toBe(
      'attachment; filename="dispute-du_evidence-evidence.zip"',
    );
    const files = unzipEntries(Buffer.from(await res.arrayBuffer()));
    expect([...files.keys()]).toEqual([
      'summary.txt',
      'summary.html',
      'acceptance.txt',
      'quote.html',
      'quote.json',
      'photos/01.jpg',
      'visit-timeline.txt',
      'messages.txt',
      'payments.txt',
    ]);
    const text = (name: string) => files.get(name)!.toString('utf8');

    const acceptance = text('acceptance.txt');
    const stored = server.db
      .prepare(
        'SELECT accepted_ip AS ip, accepted_shown_sha256 AS sha, accepted_at AS at FROM sent_quotes WHERE id = ?',
      )
      .get(quoteId) as { ip: string; sha: string; at: string };
    expect(stored.sha).toMatch(/^[0-9a-f]{64}$/);
    expect(acceptance).toContain('Name typed by the customer:  Maya Alder');
    expect(acceptance).toContain(`From IP address:             ${stored.ip}`);
    expect(acceptance).toContain(
      'Browser:                     Mozilla/5.0 (iPhone; Evidence test) Safari/605.1',
    );
    expect(acceptance).toContain('Service address:             12 Elk Ridge Rd, Redway, CA');
    expect(acceptance).toContain('Total accepted:              $425');
    expect(acceptance).toContain(`SHA-256 of what was shown:   ${stored.sha}`);
    expect(acceptance).toContain('MATCHES: the quote has not changed since it was accepted');
    expect(acceptance).toContain(stored.at);

    expect(text('quote.html')).toContain('Maya Alder');
    expect(JSON.parse(text('quote.json'))).toMatchObject({ id: quoteId, amountCents: 42_500 });

    // The stripped copy: a JPEG without the upload's EXIF (its GPS).
    const photo = files.get('photos/01.jpg')!;
    expect(photo.subarray(0, 2).toString('hex')).toBe('ffd8');
    expect(photo.includes(Buffer.from('Exif\0\0'))).toBe(false);

    const timeline = text('visit-timeline.txt');
    expect(timeline).toContain(`Job #${jobId} booked`);
    expect(timeline).toMatch(/Visit #\d+ \(job\) booked for \d{4}-\d{2}-\d{2} 9:00 AM/);

    const messages = text('messages.txt');
    expect(messages).toContain('== Call: ');
    expect(messages).toContain('== Text messages');
    expect(text('payments.txt')).toMatch(/payment\s+succeeded Card\s+\$100/);

    const summary = text('summary.txt');
    expect(summary).toContain('EVIDENCE FOR DISPUTE du_evidence');
    expect(summary).toContain('Amount disputed:     $100');
    expect(summary).toContain('Customer:            Maya Alder');
    expect(summary).toContain('Photos:              1 (photos/, location data removed)');
    expect(text('summary.html')).toContain('<dt>Signed acceptance</dt><dd>Maya Alder,');
  });

  it('says plainly what is missing for a dispute with nothing linked', async () => {
    const other = server.db
      .prepare("SELECT id FROM disputes WHERE provider_dispute_id = 'du_later'")
      .pluck()
      .get() as number;
    const files = unzipEntries(
      Buffer.from(await (await server.get(`/api/disputes/${other}/evidence.zip`)).arrayBuffer()),
    );
    expect(files.get('acceptance.txt')!.toString()).toBe(
      'No quote is linked to this payment, so there is no signed acceptance to show.\n',
    );
    expect(files.get('visit-timeline.txt')!.toString()).toBe('No job or visit is linked to this payment.\n');
    expect([...files.keys()].some((n) => n.startsWith('photos/'))).toBe(false);
  });

  it('answers only a dispute that exists, in its one spelling, to signed-in staff', async () => {
    for (const id of ['999999', '0', 'abc', `${disputeId}.0`, '-1'])
      expect((await server.get(`/api/disputes/${id}/evidence.zip`)).status, id).toBe(404);
    expect((await server.anonymous.get(`/api/disputes/${disputeId}/evidence.zip`)).status).toBe(401);
    expect((await server.anonymous.get('/api/disputes')).status).toBe(401);
    const staff = clientOf(
      server.url,
      await signIn(server.url, await server.addUser({ email: 'office@example.com' })),
    );
    expect((await staff.get(`/api/disputes/${disputeId}/evidence.zip`)).status).toBe(200);
  });
});
