import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from './database.ts';

// One owner for every table (docs/ARCHITECTURE.md, "Who owns each table"): only the module named
// here has SQL that writes the table; every other feature asks it. This reads the backend's
// source for INSERT / UPDATE / DELETE statements and fails on a write anywhere else, and on a
// table the migrations create that nobody is named for, so a new split cannot land quietly.

const SRC = path.resolve(import.meta.dirname, '..');

/** Table → the files whose SQL writes it (paths under backend/src). */
const OWNERS: Record<string, string[]> = {
  account_link_requests: ['account/account.repository.ts'],
  account_links: ['account/account.repository.ts'],
  account_sessions: ['account/account.repository.ts'],
  ai_responses: ['assistant/assistant.repository.ts'],
  appointments: ['appointments/appointment.repository.ts'],
  assistant_conversations: ['assistant/assistant.repository.ts'],
  blocked_numbers: ['phone/blocked-numbers.ts'],
  calendar_feeds: ['calendar-feed/calendar-feed.repository.ts'],
  call_relays: ['phone/relay/relay-call.repository.ts'],
  calls: ['calls/call.repository.ts'],
  checkout_sessions: ['payments/checkout-sessions.ts'],
  crews: ['crews/crew.repository.ts'],
  disputes: ['disputes/dispute.repository.ts'],
  invoice_lines: ['invoices/invoice.repository.ts'],
  invoices: ['invoices/invoice.repository.ts'],
  payments: ['payments/ledger.repository.ts'],
  common_responses: ['settings/settings.repository.ts'],
  customer_duplicates: ['customers/customer-duplicates.ts'],
  customer_items: ['customers/customer.repository.ts'],
  customer_keys: ['customers/customer.repository.ts'],
  customer_terms: ['customers/customer.repository.ts'],
  customers: ['customers/customer.repository.ts'],
  events: ['events/event.repository.ts'],
  faq_entries: ['faq/faq.repository.ts'],
  job_line_items: ['jobs/job.repository.ts'],
  jobs: ['jobs/job.repository.ts'],
  lead_stage_changes: ['leads/lead.repository.ts'],
  leads: ['leads/lead.repository.ts'],
  messenger_conversations: ['messenger/messenger.repository.ts'],
  messenger_messages: ['messenger/messenger.repository.ts'],
  outbox_messages: ['outbox/outbox.repository.ts'],
  photo_submissions: ['submissions/submission.repository.ts'],
  photos: ['photos/photo.repository.ts'],
  plan_visit_links: ['service-plans/plan-visit-links.ts'],
  places: ['schedule-tools/place.repository.ts'],
  quote_deliveries: ['quote-sending/sent-quote.repository.ts'],
  quote_questions: ['quote-sending/sent-quote.repository.ts'],
  rain_days: ['schedule-tools/rain-day.repository.ts'],
  refund_requests: ['refunds/refund-request.repository.ts'],
  schema_migrations: ['db/migrate.ts'],
  sent_quotes: ['quote-sending/sent-quote.repository.ts'],
  service_plan_items: ['service-plans/service-plan.repository.ts'],
  service_plans: ['service-plans/service-plan.repository.ts'],
  service_requests: ['service-requests/service-request.repository.ts'],
  sessions: ['auth/session.repository.ts'],
  settings: ['settings/settings.repository.ts'],
  staff_seen: ['new-for-me/new-for-me.repository.ts'],
  submission_analyses: ['quotes/analysis.repository.ts'],
  text_consents: ['texts/form-consent.ts'],
  text_messages: ['texts/text.repository.ts'],
  text_threads: ['texts/text.repository.ts'],
  texted_media_waiting: ['texts/text.repository.ts'],
  users: ['auth/user.repository.ts'],
  visit_answers: ['reminders/visit-answer-book.ts'],
  visit_links: ['reminders/visit-links.ts'],
  webhook_events: ['webhooks/webhook-inbox.ts'],
};
/** Written only by the migrations' own SQL (triggers, seed rows): no TypeScript may write them. */
const KEPT_BY_SQL = [
  'customer_arrivals',
  'customer_item_counts',
  'list_counts',
  'name_nicknames',
  // The money figures' rollups (migration 0065), kept by their source table's triggers alone.
  'payments_by_hour',
  'quotes_by_hour',
  'invoices_by_day',
];

/**
 * Code that is not on a request's path: tests and their helpers, demo and fixture seeding. The demo
 * seeder is exempt because it fills a brand-new demo database once, before any feature runs, the
 * way a fixture does: it never writes beside a feature, so no rule of an owner can be bypassed.
 */
const notProduct = (file: string) => /\.test\.ts$/.test(file) || /^(test|demo|db\/fixtures)\//.test(file);

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return entry.name.endsWith('.ts') ? [full] : [];
  });
}

const WRITE =
  /\b(?:INSERT(?:\s+OR\s+\w+)?\s+INTO|UPDATE(?:\s+OR\s+\w+)?|DELETE\s+FROM|REPLACE\s+INTO)\s+([a-z_]+)\b/g;

/** Every SQL write in the product's source: table → files. */
function writers(): Map<string, Set<string>> {
  const found = new Map<string, Set<string>>();
  for (const full of sourceFiles(SRC)) {
    const file = path.relative(SRC, full).split(path.sep).join('/');
    if (notProduct(file)) continue;
    for (const match of fs.readFileSync(full, 'utf8').matchAll(WRITE)) {
      const table = match[1]!;
      found.set(table, (found.get(table) ?? new Set()).add(file));
    }
  }
  return found;
}

/**
 * SQL triggers write tables too. Each trigger belongs to the owner of the table it WRITES (the leads
 * feature keeps a lead per call, text thread, conversation, request and submission; the customers
 * feature keeps its arrivals, keys and search terms): written table → the tables whose changes may
 * fire a write to it. A trigger that writes anywhere else, or fires from anywhere else, fails below.
 */
const TRIGGER_WRITES: Record<string, string[]> = {
  // The customers feature's arrival queue: every source of a person announces itself.
  customer_arrivals: [
    'appointments',
    'calls',
    'customer_arrivals',
    'messenger_conversations',
    'photo_submissions',
    'service_requests',
    'text_threads',
  ],
  // What a source that is gone takes with it from a customer's timeline.
  customer_items: [
    'appointments',
    'calls',
    'customer_arrivals',
    'messenger_conversations',
    'photo_submissions',
    'service_requests',
    'text_threads',
  ],
  // The matcher (customer_match) places an arrival on a customer.
  customers: ['customer_arrivals'],
  customer_keys: ['customer_arrivals'],
  customer_terms: ['customer_arrivals'],
  customer_duplicates: ['customer_arrivals'],
  customer_terms_search: ['customer_terms'],
  // The leads feature's rows, one per source that asks for work.
  // A text thread's lead is filed by the customer's first text on it and goes with its thread (0037).
  leads: [
    'calls',
    'messenger_conversations',
    'photo_submissions',
    'service_requests',
    'text_messages',
    'text_threads',
  ],
  leads_search: ['leads'],
  // The money figures' rollups (migration 0065): each kept by the triggers of its one source, in
  // the transaction of every write to it (the ledger's, the offers', the invoices').
  payments_by_hour: ['payments'],
  quotes_by_hour: ['sent_quotes'],
  invoices_by_day: ['invoices'],
  // The admin lists' totals (migration 0062): each listed table's own triggers move its counters.
  list_counts: [
    'appointments',
    'calls',
    'customers',
    'invoices',
    'leads',
    'messenger_conversations',
    'payments',
    'photo_submissions',
    'service_requests',
  ],
  // A customer's items of each kind, kept beside the timeline.
  customer_item_counts: ['customer_items'],
};

/** Every trigger of a migrated schema: the table it fires on → the tables its body writes. */
function triggerWrites(
  db: ReturnType<typeof openDatabase>,
): { name: string; on: string; writes: string[] }[] {
  return db
    .prepare<[], { name: string; tbl_name: string; sql: string }>(
      `SELECT name, tbl_name, sql FROM sqlite_master WHERE type = 'trigger' ORDER BY name`,
    )
    .all()
    .map((t) => {
      // Only the body writes: the header's "UPDATE OF x ON t" names the firing event, not a write.
      const body = t.sql.slice(t.sql.search(/\bBEGIN\b/i));
      const writes = [...new Set([...body.matchAll(WRITE)].map((m) => m[1]!))];
      return { name: t.name, on: t.tbl_name, writes };
    });
}

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'washdesk-owners-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe('every table has one owner', () => {
  it('writes each table only from the module named its owner', () => {
    const strays = [...writers()].flatMap(([table, files]) =>
      [...files].filter((file) => !OWNERS[table]?.includes(file)).map((file) => `${table} ← ${file}`),
    );
    expect(strays).toEqual([]);
  });

  it('names an owner for every table the migrations create', () => {
    const db = openDatabase(path.join(dir, 'owners.sqlite'), path.resolve(SRC, '../migrations'));
    const tables = db
      .prepare<[], { name: string }>(
        `SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'
          AND sql NOT LIKE 'CREATE VIRTUAL TABLE%' ORDER BY name`,
      )
      .all()
      .map((t) => t.name)
      // FTS5's shadow tables belong to their virtual table, kept by triggers.
      .filter((name) => !/_search_(data|idx|content|docsize|config)$/.test(name));
    db.close();
    const unowned = tables.filter((t) => !(t in OWNERS) && !KEPT_BY_SQL.includes(t));
    expect(unowned).toEqual([]);
    // And nothing is named for a table that no longer exists.
    expect(Object.keys(OWNERS).filter((t) => !tables.includes(t))).toEqual([]);
  });

  it("writes each table from a trigger only where that table's owner keeps it", () => {
    const db = openDatabase(path.join(dir, 'triggers.sqlite'), path.resolve(SRC, '../migrations'));
    const triggers = triggerWrites(db);
    db.close();
    expect(triggers.length).toBeGreaterThan(0);
    const strays = triggers.flatMap(({ name, on, writes }) =>
      writes
        .filter((table) => !TRIGGER_WRITES[table]?.includes(on))
        .map((table) => `${name}: ${on} → ${table}`),
    );
    expect(strays).toEqual([]);
    // Every table a trigger writes has an owner (or is kept by SQL alone).
    const written = [...new Set(triggers.flatMap((t) => t.writes))];
    expect(
      written.filter((t) => !(t in OWNERS) && !KEPT_BY_SQL.includes(t) && !t.endsWith('_search')),
    ).toEqual([]);
  });

  it('catches a write outside its owner (the check can fail)', () => {
    const sample =
      "db.prepare('UPDATE calls SET status = ? WHERE id = ?'); db.prepare(`INSERT OR IGNORE INTO leads (x) VALUES (1)`)";
    expect([...sample.matchAll(WRITE)].map((m) => m[1])).toEqual(['calls', 'leads']);
  });
});
