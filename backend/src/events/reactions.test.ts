import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../db/database.ts';
import { createEventBus } from './event-bus.ts';
import { eventRepository } from './event.repository.ts';

// Internal reactions (re-planning a visit's reminders, a missed call's text-back) are apart from
// the staff feed and run after the publishing transaction: never inside a webhook's transaction,
// and never for an event whose transaction rolled back. A real SQLite file, the real bus.

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'washdesk-reactions-'));
const db = openDatabase(
  path.join(dir, 'reactions.sqlite'),
  path.resolve(import.meta.dirname, '../../migrations'),
);
afterAll(() => {
  db.close();
  fs.rmSync(dir, { recursive: true, force: true });
});
const bus = createEventBus(eventRepository(db), () => Date.parse('2026-11-24T18:00:00Z'));
const seen: string[] = [];
bus.subscribe((e) => seen.push(`feed: ${e.summary}`));
bus.react((e) => seen.push(`reaction: ${e.summary}${db.inTransaction ? ' (inside the transaction)' : ''}`));
/** Waits for the microtasks the publisher left (the reactions) and nothing else. */
const published = () => new Promise((resolve) => setImmediate(resolve));

describe('an internal reaction', () => {
  it('runs once the publishing transaction committed; the staff feed hears the event at once', async () => {
    seen.length = 0;
    db.transaction(() => {
      bus.publish({ type: 'call.updated', entityId: 1, summary: 'left a message' });
      seen.push('transaction still open');
    })();
    await published();
    expect(seen).toEqual(['feed: left a message', 'transaction still open', 'reaction: left a message']);
  });

  it('never runs for an event whose transaction rolled back', async () => {
    seen.length = 0;
    expect(() =>
      db.transaction(() => {
        bus.publish({ type: 'appointment.updated', entityId: 2, summary: 'moved' });
        throw new Error('the write after it failed');
      })(),
    ).toThrow('the write after it failed');
    await published();
    expect(seen.filter((s) => s.startsWith('reaction'))).toEqual([]);
  });
});
