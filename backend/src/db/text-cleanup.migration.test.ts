import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { runMigrations } from './migrate.ts';

// Migration 0018: what providers brought in before the entry points cleaned it (issue 21, item 4)
// loses its bidirectional controls; the leads inbox follows the cleaned names.

const migrations = path.resolve(import.meta.dirname, '../../migrations');
const RLO = '\u202e';
let dir: string;
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

describe('migration 0018 on text stored with bidirectional controls', () => {
  it('removes them from Messenger names and messages, caller ids and what callers said', () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'washdesk-migration-'));
    const before = path.join(dir, 'migrations');
    fs.mkdirSync(before);
    for (const file of fs
      .readdirSync(migrations)
      .filter((f) => /^\d{4}_/.test(f) && Number(f.slice(0, 4)) < 18))
      fs.copyFileSync(path.join(migrations, file), path.join(before, file));
    const db = new Database(path.join(dir, 'old.sqlite'));
    try {
      runMigrations(db, before);
      const at = '2026-01-05T18:00:00.000Z';
      const conversation = Number(
        db
          .prepare(
            `INSERT INTO messenger_conversations (facebook_user_id, first_name, last_name, created_at)
             VALUES ('6000000000000001', ?, ?, '${at}')`,
          )
          .run(`Rosa${RLO}gnp.exe`, '\u2067Lindqvist\u2069').lastInsertRowid,
      );
      db.prepare(
        `INSERT INTO messenger_messages (conversation_id, sender, message_text, delivery_status, created_at)
         VALUES (?, 'customer', ?, 'received', '${at}')`,
      ).run(conversation, `Invoice${RLO} fdp.exe\u200f`);
      const call = Number(
        db
          .prepare(
            `INSERT INTO calls (call_sid, phone_number, status, created_at, updated_at)
             VALUES ('CA1', ?, 'completed', '${at}', '${at}')`,
          )
          .run(`+1707555${RLO}0123`).lastInsertRowid,
      );
      db.prepare(
        `INSERT INTO ai_responses (channel, call_id, customer_message, ai_response, intent, created_at)
         VALUES ('phone', ?, ?, 'Yes.', 'faq', '${at}')`,
      ).run(call, 'Do you \u2066wash\u2069 roofs?\u061c');
      db.prepare(
        `INSERT INTO messenger_messages (conversation_id, sender, message_text, delivery_status, created_at)
         VALUES (?, 'staff', 'Untouched: plain text', 'sent', '${at}')`,
      ).run(conversation);

      runMigrations(db, migrations);

      expect(db.prepare('SELECT first_name, last_name FROM messenger_conversations').get()).toEqual({
        first_name: 'Rosagnp.exe',
        last_name: 'Lindqvist',
      });
      expect(db.prepare('SELECT message_text FROM messenger_messages ORDER BY id').pluck().all()).toEqual([
        'Invoice fdp.exe',
        'Untouched: plain text',
      ]);
      expect(db.prepare('SELECT phone_number FROM calls').pluck().get()).toBe('+17075550123');
      expect(db.prepare('SELECT customer_message FROM ai_responses').pluck().get()).toBe(
        'Do you wash roofs?',
      );
      // The inbox shows the name as it is now.
      const leadNames = db.prepare('SELECT name FROM leads').pluck().all() as (string | null)[];
      expect(leadNames.join(' ')).not.toMatch(/[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/);
      expect(leadNames).toContain('Rosagnp.exe Lindqvist');
    } finally {
      db.close();
    }
  });
});
