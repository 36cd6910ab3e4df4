import { phoneKeyOf } from '@washdesk/contract';
import type { Db } from '../db/database.ts';

// The consent line of the public forms (migration 0029): a number that ticked it may get
// automatic texts. Written by the forms' repositories in the same transaction as the request, and
// read by the outbox's consent gate (text-consent.ts) through `hasFormConsent`.

export type ConsentForm = 'photo-form' | 'quote-tool' | 'ai-analysis' | 'wizard';


export function formConsents(db: Db) {
  const insert = db.prepare(`INSERT INTO text_consents (phone_key, phone, source, source_id, consented_at)
    VALUES (@key, @phone, @source, @sourceId, @at) ON CONFLICT (phone_key) DO NOTHING`);
  const consented = db.prepare('SELECT 1 FROM text_consents WHERE phone_key = ?');
  return {
    /** Call inside the form's own transaction: the consent stands or falls with the request. */
    record(consent: { phone: string; source: ConsentForm; sourceId: number; at: string }) {
      const key = phoneKeyOf(consent.phone);
      if (key) insert.run({ ...consent, key });
    },
    hasFormConsent(phone: string) {
      const key = phoneKeyOf(phone);
      return key !== null && consented.get(key) !== undefined;
    },
  };
}
