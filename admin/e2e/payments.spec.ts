import crypto from 'node:crypto';
import { expect, test } from '@playwright/test';
import { AdminPage } from './admin-page.ts';
import { inTestDatabase } from './test-database.ts';

// The Payments screen on the real server: a check payment with a tip stands in the ledger (written
// to its table as the ledger's owner would: staff's own recording is another screen's), the owner
// opens it, refunds part of it in the dialog, and the ledger shows the refund; then the Disputes
// tab offers a dispute's evidence packet as a ZIP download.

/** A check payment of its own (tests share one database), newest of all so it heads the list. */
function checkPayment(amountCents: number, tipCents: number): number {
  const at = new Date(Date.now() + 60_000).toISOString();
  return inTestDatabase((db) =>
    Number(
      db
        .prepare(
          `INSERT INTO payments (kind, status, method, purpose, amount_cents, tip_cents, customer_id,
            source_key, reference, occurred_at, created_at, updated_at)
           VALUES ('payment', 'succeeded', 'check', 'invoice', ?, ?, NULL, ?, 'Check 1042', ?, ?, ?)`,
        )
        .run(amountCents, tipCents, `manual:${crypto.randomUUID()}`, at, at, at).lastInsertRowid,
    ),
  );
}

test('the owner refunds part of a check payment from its row, and the ledger shows it', async ({ page }) => {
  const admin = new AdminPage(page);
  await admin.signInWithApi();
  const id = checkPayment(32_500, 2_500);
  await admin.open('/admin/payments');
  await expect(admin.pageTitle('Payments')).toBeVisible();
  const ledger = page.getByRole('table', { name: 'Ledger' });
  await ledger.getByRole('button', { name: `Open payment #${id}` }).click();

  const detail = page.getByRole('dialog', { name: `Payment #${id}` });
  await expect(detail).toContainText('$325');
  await expect(detail).toContainText('Check 1042');
  await detail.getByRole('button', { name: 'Refund…' }).click();

  const dialog = page.getByRole('dialog', { name: /^Refund \$325 check payment/ });
  await expect(dialog).toContainText('Left to refund: $325 (of it the tip: $25)');
  // More of the tip than was tipped: the server's own words, under the field.
  await dialog.getByLabel('Amount to refund ($)').fill('30');
  await dialog.getByLabel('Of it, the tip ($)').fill('30');
  await dialog.getByRole('button', { name: 'Refund', exact: true }).click();
  await expect(dialog).toContainText('Only $25 of the tip is left to refund.');

  await dialog.getByLabel('Amount to refund ($)').fill('45.50');
  await dialog.getByLabel('Of it, the tip ($)').fill('25');
  // A double click: one refund.
  await dialog.getByRole('button', { name: 'Refund', exact: true }).dblclick();
  await expect(admin.toast('Refund of $45.50 recorded: give it back to the customer in check')).toBeVisible();
  await expect(dialog).toBeHidden();

  await expect(ledger.getByRole('row').filter({ hasText: '-$45.50' })).toHaveCount(1);
  const refunds = inTestDatabase((db) =>
    db
      .prepare(
        "SELECT amount_cents AS a, tip_cents AS t FROM payments WHERE refund_of = ? AND kind = 'refund'",
      )
      .all(id),
  );
  expect(refunds).toEqual([{ a: -4_550, t: -2_500 }]);
});

test('a dispute is listed with its deadline and its evidence downloads as a ZIP', async ({ page }) => {
  const admin = new AdminPage(page);
  await admin.signInWithApi();
  const disputeId = `du_e2e_${crypto.randomBytes(6).toString('hex')}`;
  inTestDatabase((db) =>
    db
      .prepare(
        `INSERT INTO disputes (provider_dispute_id, amount_cents, reason, status, evidence_due_by, opened_at, updated_at)
         VALUES (?, 12000, 'product_not_received', 'needs_response', '2020-01-02T17:00:00.000Z', ?, ?)`.replace(
          '12_000',
          '12000',
        ),
      )
      .run(disputeId, new Date().toISOString(), new Date().toISOString()),
  );
  await admin.open('/admin/payments?tab=disputes');
  const row = page
    .getByRole('table', { name: 'Disputes' })
    .getByRole('row')
    .filter({ hasText: '$120' })
    .first();
  await expect(row).toContainText('Needs response');
  const download = page.waitForEvent('download');
  await page.getByRole('link', { name: `Download evidence (ZIP) for dispute ${disputeId}` }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe(`dispute-${disputeId}-evidence.zip`);
});
