import {
  APPOINTMENT_SERVICE_OPTIONS,
  CUSTOMER_ITEM_KINDS,
  URGENCY_OPTIONS,
  WIZARD_SERVICE_OPTIONS,
  type CustomerItem,
  type CustomerItemKind,
  type CustomerSummary,
  type CustomerContact,
  type CustomerTown,
  type BalanceFilter,
  type LastServiceFilter,
  type PossibleDuplicate,
  phoneKeyOf,
  phoneSearchDigitsOf,
  phoneSearchOf,
  type Language,
} from '@washdesk/contract';
import { keyedPages, type KeyedPage } from '../db/keyed-pages.ts';
import { asciiLower } from '../db/list-counts.ts';
import type { Db } from '../db/database.ts';
import { nowIso } from '../db/database.ts';
import { openBalanceOf, OWING_CUSTOMERS } from '../payments/open-balance.ts';
import { likePattern, phrase, TRIGRAM } from '../search/search-terms.ts';
import { customerDuplicates } from './customer-duplicates.ts';
import { customerTimelineItems, type TimelineSources } from './customer-timeline.ts';

// "Also known as": a few other names a record was reached under (in index order, so a record with
// thousands of names costs no more to show), for the Omnibar's hint.
const OTHER_NAMES = 3;
/** The day of a customer's latest completed visit (a read of appointments for the screen's rows). */
// CROSS JOIN keeps the record's own items outermost: the covering index of completed visits by day
// (migration 0061) would otherwise tempt the planner to walk every completed visit per record.
const LAST_SERVICE = `(SELECT max(a.scheduled_date) FROM customer_items i CROSS JOIN appointments a ON a.id = i.source_id
  WHERE i.customer_id = c.id AND i.kind = 'appointment' AND a.status = 'completed')`;

// What a customer owes and who owes anything: the ledger's rule, index-only (payments/open-balance.ts).
const OPEN_BALANCE = openBalanceOf('c');
const OWING = OWING_CUSTOMERS;

// The columns a summary shows, named: `c.*` also computed the three name columns generated for
// search (VIRTUAL: worked out on every read), two thirds of a page's read (issue 38).
const SUMMARY_COLUMNS = `c.id, c.name, c.phone, c.email, c.address, c.town, c.created_at, c.last_activity_at,
  c.merged_into`;

interface CustomerRow {
  id: number;
  name: string | null;
  phone: string | null;
  email: string | null;
  address: string | null;
  town: string | null;
  last_service_date: string | null;
  open_balance_cents: number;
  created_at: string;
  last_activity_at: string;
  merged_into: number | null;
  counts: string;
  other_names: string;
}

const toSummary = (r: CustomerRow): CustomerSummary => {
  const found = JSON.parse(r.counts ?? '{}') as Partial<Record<CustomerItemKind, number>>;
  return {
    id: r.id,
    name: r.name,
    phone: r.phone,
    email: r.email,
    address: r.address,
    town: r.town,
    lastServiceDate: r.last_service_date,
    openBalanceCents: r.open_balance_cents,
    createdAt: r.created_at,
    lastActivityAt: r.last_activity_at,
    otherNames: JSON.parse(r.other_names ?? '[]') as string[],
    counts: Object.fromEntries(
      CUSTOMER_ITEM_KINDS.map((k) => [k, found[k] ?? 0]),
    ) as CustomerSummary['counts'],
  };
};

const emailKeyOf = (email: string | null) => (email ? `email:${email.trim().toLowerCase()}` : null);

export type CustomerChange =
  | { outcome: 'changed'; customer: CustomerSummary }
  | { outcome: 'missing' }
  | { outcome: 'merged'; mergedInto: number }
  | { outcome: 'key-taken' };

/**
 * Customer records (kept by the triggers of migrations 0012 and 0015), their timelines, edits,
 * merges and suggested duplicates.
 */
export function customerRepository(db: Db, sources: TimelineSources) {
  // Each kind's count is kept beside the timeline by its triggers (migration 0062): a record with a
  // thousand calls costs a page no more than one with a single request.
  const COUNTS = `(SELECT json_group_object(kind, n) FROM customer_item_counts
      WHERE customer_id = c.id AND n > 0) AS counts,
    (SELECT json_group_array(term) FROM (SELECT term FROM customer_terms WHERE customer_id = c.id
      AND kind = 'name' AND term IS NOT c.name ORDER BY term LIMIT ${OTHER_NAMES})) AS other_names,
    ${LAST_SERVICE} AS last_service_date, ${OPEN_BALANCE} AS open_balance_cents`;
  // The Customers screen's filters (issue 33): a town by its index (migration 0045), and when the
  // customer was last served, from their completed visits, and whether they owe on an open invoice
  // (issue 35). The plan filter comes with that feature (a documented gap).
  const FILTERS = `AND (@town IS NULL OR c.town = @town COLLATE NOCASE)

    AND (@lastService IS NULL OR (@lastService = 'past-year' AND ${LAST_SERVICE} >= @yearAgo)
      OR (@lastService = 'over-a-year' AND ${LAST_SERVICE} < @yearAgo)
      OR (@lastService = 'never' AND ${LAST_SERVICE} IS NULL))`;
  // Three searches, each its own statement so SQLite plans it alone: none, the trigram index over
  // every detail a person used (migration 0015) for three characters or more, a scan for one or two.
  const SEARCH = {
    none: '',
    index: `AND c.id IN (SELECT t.customer_id FROM customer_terms_search s JOIN customer_terms t ON t.id = s.rowid
      WHERE customer_terms_search MATCH @match)`,
    scan: `AND c.id IN (SELECT customer_id FROM customer_terms
      WHERE term LIKE @like ESCAPE '\\' OR (@digits IS NOT NULL AND term LIKE @digits))`,
  };
  // The balance filter is a statement of its own too: "open" is driven by the open invoices.
  const BALANCE = { any: '', open: `AND c.id IN ${OWING}`, none: `AND c.id NOT IN ${OWING}` };
  const statementsOf = (search: keyof typeof SEARCH, balance: keyof typeof BALANCE) => ({
    page: db.prepare(`SELECT ${SUMMARY_COLUMNS}, ${COUNTS} FROM customers c WHERE c.merged_into IS NULL ${SEARCH[search]}
      ${BALANCE[balance]} ${FILTERS} ORDER BY c.last_activity_at DESC, c.id DESC LIMIT @limit OFFSET @offset`),
    count: db.prepare(`SELECT count(*) AS n FROM customers c WHERE c.merged_into IS NULL ${SEARCH[search]}
      ${BALANCE[balance]} ${FILTERS}`),
  });
  const searchesOf = (balance: keyof typeof BALANCE) => ({
    none: statementsOf('none', balance),
    index: statementsOf('index', balance),
    scan: statementsOf('scan', balance),
  });
  const searches = { any: searchesOf('any'), open: searchesOf('open'), none: searchesOf('none') };
  // The screen as it opens (no search, no last-service filter) or one town: ids from the activity
  // (or town) index, from whichever end is nearer, or after a key cursor.
  const pages = keyedPages<CustomerRow>(db, {
    table: 'customers',
    key: 'last_activity_at',
    select: `SELECT ${SUMMARY_COLUMNS}, ${COUNTS} FROM customers c`,
    alias: 'c',
    always: 'merged_into IS NULL',
    filters: { town: 'town = @town COLLATE NOCASE' },
    counted: 'customers',
    bucketValue: { town: (town) => asciiLower(String(town)) },
  });
  const one = db.prepare(`SELECT ${SUMMARY_COLUMNS}, ${COUNTS} FROM customers c WHERE c.id = ?`);
  const items = db.prepare(`SELECT kind, source_id, at FROM customer_items WHERE customer_id = ?
    ORDER BY at DESC, kind, source_id DESC LIMIT ? OFFSET ?`);
  const itemCount = db.prepare('SELECT count(*) AS n FROM customer_items WHERE customer_id = ?');
  // Another record holding the key, when this one does not (a shared phone stays shared).
  const keyOwner = db.prepare(`SELECT customer_id FROM customer_keys WHERE key = @key AND customer_id <> @id
    AND NOT EXISTS (SELECT 1 FROM customer_keys WHERE key = @key AND customer_id = @id) LIMIT 1`);
  const addKey = db.prepare('INSERT OR IGNORE INTO customer_keys (key, customer_id) VALUES (?, ?)');
  const update = db.prepare(`UPDATE customers SET name = @name, phone = @phone, email = @email,
    address = @address, updated_at = @at WHERE id = @id`);
  // The details as they were stay findable: the edited ones are added, none removed.
  const addTerm = db.prepare(
    'INSERT OR IGNORE INTO customer_terms (customer_id, kind, term) VALUES (?, ?, ?)',
  );
  const moveItems = db.prepare('UPDATE customer_items SET customer_id = @into WHERE customer_id = @from');
  // Keys and terms both records hold stay once, on the record kept.
  const moveKeys = db.prepare(
    'UPDATE OR IGNORE customer_keys SET customer_id = @into WHERE customer_id = @from',
  );
  const dropKeys = db.prepare('DELETE FROM customer_keys WHERE customer_id = @from');
  const moveTerms = db.prepare(
    'UPDATE OR IGNORE customer_terms SET customer_id = @into WHERE customer_id = @from',
  );
  const dropTerms = db.prepare('DELETE FROM customer_terms WHERE customer_id = @from');
  const absorb = db.prepare(`UPDATE customers SET
      name = COALESCE(name, (SELECT name FROM customers WHERE id = @from)),
      phone = COALESCE(phone, (SELECT phone FROM customers WHERE id = @from)),
      email = COALESCE(email, (SELECT email FROM customers WHERE id = @from)),
      address = COALESCE(address, (SELECT address FROM customers WHERE id = @from)),
      language = COALESCE(language, (SELECT language FROM customers WHERE id = @from)),
      last_activity_at = max(last_activity_at, (SELECT last_activity_at FROM customers WHERE id = @from)),
      updated_at = @at
    WHERE id = @into`);
  // Links to the absorbed record follow it, even through a record that was merged again later.
  const retire = db.prepare(`UPDATE customers SET merged_into = @into, updated_at = @at
    WHERE id = @from OR merged_into = @from`);
  const timeline = customerTimelineItems(db, sources, {
    services: new Map(
      [...WIZARD_SERVICE_OPTIONS, ...APPOINTMENT_SERVICE_OPTIONS].map((o) => [o.value, o.label]),
    ),
    timelines: new Map(URGENCY_OPTIONS.map((o) => [o.value, o.label])),
  });

  // The records holding a phone key, newest activity first: a shared number names who used it last.
  const byPhoneKey = db.prepare<[string], { name: string }>(`SELECT c.name FROM customer_keys k
    JOIN customers c ON c.id = k.customer_id WHERE k.key = ? AND c.merged_into IS NULL AND c.name IS NOT NULL
    ORDER BY c.last_activity_at DESC, c.id DESC LIMIT 1`);

  const towns = db.prepare(`SELECT town, count(*) AS customers FROM customers
    WHERE merged_into IS NULL AND town IS NOT NULL GROUP BY town COLLATE NOCASE ORDER BY town COLLATE NOCASE`);
  // The customer's language (migration 0056), by the keys a message goes to: the newest record
  // holding the phone or the e-mail that has a language says it (a shared phone: who used it last).
  const languageByKeys = db.prepare<{ phone: string | null; email: string | null }, { language: Language }>(
    `SELECT c.language FROM customer_keys k JOIN customers c ON c.id = k.customer_id
     WHERE k.key IN (@phone, @email) AND c.merged_into IS NULL AND c.language IS NOT NULL
     ORDER BY c.last_activity_at DESC, c.id DESC LIMIT 1`,
  );
  const setLanguage = db.prepare(`UPDATE customers SET language = @language, updated_at = @at
    WHERE merged_into IS NULL AND language IS NOT @language
      AND id IN (SELECT customer_id FROM customer_keys WHERE key IN (@phone, @email))`);
  const duplicates = customerDuplicates(db);
  const row = (id: number) => one.get(id) as CustomerRow | undefined;

  return {
    /**
     * "Who is this caller": the name of the customer this number belongs to, by the customers' one
     * rule (contract/src/phone-number.ts), however the number was typed; null for a number nobody gave.
     */
    callerName(phoneNumber: string): string | null {
      const key = phoneKeyOf(phoneNumber);
      // A full number only: a short code or "anonymous" names nobody.
      return key !== null ? (byPhoneKey.get(key)?.name ?? null) : null;
    },

    list(
      f: {
        q?: string | null;
        town?: string | null;
        lastService?: LastServiceFilter;
        balance?: BalanceFilter;
        /** The business's date a year ago (the "last service" filter's line). */
        yearAgo?: string;
      } & KeyedPage,
    ) {
      const q = f.q?.trim() || null;
      // Only the opening screen (or one town) pages by key; a balance filter reads its own statement.
      if (!q && !f.lastService && (f.balance ?? 'any') === 'any') {
        const { rows, total } = pages.page({ town: f.town?.trim() || null }, f);
        return { rows: rows.map(toSummary), total };
      }
      const digits = q && phoneSearchOf(q);
      const search = !q ? 'none' : q.length >= TRIGRAM ? 'index' : 'scan';
      const params = {
        ...(search === 'index' && { match: `${phrase(q!)}${digits ? ` OR ${phrase(digits)}` : ''}` }),
        ...(search === 'scan' && { like: likePattern(q!), digits: digits ? `%${digits}%` : null }),
        town: f.town?.trim() || null,
        lastService: f.lastService ?? null,
        yearAgo: f.yearAgo ?? null,
      };
      const { page, count } = searches[f.balance ?? 'any'][search];
      return {
        rows: (page.all({ ...params, limit: f.limit, offset: f.offset }) as CustomerRow[]).map(toSummary),
        total: (count.get(params) as { n: number }).n,
      };
    },

    /** Every town customers live in, with how many (the Customers screen's filter), by its index. */
    towns: (): CustomerTown[] => towns.all() as CustomerTown[],

    /** The record, or where it went when staff merged it into another. */
    get(id: number): CustomerSummary | { mergedInto: number } | undefined {
      const r = row(id);
      if (!r) return undefined;
      return r.merged_into !== null ? { mergedInto: r.merged_into } : toSummary(r);
    },

    timeline(id: number, limit: number, offset: number): { rows: CustomerItem[]; total: number } {
      const refs = items.all(id, limit, offset) as {
        kind: CustomerItemKind;
        source_id: number;
        at: string;
      }[];
      return { rows: timeline(refs), total: (itemCount.get(id) as { n: number }).n };
    },

    /** Staff correct the contact details; a phone or e-mail of another record is refused. */
    update(id: number, change: CustomerContact): CustomerChange {
      return db.transaction((): CustomerChange => {
        const r = row(id);
        if (!r) return { outcome: 'missing' };
        if (r.merged_into !== null) return { outcome: 'merged', mergedInto: r.merged_into };
        const keys = [phoneKeyOf(change.phone), emailKeyOf(change.email)].filter((k) => k !== null);
        if (keys.some((key) => keyOwner.get({ key, id }))) return { outcome: 'key-taken' };
        for (const key of keys) addKey.run(key, id);
        update.run({ id, ...change, at: nowIso() });
        const terms = {
          name: change.name,
          email: change.email?.trim().toLowerCase(),
          phone: phoneSearchDigitsOf(change.phone),
          address: change.address,
        };
        for (const [kind, term] of Object.entries(terms)) if (term) addTerm.run(id, kind, term);
        return { outcome: 'changed', customer: toSummary(row(id)!) };
      })();
    },

    /** "Possibly the same as …": open suggestions, newest first, each with the other record. */
    possibleDuplicates(id: number): PossibleDuplicate[] {
      return duplicates.open(id).map((d) => ({
        customer: toSummary(row(d.otherId)!),
        reason: d.reason,
        suggestedAt: d.suggestedAt,
      }));
    },

    /** "Not the same person": false when no such suggestion is open. */
    dismissDuplicate(id: number, otherId: number, by: number): boolean {
      return duplicates.dismiss(id, otherId, by, nowIso());
    },

    /** Moves everything of `from` into `into`; `from` then points at `into`. */
    /**
     * The language of the customer a message goes to (their phone or e-mail), English when not
     * known. Every channel asks this before it writes to a customer (issue 37).
     */
    languageOf(contact: { phone?: string | null; email?: string | null }): Language {
      return (
        languageByKeys.get({ phone: phoneKeyOf(contact.phone), email: emailKeyOf(contact.email ?? null) })
          ?.language ?? 'en'
      );
    },

    /**
     * The customer wrote or spoke in `language` (a page, a call, a text): remembered on the
     * records holding the phone or e-mail, which the arrival's trigger has made by now. The latest
     * sign wins, so a Spanish caller who then fills the English form reads English after.
     */
    rememberLanguage(contact: { phone?: string | null; email?: string | null }, language: Language): number {
      const keys = { phone: phoneKeyOf(contact.phone), email: emailKeyOf(contact.email ?? null) };
      if (!keys.phone && !keys.email) return 0;
      return setLanguage.run({ ...keys, language, at: nowIso() }).changes;
    },

    merge(into: number, from: number): CustomerChange {
      return db.transaction((): CustomerChange => {
        const target = row(into);
        if (!target) return { outcome: 'missing' };
        if (target.merged_into !== null) return { outcome: 'merged', mergedInto: target.merged_into };
        const other = row(from);
        if (!other || other.merged_into !== null) return { outcome: 'missing' };
        const params = { into, from, at: nowIso() };
        absorb.run(params);
        moveItems.run(params);
        moveKeys.run(params);
        dropKeys.run(params);
        moveTerms.run(params);
        dropTerms.run(params);
        duplicates.merged(into, from);
        retire.run(params);
        return { outcome: 'changed', customer: toSummary(row(into)!) };
      })();
    },
  };
}
export type CustomerRepository = ReturnType<typeof customerRepository>;
