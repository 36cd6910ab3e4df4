import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { expect, test } from '@playwright/test';
import { phoneKeyOf } from '@washdesk/contract';
import { AdminPage } from './admin-page.ts';

// The Texts screen on a server without Twilio: it says texting is not set up, shows what the
// database holds (a customer's text, put there as the webhook would), and offers no way to send
// that could claim a text went out.

/**
 * A number no other test or demo record uses (area code 209 is this file's), random enough that
 * two runs on one database do not meet: a number staff know by name shows as the name instead.
 */
const unusedPhone = () => `+1209${crypto.randomInt(2_000_000, 10_000_000)}`;

function addTextThread(phone: string, body: string) {
  const db = new Database(path.join(process.env.WASHDESK_E2E_DATA_DIR!, 'washdesk.sqlite'));
  try {
    db.pragma('busy_timeout = 5000');
    // The customers' and leads' triggers key the number with the one phone rule, as the server's
    // own connection does (backend/src/db/migrate.ts).
    db.function('phone_key', { deterministic: true }, (typed: unknown) =>
      phoneKeyOf(typeof typed === 'string' ? typed : null),
    );
    const at = new Date().toISOString();
    const id = Number(
      db
        .prepare(
          'INSERT INTO text_threads (phone, contacted_at, last_message_at, created_at) VALUES (?, ?, ?, ?)',
        )
        .run(phone, at, at, at).lastInsertRowid,
    );
    db.prepare(
      `INSERT INTO text_messages (thread_id, direction, sender, body, message_sid, created_at)
       VALUES (?, 'in', 'customer', ?, ?, ?)`,
    ).run(id, body, `SM${String(id).padStart(32, 'e')}${Date.now()}`.slice(0, 34), at);
    return id;
  } finally {
    db.close();
  }
}

test('without Twilio the Texts screen says so, shows the texts kept, and cannot send', async ({ page }) => {
  const phone = unusedPhone();
  const id = addTextThread(phone, 'Is Thursday still good for the roof?');
  const admin = new AdminPage(page);
  await admin.signInWithApi();
  await admin.open(`/admin/texts?thread=${id}`);
  await expect(admin.pageTitle('Texts')).toBeVisible();
  await expect(page.getByText('Texting is not set up')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Text conversations' }).getByText(phone)).toBeVisible();
  const thread = page.getByRole('region', { name: 'Text conversation', exact: true });
  await expect(thread.getByText('Is Thursday still good for the roof?')).toBeVisible();
  await expect(thread.getByRole('textbox', { name: 'Text message' })).toBeDisabled();
  await expect(thread.getByRole('button', { name: 'Send' })).toBeDisabled();
  await expect(page.getByText(/Sent|Delivered/)).toHaveCount(0);
});

test('a photo the customer texted shows in the thread, opens large, and attachments not kept are said', async ({
  page,
}) => {
  const phone = unusedPhone();
  const id = addTextThread(phone, 'The moss on the north side');
  // As the MMS webhook stores it: a re-encoded photo and its thumbnail in the photo folder, its
  // row owned by the text message, one attachment not kept.
  const dataDir = process.env.WASHDESK_E2E_DATA_DIR!;
  const photoId = crypto.randomUUID();
  const photoDir = path.join(dataDir, 'photos');
  fs.mkdirSync(photoDir, { recursive: true });
  const fixture = path.resolve(import.meta.dirname, '../../fixtures/photos/pixel-gps-orientation1.jpg');
  fs.copyFileSync(fixture, path.join(photoDir, `${photoId}.jpg`));
  fs.copyFileSync(fixture, path.join(photoDir, `${photoId}.thumb.jpg`));
  const db = new Database(path.join(dataDir, 'washdesk.sqlite'));
  try {
    db.pragma('busy_timeout = 5000');
    const message = db.prepare('SELECT id FROM text_messages WHERE thread_id = ?').get(id) as { id: number };
    db.prepare('UPDATE text_messages SET media_count = 2, media_refused = 1 WHERE id = ?').run(message.id);
    db.prepare(
      `INSERT INTO photos (id, text_message_id, position, width, height, bytes, original_type, created_at)
       VALUES (?, ?, 0, 640, 480, 1000, 'jpeg', ?)`,
    ).run(photoId, message.id, new Date().toISOString());
  } finally {
    db.close();
  }
  const admin = new AdminPage(page);
  await admin.signInWithApi();
  await admin.open(`/admin/texts?thread=${id}`);
  const thread = page.getByRole('region', { name: 'Text conversation', exact: true });
  await expect(thread.getByText('The moss on the north side')).toBeVisible();
  const thumbnail = thread.getByRole('img', { name: `Photo 1 of 1 from ${phone}` });
  await expect(thumbnail).toBeVisible();
  await expect.poll(() => thumbnail.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  await expect(
    thread.getByText('1 attachment was not kept (not a photo, too large, or not received)'),
  ).toBeVisible();
  await thumbnail.click();
  await expect(page.getByRole('img', { name: `Photo 1 of 1 from ${phone}, full size` })).toBeVisible();
});
