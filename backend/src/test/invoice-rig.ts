import { afterAll, afterEach, beforeAll, expect } from 'vitest';
import { invoiceSchema, type Invoice } from '@washdesk/contract';
import { jobRepository } from '../jobs/job.repository.ts';
import { startFakeSmtp, type FakeSmtp } from './fake-smtp.ts';
import { startTextingServer, type TextingServer } from './texting-server.ts';

// Invoices through the real server: a SQLite file, HTTP on 127.0.0.1, texts through the outbox
// to a fake Twilio and e-mails to a fake SMTP server, on a clock the test moves. A job reaches
// "done" the way the crew gets it there: booked on the board, then on the way, in progress, done.

export interface InvoiceRig {
  office: TextingServer;
  smtp: FakeSmtp;
  /** A customer's phone that has texted the business (automatic texts may go to it). */
  customer(): Promise<string>;
  /** A job with these lines, booked and moved to done on the board; its invoice as staff see it. */
  doneJob(phone: string, options?: { amounts?: number[]; quoteId?: number; email?: string | null }): Promise<Invoice>;
  /** A job still in the tray. */
  trayJob(phone: string): number;
  invoice(id: number): Promise<Invoice>;
}

let phones = 0;

export function invoiceRigForTests(options: { start: number; env?: Record<string, string> }): InvoiceRig {
  const rig = {} as InvoiceRig;
  beforeAll(async () => {
    const smtp = await startFakeSmtp();
    const office = await startTextingServer({
      start: options.start,
      env: { SMTP_URL: smtp.url, ...options.env },
    });
    const server = office.server;
    const jobs = jobRepository(server.db);
    const makeJob = (phone: string, o: { amounts?: number[]; quoteId?: number; email?: string | null } = {}) =>
      jobs.create({
        customerName: 'Dana Whitfield',
        customerPhone: phone,
        customerEmail: o.email === undefined ? 'dana@example.com' : o.email,
        address: '512 Redwood Drive, Garberville',
        title: 'House wash',
        durationMinutes: 60,
        quoteId: o.quoteId ?? null,
        lineItems: (o.amounts ?? [20_000, 4_000]).map((amountCents, i) => ({
          service: i === 0 ? 'House wash' : `Add-on ${i}`,
          areaSqFt: null,
          unitPriceCents: null,
          amountCents,
        })),
      });
    let slots = 0;
    Object.assign(rig, {
      office,
      smtp,
      async customer() {
        const phone = `+1707556${String(1000 + ++phones)}`;
        expect((await office.customerTexts(phone, 'Hi, about my house wash')).status).toBe(200);
        return phone;
      },
      trayJob: (phone: string) => makeJob(phone).id,
      async doneJob(phone, o = {}) {
        const job = makeJob(phone, o);
        // Each job its own hour of the week ahead (10 AM to 4 PM, Monday 23 to Friday 27 November).
        const k = slots++;
        const hour = 10 + (k % 7);
        const slot = {
          date: `2026-11-${23 + Math.floor(k / 7)}`,
          time: `${hour > 12 ? hour - 12 : hour}:00 ${hour >= 12 ? 'PM' : 'AM'}`,
          crewId: 1,
        };
        const booked = await server.send('POST', `/api/schedule/jobs/${job.id}/visit`, slot);
        expect(booked.status, JSON.stringify(await booked.clone().json())).toBe(201);
        for (const status of ['on_the_way', 'in_progress', 'done']) {
          const res = await server.send('POST', `/api/jobs/${job.id}/status`, { status });
          expect(res.status).toBe(200);
        }
        const list = (await (await server.get('/api/invoices?limit=100')).json()) as { id: number; jobId: number }[];
        const made = list.find((i) => i.jobId === job.id);
        expect(made, 'the done job has its invoice').toBeDefined();
        return rig.invoice(made!.id);
      },
      async invoice(id: number) {
        const res = await server.get(`/api/invoices/${id}`);
        expect(res.status).toBe(200);
        return invoiceSchema.strict().parse(await res.json());
      },
    } satisfies InvoiceRig);
  });
  afterAll(async () => {
    await rig.office.stop();
    await rig.smtp.close();
  });
  afterEach(() => expect(rig.office.server.errors).toEqual([]));
  return rig;
}
