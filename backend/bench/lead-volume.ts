import type { Database } from 'better-sqlite3';

const FIRST = ['Ana', 'Ben', 'Cara', 'Dev', 'Eli', 'Fay', 'Gus', 'Hana', 'Ivan', 'Jo', 'Kim', 'Lou'];
const LAST = ['Smith', 'Garcia', 'Nguyen', 'Patel', 'Brown', 'Lopez', 'Kim', 'Olsen', 'Reyes', 'Moore'];
const STREETS = ['Redwood Dr', 'Oak St', 'Main St', 'Cedar Ln', 'Pine Ave', 'Elm Ct', 'Bay Rd'];
const STAGES = [
  'new',
  'new',
  'new',
  'new',
  'contacted',
  'contacted',
  'estimate-booked',
  'quoted',
  'won',
  'lost',
];

/** The one customer a search looks for: deep in the list, so a scan cannot stop early. */
export const SOUGHT = {
  name: 'Dana Whitfield',
  phone: '(707) 555-0123',
  email: 'dana.whitfield@example.com',
  address: '512 Juniper Hollow',
};

/**
 * A busy inbox: `count` leads across every channel (through the channels' own tables, so the
 * triggers of migration 0010 make the leads as in production), a spread of stages, one sought
 * customer near the oldest end. Row 0 is the newest.
 */
export function seedLeads(db: Database, count: number, now = Date.now()) {
  const request =
    db.prepare(`INSERT INTO service_requests (first_name, last_name, email, phone, address, city,
    service_type, urgency, description, created_at, updated_at)
    VALUES (?, ?, ?, ?, ?, 'Garberville', 'house-washing', 'week', 'Green streaks on the north side', ?, ?)`);
  const submission = db.prepare(`INSERT INTO photo_submissions (first_name, last_name, phone, email, address,
    service_type, source, created_at, updated_at) VALUES (?, ?, ?, ?, ?, 'Roof Cleaning', ?, ?, ?)`);
  const call =
    db.prepare(`INSERT INTO calls (customer_name, phone_number, status, summary, created_at, updated_at)
    VALUES (?, ?, 'missed', NULL, ?, ?)`);
  const conversation =
    db.prepare(`INSERT INTO messenger_conversations (facebook_user_id, first_name, last_name, created_at)
    VALUES (?, ?, ?, ?)`);
  const stage = db.prepare(`UPDATE leads SET stage = ?, stage_changed_at = created_at WHERE id = ?`);
  const sought = count - Math.ceil(count / 20);
  db.transaction(() => {
    for (let i = 0; i < count; i++) {
      const at = new Date(now - i * 29_000).toISOString();
      const isSought = i === sought;
      const [first, last] = isSought
        ? SOUGHT.name.split(' ')
        : [FIRST[i % FIRST.length]!, `${LAST[(i >> 3) % LAST.length]!} No${i}`];
      const phone = isSought
        ? SOUGHT.phone
        : `(707) ${String(200 + (i % 700))}-${String(i % 10_000).padStart(4, '0')}`;
      const email = isSought ? SOUGHT.email : `customer${i}@example.com`;
      const address = isSought ? SOUGHT.address : `${1 + (i % 999)} ${STREETS[i % STREETS.length]}`;
      const kind = isSought ? 0 : i % 20;
      // 55 % wizard, 25 % photo form, 5 % quote tool, 10 % phone, 5 % Messenger.
      if (kind < 11) request.run(first, last, email, phone, address, at, at);
      else if (kind < 16) submission.run(first, last, phone, email, address, 'photo-form', at, at);
      else if (kind < 17) submission.run(first, last, phone, email, address, 'quote-tool', at, at);
      else if (kind < 19) call.run(`${first} ${last}`, phone, at, at);
      else conversation.run(`psid-${i}`, first, last, at);
    }
    const ids = db.prepare('SELECT id FROM leads ORDER BY id').pluck().all() as number[];
    ids.forEach((id, i) => {
      const s = STAGES[(i * 7 + (i >> 5)) % STAGES.length]!;
      if (s !== 'new') stage.run(s, id);
    });
  })();
}
