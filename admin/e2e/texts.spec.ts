import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { AdminPage } from './admin-page.ts';
import { addTextThread, inTestDatabase } from './test-database.ts';

// The Texts screen on a server without Twilio: it says texting is not set up, shows what the
// database holds (a customer's text, put there as the webhook would), and offers no way to send
// that could claim a text went out.

/**
 * A number no other test or demo record uses (area code 209 is this file's), random enough that
 * two runs on one database do not meet: a number staff know by name shows as the name instead.
 */
const unusedPhone = () => `+1209${crypto.randomInt(2_000_000, 10_000_000)}`;

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
  inTestDatabase((db) => {
    const message = db.prepare('SELECT id FROM text_messages WHERE thread_id = ?').get(id) as { id: number };
    db.prepare('UPDATE text_messages SET media_count = 2, media_refused = 1 WHERE id = ?').run(message.id);
    db.prepare(
      `INSERT INTO photos (id, text_message_id, position, width, height, bytes, original_type, created_at)
       VALUES (?, ?, 0, 640, 480, 1000, 'jpeg', ?)`,
    ).run(photoId, message.id, new Date().toISOString());
  });
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

test('a texted domain with a zero-width space or a look-alike letter does not show as a clean domain', async ({
  page,
}) => {
  const phone = unusedPhone();
  const id = addTextThread(phone, 'Pay the deposit at pay\u200Bpal.example.com or p\u0430ypal.example.com');
  const admin = new AdminPage(page);
  await admin.signInWithApi();
  await admin.open(`/admin/texts?thread=${id}`);
  const thread = page.getByRole('region', { name: 'Text conversation', exact: true });
  // The hidden character shows as itself, by its code point…
  const hidden = thread.locator('[data-hidden-char="U+200B"]');
  await expect(hidden).toHaveText('⟨U+200B⟩');
  await expect(hidden).toHaveAttribute('title', /zero-width space/);
  await expect(thread.getByText('pay⟨U+200B⟩pal.example.com', { exact: false })).toBeVisible();
  // …so the words on screen are never the clean domain a reader would trust.
  await expect(thread.locator('.messenger-bubble__text')).not.toContainText('paypal.example.com');
  // The Cyrillic "а" in the second one is marked as mixing alphabets.
  await expect(thread.locator('mark.visible-text__lookalike')).toHaveAttribute('title', /Latin and Cyrillic/);
  // The thread list's preview shows the marker too.
  await expect(
    page.getByRole('region', { name: 'Text conversations' }).locator('[data-hidden-char="U+200B"]'),
  ).toHaveText('⟨U+200B⟩');
});

/** A long thread: `count` texts back and forth, then a reminder planned for later and one not sent. */
function addLongThreadWithPlans(phone: string, count: number, plannedAt: Date) {
  return inTestDatabase((db) => {
    const start = Date.now() - (count + 5) * 60_000;
    const at = (i: number) => new Date(start + i * 60_000).toISOString();
    const id = Number(
      db
        .prepare(
          'INSERT INTO text_threads (phone, contacted_at, last_message_at, created_at) VALUES (?, ?, ?, ?)',
        )
        .run(phone, at(0), at(count + 2), at(0)).lastInsertRowid,
    );
    const incoming = db.prepare(`INSERT INTO text_messages (thread_id, direction, sender, body, message_sid,
      created_at) VALUES (?, 'in', 'customer', ?, ?, ?)`);
    const outbox = db.prepare(`INSERT INTO outbox_messages (idempotency_key, channel, recipient, template,
      body, automatic, due_at, state, error, created_at, sent_at)
      VALUES (?, 'text', ?, ?, ?, ?, ?, ?, ?, ?, ?)`);
    const outgoing = db.prepare(`INSERT INTO text_messages (thread_id, direction, sender, body, outbox_id,
      created_at) VALUES (?, 'out', ?, ?, ?, ?)`);
    const ours = (i: number, body: string, state: string, dueAt: string, error: string | null = null) => {
      const outboxId = outbox.run(
        `e2e-texts-${phone}-${i}`,
        phone,
        i === 1 ? 'visit-reminder' : 'assistant',
        body,
        i === 1 ? 1 : 0,
        dueAt,
        state,
        error,
        at(i),
        state === 'sent' ? at(i) : null,
      ).lastInsertRowid;
      outgoing.run(id, i === 1 ? 'automatic' : 'assistant', body, outboxId, at(i));
    };
    // The visit reminder is written when the visit is booked, early in the thread, for later.
    ours(1, 'Reminder: your roof wash is on Tuesday at 9:00 AM.', 'pending', plannedAt.toISOString());
    for (let i = 2; i <= count; i++) {
      if (i % 2 === 0)
        incoming.run(
          id,
          `Customer text number ${i}`,
          `SM${phone.slice(2)}${String(i).padStart(22, '0')}`.slice(0, 34),
          at(i),
        );
      else ours(i, `Our answer number ${i}`, 'sent', at(i));
    }
    ours(count + 1, 'We could not send this one', 'failed', at(count + 1), 'Twilio refused the number');
    incoming.run(
      id,
      'The newest text of all',
      `SM${phone.slice(2)}${'9'.repeat(22)}`.slice(0, 34),
      at(count + 2),
    );
    return id;
  });
}

test('a long thread opens at its newest text; a planned reminder shows as planned, after it, not as sent', async ({
  page,
}) => {
  const phone = unusedPhone();
  // Three days ahead at 9 AM, as the browser (same machine, same time zone) shows it.
  const plannedAt = new Date();
  plannedAt.setDate(plannedAt.getDate() + 3);
  plannedAt.setHours(9, 0, 0, 0);
  const id = addLongThreadWithPlans(phone, 40, plannedAt);
  const admin = new AdminPage(page);
  await admin.signInWithApi();
  await admin.open(`/admin/texts?thread=${id}`);
  const thread = page.getByRole('region', { name: 'Text conversation', exact: true });

  await expect(thread.getByText('The newest text of all')).toBeInViewport();
  await expect(thread.getByText('Customer text number 2', { exact: true })).not.toBeInViewport();

  const planned = thread.getByRole('region', { name: 'Planned texts' });
  const day = new Intl.DateTimeFormat('en-US', { weekday: 'short', hour: 'numeric', minute: '2-digit' });
  await expect(planned).toContainText('Reminder: your roof wash is on Tuesday at 9:00 AM.');
  await expect(planned.getByText(`Planned for ${day.format(plannedAt)}`)).toBeVisible();
  await expect(planned.getByText(/^(Sent|Delivered|Waiting to send)$/)).toHaveCount(0);
  // It follows the conversation: the newest text comes before it.
  const newestBox = (await thread.getByText('The newest text of all').boundingBox())!;
  const plannedBox = (await planned.boundingBox())!;
  expect(plannedBox.y).toBeGreaterThan(newestBox.y);

  // A text that did not go says so, with the reason.
  const failed = thread.locator('[data-state="failed"]');
  await expect(failed).toContainText('We could not send this one');
  await expect(failed).toContainText('Not sent');
  await expect(failed).toContainText('Twilio refused the number');
});
