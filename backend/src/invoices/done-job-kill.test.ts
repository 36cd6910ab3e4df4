import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { jobRepository } from '../jobs/job.repository.ts';
import { startChildServer } from '../test/child-server.ts';
import { clientOf, signIn, TEST_PASSWORD } from '../test/test-server.ts';

// A job marked done is invoiced by a reaction that runs after the board's transaction commits.
// Here the real server, in a child process on a real database file, is killed with SIGKILL the
// moment it answers "done" (backend/src/test/crash-child-server.ts): the job is done and no
// invoice was made. The next start makes it, once, and a job finished before invoicing was
// installed is left alone.

const OWNER = 'done-kill-owner@example.com';
/** Monday 23 November 2026, 9 AM in California. */
const NOW = Date.parse('2026-11-23T17:00:00Z');
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'washdesk-done-kill-'));
const dbFile = path.join(dataDir, 'washdesk.sqlite');
const cleanup: (() => unknown)[] = [() => fs.rmSync(dataDir, { recursive: true, force: true })];
afterAll(async () => {
  for (const undo of cleanup.reverse()) await undo();
});

/** The real server in a child process on `dataDir`; resolves once it listens. */
const startOffice = (crashOnDone: boolean) =>
  startChildServer(
    'backend/src/test/crash-child-server.ts',
    dataDir,
    {
      RATE_LIMIT_PER_MINUTE: '1000',
      PUBLIC_BASE_URL: 'https://washdesk.example.com',
      BUSINESS_NAME: 'Lost Coast Soft Wash',
      BUSINESS_PHONE: '(707) 555-0142',
      BUSINESS_TIMEZONE: 'America/Los_Angeles',
      OWNER_EMAIL: OWNER,
      OWNER_PASSWORD: TEST_PASSWORD,
      WASHDESK_CHILD_CLOCK_MS: String(NOW),
      WASHDESK_CRASH_ON_DONE: crashOnDone ? '1' : '0',
    },
    cleanup,
  );

/** What the database file holds, read from this process (the server may be dead or alive). */
function onDisk<T>(read: (db: Database.Database) => T): T {
  const db = new Database(dbFile, { readonly: true });
  try {
    return read(db);
  } finally {
    db.close();
  }
}

describe('a server killed right after a job is marked done', () => {
  it('invoices the job at the next start, once; a job done before invoicing existed is left alone', async () => {
    const first = await startOffice(true);
    const staff = clientOf(first.url, await signIn(first.url, OWNER));
    // Two jobs, written through their owner on the same file: one the crew finishes now, and one
    // finished long before invoicing was installed (its last change predates migration 0049).
    const db = new Database(dbFile);
    const jobs = jobRepository(db);
    const job = (name: string) =>
      jobs.create({
        customerName: name,
        customerPhone: '+17075561234',
        customerEmail: 'dana@example.com',
        address: '512 Redwood Drive, Garberville',
        title: 'House wash',
        durationMinutes: 60,
        quoteId: null,
        lineItems: [{ service: 'House wash', areaSqFt: null, unitPriceCents: null, amountCents: 32_000 }],
      }).id;
    const today = job('Dana Whitfield');
    const longAgo = job('Old Customer');
    jobs.setStatus(longAgo, 'done');
    db.prepare("UPDATE jobs SET updated_at = '2020-05-01T18:00:00.000Z' WHERE id = ?").run(longAgo);
    db.close();

    const booked = await staff.send('POST', `/api/schedule/jobs/${today}/visit`, {
      date: '2026-11-24',
      time: '10:00 AM',
      crewId: 1,
    });
    expect(booked.status, await booked.clone().text()).toBe(201);
    for (const status of ['on_the_way', 'in_progress'])
      expect((await staff.send('POST', `/api/jobs/${today}/status`, { status })).status).toBe(200);
    // "Done": the server dies as it answers, before anything after the commit runs.
    await expect(staff.send('POST', `/api/jobs/${today}/status`, { status: 'done' })).rejects.toThrow();
    expect(await first.exited).toBe(-9);

    const invoicesOf = (id: number) =>
      onDisk((d) => d.prepare('SELECT count(*) FROM invoices WHERE job_id = ?').pluck().get(id) as number);
    expect(onDisk((d) => d.prepare('SELECT status FROM jobs WHERE id = ?').pluck().get(today))).toBe('done');
    expect(
      onDisk((d) =>
        d
          .prepare(
            "SELECT count(*) FROM events WHERE type = 'job.updated' AND entity_id = ? AND summary LIKE '%is done%'",
          )
          .pluck()
          .get(today),
      ),
    ).toBe(1);
    expect(invoicesOf(today)).toBe(0);

    // The next start invoices it (before it reports ready), from the job's lines, as the reaction would have.
    const second = await startOffice(false);
    expect(invoicesOf(today)).toBe(1);
    const invoice = onDisk((d) =>
      d.prepare('SELECT status, total_cents, customer_name FROM invoices WHERE job_id = ?').get(today),
    );
    expect(invoice).toEqual({ status: 'open', total_cents: 32_000, customer_name: 'Dana Whitfield' });
    const secondStaff = clientOf(second.url, await signIn(second.url, OWNER));
    const listed = (await (await secondStaff.get('/api/invoices')).json()) as { jobId: number }[];
    expect(listed.map((i) => i.jobId)).toEqual([today]);
    expect(invoicesOf(longAgo)).toBe(0);

    // And another crash and start make no second one.
    await second.kill();
    await startOffice(false);
    expect(invoicesOf(today)).toBe(1);
    expect(onDisk((d) => d.prepare('SELECT count(*) FROM invoices').pluck().get())).toBe(1);
  }, 120_000);
});
