import { phoneKeyOf, type PreferredTime } from '@washdesk/contract';
import type { Db } from '../db/database.ts';

// Who is calling (issue 34, item 1): the caller id's one key (contract/src/phone-number.ts) finds the
// customer the customers feature matched it to, their next visit and their open quote. A caller
// without a known number is found only by the name AND the address on a booking, said together, so
// nobody hears another person's details by guessing one of them. Read-only: the customers,
// appointments and quotes keep their owners; this only reads what a reply needs. There is no
// balance yet (no payments exist), so nothing is ever said about one.

export interface KnownVisit {
  id: number;
  customerName: string;
  customerPhone: string | null;
  address: string;
  serviceType: string;
  date: string;
  time: PreferredTime | null;
  /** What the visit asks of a new time: its length and its crew (null: any crew). */
  durationMinutes: number;
  crewId: number | null;
}

export interface KnownCaller {
  customerId: number;
  name: string | null;
  /** The next visit still to come, if any. */
  visit: KnownVisit | null;
  /** A quote sent and not yet accepted, replaced or expired. */
  openQuote: { amountCents: number; validUntil: string } | null;
}

interface VisitRow {
  id: number;
  customer_name: string;
  customer_phone: string | null;
  address: string;
  service_type: string;
  scheduled_date: string;
  preferred_time: PreferredTime | null;
  duration_minutes: number;
  crew_id: number | null;
}

const toVisit = (r: VisitRow): KnownVisit => ({
  id: r.id,
  customerName: r.customer_name,
  customerPhone: r.customer_phone,
  address: r.address,
  serviceType: r.service_type,
  date: r.scheduled_date,
  time: r.preferred_time,
  durationMinutes: r.duration_minutes,
  crewId: r.crew_id,
});

const words = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^a-z0-9\s]/g, ' ')
    .split(/\s+/)
    .filter(Boolean);
const STREET_WORDS = new Set([
  'st',
  'street',
  'rd',
  'road',
  'ave',
  'avenue',
  'dr',
  'drive',
  'ln',
  'lane',
  'way',
  'ct',
  'court',
  'blvd',
  'pl',
  'place',
  'hwy',
  'highway',
  'n',
  's',
  'e',
  'w',
  'north',
  'south',
  'east',
  'west',
  'ca',
]);

/**
 * Whether `said` names this visit: the customer's last name and the address's number and street
 * name. A first name alone, or a number alone, is not enough (anyone could guess one).
 */
export function namesVisit(said: string, visit: Pick<KnownVisit, 'customerName' | 'address'>): boolean {
  const heard = new Set(words(said));
  const name = words(visit.customerName).filter((w) => w.length > 1);
  const lastName = name.at(-1);
  const [number, ...street] = words(visit.address.split(',')[0] ?? '');
  const streetName = street.find((w) => !STREET_WORDS.has(w) && !/^\d/.test(w));
  if (!lastName || !number || !/^\d+$/.test(number) || !streetName) return false;
  return heard.has(lastName) && heard.has(number) && heard.has(streetName);
}

export function knownCallers(db: Db) {
  // The record a number belongs to, newest activity first (a shared phone names its latest user).
  const customerOf = db.prepare<[string], { id: number; name: string | null }>(`SELECT c.id, c.name
    FROM customer_keys k JOIN customers c ON c.id = k.customer_id
    WHERE k.key = ? AND c.merged_into IS NULL ORDER BY c.last_activity_at DESC, c.id DESC LIMIT 1`);
  const VISIT = `SELECT id, customer_name, customer_phone, address, service_type, scheduled_date, preferred_time,
    duration_minutes, crew_id FROM appointments a`;
  const nextVisit = db.prepare<{ customerId: number; today: string }, VisitRow>(`${VISIT}
    WHERE a.status = 'scheduled' AND a.scheduled_date >= @today AND a.id IN
      (SELECT source_id FROM customer_items WHERE kind = 'appointment' AND customer_id = @customerId)
    ORDER BY a.scheduled_date, a.preferred_time LIMIT 1`);
  const upcoming = db.prepare<{ today: string }, VisitRow>(`${VISIT}
    WHERE a.status = 'scheduled' AND a.scheduled_date >= @today ORDER BY a.scheduled_date LIMIT 500`);
  const standing = db.prepare<{ id: number; today: string }, VisitRow>(`${VISIT}
    WHERE a.id = @id AND a.status = 'scheduled' AND a.scheduled_date >= @today`);
  const openQuote = db.prepare<
    { customerId: number; today: string },
    { amount_cents: number; valid_until: string }
  >(`SELECT q.amount_cents, q.valid_until FROM sent_quotes q
    WHERE q.superseded_at IS NULL AND q.accepted_at IS NULL AND q.valid_until >= @today AND q.submission_id IN
      (SELECT source_id FROM customer_items WHERE kind = 'submission' AND customer_id = @customerId)
    ORDER BY q.sent_at DESC LIMIT 1`);

  return {
    /** The customer this caller id belongs to, with what a reply may need; null for an unknown number. */
    byPhone(phone: string | null | undefined, today: string): KnownCaller | null {
      const key = phone ? phoneKeyOf(phone) : null;
      const customer = key ? customerOf.get(key) : undefined;
      if (!customer) return null;
      const visit = nextVisit.get({ customerId: customer.id, today });
      const quote = openQuote.get({ customerId: customer.id, today });
      return {
        customerId: customer.id,
        name: customer.name,
        visit: visit ? toVisit(visit) : null,
        openQuote: quote ? { amountCents: quote.amount_cents, validUntil: quote.valid_until } : null,
      };
    },
    /** The visit still to come whose name and address the caller said, if exactly one. */
    byNameAndAddress(said: string, today: string): KnownVisit | null {
      const found = upcoming
        .all({ today })
        .map(toVisit)
        .filter((v) => namesVisit(said, v));
      return found.length === 1 ? found[0]! : null;
    },
    /** The visit, while it still stands (scheduled, today or later). */
    standing(id: number, today: string): KnownVisit | null {
      const row = standing.get({ id, today });
      return row ? toVisit(row) : null;
    },
  };
}
export type KnownCallers = ReturnType<typeof knownCallers>;
