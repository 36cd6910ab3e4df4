import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import {
  appointmentServiceLabel,
  centsOf,
  APPOINTMENT_SERVICE_TYPES,
  PHOTO_FORM_SERVICE_TYPES,
  PREFERRED_TIMES,
  PROPERTY_TYPES,
  URGENCIES,
  WIZARD_SERVICE_TYPES,
  type SubmissionStatus,
} from '@washdesk/contract';
import type { Config } from '../config.ts';
import type { Db } from '../db/database.ts';
import { photoFile, thumbnailFile } from '../photos/photo.storage.ts';
import { addDays, localDate, startOfLocalDay } from '../time.ts';
import { demoPerson, seededRandom, type Random } from './demo-people.ts';
import { DEMO_CALLS, DEMO_CONVERSATIONS, DEMO_FAQ, demoBookingCall, type DemoCall } from './demo-texts.ts';
import { renderPlaceholderPhotos } from './placeholder-photos.ts';
import { seedDemoQuotes } from './demo-quotes.ts';
import { estimateFromAnswers } from '../quotes/local-estimate.ts';
import { priceQuote, quotedServices } from '../quotes/pricing.ts';

const SEEDED_KEY = 'demo-data-seeded';
const DATA_TABLES = [
  'photo_submissions',
  'service_requests',
  'calls',
  'appointments',
  'faq_entries',
  'messenger_conversations',
  'ai_responses',
];

/** A database is new when none of its business tables has a row and it was never seeded. */
export function isNewDatabase(db: Db): boolean {
  if (db.prepare('SELECT 1 FROM settings WHERE key = ?').get(SEEDED_KEY)) return false;
  return DATA_TABLES.every((t) => !db.prepare(`SELECT 1 FROM ${t} LIMIT 1`).get());
}

const minutes = 60_000;

/**
 * An instant `daysAgo` days back during working hours (8 AM to 6 PM local); for today, early in
 * the morning, somewhere in the part of the day that has passed, so "today" is never empty.
 */
function businessInstant(r: Random, config: Config, daysAgo: number, now: Date) {
  const today = localDate(now, config.timeZone);
  const dayStart = Date.parse(startOfLocalDay(addDays(today, -daysAgo), config.timeZone));
  const preferred = dayStart + (8 * 60 + r.int(0, 600)) * minutes;
  const latest = now.getTime() - 1000;
  const instant = preferred <= latest ? preferred : dayStart + r.next() * Math.max(0, latest - dayStart);
  return new Date(instant).toISOString();
}

/**
 * Fills a new database with a clearly fictional business's few weeks of work, so every screen
 * has something real to show. Never touches a database that has data.
 */
export async function seedDemoData(db: Db, config: Config, now = new Date()): Promise<boolean> {
  if (!isNewDatabase(db)) return false;
  const r = seededRandom(20261122);
  const placeholders = await renderPlaceholderPhotos();
  fs.mkdirSync(config.photoDir, { recursive: true });
  const written: string[] = [];
  const today = localDate(now, config.timeZone);
  try {
    db.transaction(() => {
      const iso = now.toISOString();
      const insertSubmission =
        db.prepare(`INSERT INTO photo_submissions (first_name, last_name, phone, email, address,
        service_type, notes, status, estimate_amount_cents, source, created_at, updated_at)
        VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`);
      const insertPhoto =
        db.prepare(`INSERT INTO photos (id, submission_id, service_request_id, position, width, height,
        bytes, original_type, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, 'jpeg', ?)`);
      const addPhotos = (
        owner: { submission?: number; request?: number },
        count: number,
        createdAt: string,
      ) => {
        for (let position = 0; position < count; position++) {
          const p = r.pick(placeholders);
          const id = randomUUID();
          fs.writeFileSync(photoFile(config, id), p.photo);
          fs.writeFileSync(thumbnailFile(config, id), p.thumbnail);
          written.push(id);
          insertPhoto.run(
            id,
            owner.submission ?? null,
            owner.request ?? null,
            position,
            p.width,
            p.height,
            p.photo.length,
            createdAt,
          );
        }
      };

      const insertAnalysis =
        db.prepare(`INSERT INTO submission_analyses (submission_id, provider, model, surfaces,
        recommended_services, notes, confidence, price_low_cents, price_high_cents, suggested_total_cents, duration_ms, fallback_reason, created_at)
        VALUES (?, 'local-estimate', NULL, ?, ?, ?, 0.3, ?, ?, ?, ?, 'no AI key configured', ?)`);
      const statuses: SubmissionStatus[] = [
        'pending',
        'pending',
        'reviewed',
        'quoted',
        'quoted',
        'completed',
      ];
      for (let i = 0; i < 36; i++) {
        const person = demoPerson(r, i);
        const daysAgo = i < 3 ? 0 : i < 5 ? 1 : r.int(2, 30);
        const createdAt = businessInstant(r, config, daysAgo, now);
        const status = daysAgo === 0 ? 'pending' : r.pick(statuses);
        const amount = status === 'quoted' || status === 'completed' ? r.int(18, 140) * 2500 : null;
        const source = r.pick(['photo-form', 'photo-form', 'ai-analysis', 'quote-tool'] as const);
        const notes =
          r.next() < 0.6
            ? r.pick([
                'Green streaks on the north side.',
                'Moss on the roof and gutters.',
                'Two-story, steep driveway.',
                'Deck is slippery in winter.',
                'Selling the house next month.',
              ])
            : null;
        // What the customer was shown: the local estimate, as a server without an AI key gives.
        const analysis = source === 'photo-form' ? null : estimateFromAnswers({ serviceType: null, notes });
        const id = Number(
          insertSubmission.run(
            person.firstName,
            person.lastName,
            person.phone,
            person.email,
            person.address,
            // The quote tool names the service its quote priced.
            source === 'quote-tool' ? quotedServices(analysis!).join(', ') : r.pick(PHOTO_FORM_SERVICE_TYPES),
            notes,
            status,
            amount,
            source,
            createdAt,
            createdAt,
          ).lastInsertRowid,
        );
        addPhotos({ submission: id }, r.int(1, 3), createdAt);
        if (analysis) {
          const quote = priceQuote(analysis.surfaces);
          insertAnalysis.run(
            id,
            JSON.stringify(analysis.surfaces),
            JSON.stringify(analysis.recommendedServices),
            analysis.notes,
            centsOf(quote.priceRange.low),
            centsOf(quote.priceRange.high),
            centsOf(quote.totalAmount),
            r.int(40, 400),
            createdAt,
          );
        }
      }

      const insertRequest =
        db.prepare(`INSERT INTO service_requests (first_name, last_name, email, phone, address, city,
        service_type, property_type, urgency, description, has_photos, status, created_at, updated_at)
        VALUES (?, ?, ?, ?, ?, NULL, ?, ?, ?, ?, ?, ?, ?, ?)`);
      for (let i = 0; i < 6; i++) {
        const person = demoPerson(r, 40 + i);
        const createdAt = businessInstant(r, config, r.int(0, 10), now);
        const withPhotos = i % 3 === 0;
        const id = Number(
          insertRequest.run(
            person.firstName,
            person.lastName,
            person.email,
            person.phone,
            person.address,
            r.pick(WIZARD_SERVICE_TYPES),
            r.pick(PROPERTY_TYPES),
            r.pick(URGENCIES),
            'Would like a quote this season.',
            withPhotos ? 1 : 0,
            i < 3 ? 'new' : 'contacted',
            createdAt,
            createdAt,
          ).lastInsertRowid,
        );
        if (withPhotos) addPhotos({ request: id }, 1, createdAt);
      }

      const insertCall =
        db.prepare(`INSERT INTO calls (call_sid, customer_name, phone_number, status, summary,
        duration_seconds, intent, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`);
      const insertResponse =
        db.prepare(`INSERT INTO ai_responses (channel, call_id, conversation_id, customer_message,
        ai_response, intent, response_time_ms, successful, photo_request_sent, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`);
      let callCount = 0;
      /**
       * One call; an answered one gets the turns its summary tells of, in the AI response log
       * (Call Logs shows them as its conversation), each a little after the call began.
       */
      const addCall = (
        person: { name: string; phone: string },
        status: 'completed' | 'missed' | 'busy',
        createdAt: string,
        call: DemoCall | null,
        named = true,
      ) => {
        const answered = status === 'completed' && call;
        const id = Number(
          insertCall.run(
            `CAdemo${String(callCount++).padStart(28, '0')}`,
            named ? person.name : null,
            person.phone,
            status,
            answered ? call.summary : null,
            answered ? r.int(45, 420) : status === 'missed' ? 0 : null,
            answered ? call.intent : null,
            createdAt,
            createdAt,
          ).lastInsertRowid,
        );
        if (!answered) return id;
        call.turns.forEach((turn, k) => {
          const at = Math.min(Date.parse(createdAt) + (k + 1) * 20_000, now.getTime());
          insertResponse.run(
            'phone',
            id,
            null,
            turn.caller,
            turn.assistant,
            call.intent,
            r.int(700, 2800),
            turn.successful === false ? 0 : 1,
            turn.photoRequestSent ? 1 : 0,
            new Date(at).toISOString(),
          );
        });
        return id;
      };
      // Every demo call has ended: one "in progress" would stay so forever, as nothing ends it.
      for (let i = 0; i < 30; i++) {
        const person = demoPerson(r, 60 + i);
        const status = i % 7 === 3 ? 'missed' : i === 11 ? 'busy' : 'completed';
        const createdAt =
          i === 0
            ? new Date(now.getTime() - 20 * minutes).toISOString()
            : businessInstant(r, config, r.int(0, 14), now);
        addCall(person, status, createdAt, DEMO_CALLS[i % DEMO_CALLS.length]!, r.next() < 0.85);
      }

      const insertAppointment =
        db.prepare(`INSERT INTO appointments (customer_name, customer_phone, customer_email, address,
        service_type, scheduled_date, preferred_time, status, estimate_amount_cents, notes, source, call_id, created_at, updated_at)
        VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`);
      const offsets = [-20, -14, -9, -6, -3, -2, -1, 0, 0, 1, 2, 3, 5, 7, 9, 12, 16, 21];
      offsets.forEach((offset, i) => {
        const fromPhone = i % 4 === 1;
        // A visit the phone assistant booked is the caller's (call i, person 60 + i).
        const person = demoPerson(r, fromPhone ? 60 + i : 80 + i);
        const status = offset < 0 ? (i % 5 === 2 ? 'cancelled' : 'completed') : 'scheduled';
        const serviceType = r.pick(APPOINTMENT_SERVICE_TYPES);
        const date = addDays(today, offset);
        const time = r.pick(PREFERRED_TIMES);
        // Booked a few days before the visit (and never after now), so a weekly report counts
        // each booking in the week it was made, not all of them in the week the demo was made.
        const bookedAt = businessInstant(r, config, Math.max(0, -offset) + r.int(1, 10), now);
        const callId = fromPhone
          ? addCall(
              person,
              'completed',
              bookedAt,
              demoBookingCall({
                service: appointmentServiceLabel(serviceType),
                day: new Date(`${date}T12:00:00Z`).toLocaleDateString('en-US', {
                  weekday: 'long',
                  month: 'long',
                  day: 'numeric',
                  timeZone: 'UTC',
                }),
                time,
              }),
            )
          : null;
        insertAppointment.run(
          person.name,
          person.phone,
          r.next() < 0.7 ? person.email : null,
          person.address,
          serviceType,
          date,
          time,
          status,
          status === 'completed' || r.next() < 0.3 ? r.int(10, 90) * 2500 : null,
          fromPhone
            ? 'Booked by the phone assistant.'
            : r.next() < 0.5
              ? 'Gate code 1234. Dog is friendly.'
              : null,
          fromPhone ? 'phone' : 'staff',
          callId,
          bookedAt,
          bookedAt,
        );
      });

      const insertFaq =
        db.prepare(`INSERT INTO faq_entries (question, answer, category, is_active, usage_count, created_at, updated_at)
        VALUES (?, ?, ?, ?, ?, ?, ?)`);
      DEMO_FAQ.forEach(([category, question, answer], i) =>
        insertFaq.run(question, answer, category, i === DEMO_FAQ.length - 1 ? 0 : 1, r.int(0, 40), iso, iso),
      );

      const insertConversation =
        db.prepare(`INSERT INTO messenger_conversations (facebook_user_id, first_name, last_name,
        profile_pic, status, last_message_at, created_at) VALUES (?, ?, ?, NULL, 'active', ?, ?)`);
      const insertMessage =
        db.prepare(`INSERT INTO messenger_messages (conversation_id, mid, sender, message_text,
        delivery_status, delivery_error, created_at) VALUES (?, ?, ?, ?, ?, NULL, ?)`);
      DEMO_CONVERSATIONS.forEach((c, ci) => {
        const start = now.getTime() - (ci === 0 ? 50 : 26 * 60) * minutes;
        const times = c.messages.map((_, mi) => new Date(start + mi * 4 * minutes).toISOString());
        const id = Number(
          insertConversation.run(c.facebookUserId, c.firstName, c.lastName, times.at(-1)!, times[0]!)
            .lastInsertRowid,
        );
        c.messages.forEach(([sender, text], mi) => {
          insertMessage.run(
            id,
            `m_demo_${ci}_${mi}`,
            sender,
            text,
            sender === 'customer' ? 'received' : 'sent',
            times[mi]!,
          );
          if (sender === 'assistant') {
            insertResponse.run(
              'messenger',
              null,
              id,
              c.messages[mi - 1]![1],
              text,
              c.intent,
              r.int(900, 3200),
              1,
              text.includes('photo') ? 1 : 0,
              times[mi]!,
            );
          }
        });
      });
      seedDemoQuotes(db, config, r, now);

      db.prepare('INSERT INTO settings (key, value, updated_at) VALUES (?, ?, ?)').run(
        SEEDED_KEY,
        JSON.stringify(iso),
        iso,
      );
    })();
    return true;
  } catch (error) {
    for (const id of written) {
      fs.rmSync(photoFile(config, id), { force: true });
      fs.rmSync(thumbnailFile(config, id), { force: true });
    }
    throw error;
  }
}
