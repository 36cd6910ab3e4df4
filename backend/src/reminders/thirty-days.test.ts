import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PREFERRED_TIMES } from '@washdesk/contract';
import type { FakeTwilio } from '../test/fake-twilio.ts';
import { bookVisit, cancelVisit, hourOf, missCall, moveVisit, seededRandom } from '../test/busy-month.ts';
import type { TestServer } from '../test/test-server.ts';
import { startTextingServer, TEXTING_PUBLIC_URL, type TextingServer } from '../test/texting-server.ts';
import { addDays, instantOfLocalTime, localDate, wallClockParts } from '../time.ts';

// Thirty simulated days of a busy office on the injected clock, minute by minute, through the real
// server: customers text in, visits are booked, moved and cancelled through the API, callers are
// missed, some numbers reply STOP, and the outbox's passes send to a fake Twilio. The test keeps
// its own account of what should go out and when (an oracle written from the rules, not from the
// code) and compares: every due reminder and text-back once, within its minute (or at 8 AM when
// due in quiet hours), each booking's confirmation, none to an opted-out number, none in quiet hours, none after the event that
// cancels it. The days cross the end of daylight saving time (1 November 2026).

const TZ = 'America/Los_Angeles';
/** Tuesday 20 October 2026, midnight in California. */
const START = Date.parse('2026-10-20T07:00:00Z');
const MINUTE = 60_000;
const DAYS = 30;
const OFFSETS_H = [48, 2];

const kindOf = (body: string) =>
  body.includes('missed your call') ? 'missed-call' : body.includes(' is booked for ') ? 'confirmation' : 'reminder';
const quiet = (ms: number) => {
  const { hour } = wallClockParts(ms, TZ);
  return hour >= 20 || hour < 8;
};
/** When a message due at `ms` may go: then, or 8 AM after quiet hours. */
const allowed = (ms: number) => {
  if (!quiet(ms)) return ms;
  const { hour } = wallClockParts(ms, TZ);
  const today = localDate(new Date(ms), TZ);
  return instantOfLocalTime(hour >= 20 ? addDays(today, 1) : today, 8, 0, TZ).getTime();
};

type Action = { at: number; run: () => Promise<void> };
interface Version {
  start: number | null;
  from: number;
}

let office: TextingServer;
let server: TestServer;
let twilio: FakeTwilio;
beforeAll(async () => {
  office = await startTextingServer({ start: START, env: { BUSINESS_TIMEZONE: TZ } });
  ({ server, twilio } = office);
});
afterAll(() => office.stop());

describe('thirty days of follow-through', () => {
  it('sends every due message once, in its minute, to nobody who opted out, never at night, never after its cancellation', async () => {
    const rand = seededRandom(25);
    const pick = <T>(list: readonly T[]) => list[Math.floor(rand() * list.length)]!;
    const customers = Array.from({ length: 40 }, (_, i) => `+1707555${String(2000 + i)}`);
    const actions: Action[] = [];
    /** Each appointment's versions: its visit's start from a minute on (null: cancelled). */
    const visits = new Map<number, Version[]>();
    const phoneOfVisit = new Map<number, string>();
    const optedOutAt = new Map<string, number>();
    const calls: { phone: string; at: number }[] = [];

    const text = (from: string, body: string) =>
      office.customerTexts(from, body).then((res) => expect(res.status).toBe(200));

    // Minute 0: every customer texts in (the number may be texted automatically from then on).
    for (const phone of customers)
      actions.push({ at: START, run: () => text(phone, 'Hi, do you wash houses?') });
    // Bookings through the API, each some hours to days ahead; some later moved or cancelled.
    for (let i = 0; i < 120; i++) {
      const phone = pick(customers);
      const bookedAt = START + Math.floor(rand() * (DAYS - 4) * 1440) * MINUTE;
      const date = addDays(localDate(new Date(bookedAt), TZ), 1 + Math.floor(rand() * 4));
      const time = pick(PREFERRED_TIMES);
      const fate = rand();
      actions.push({
        at: bookedAt,
        run: async () => {
          const id = await bookVisit(server, phone, date, time);
          const start = instantOfLocalTime(date, hourOf(time), 0, TZ).getTime();
          visits.set(id, [{ start, from: office.now.ms }]);
          phoneOfVisit.set(id, phone);
          // Some minute after the booking and before the visit.
          const changeAt = bookedAt + (1 + Math.floor(rand() * ((start - bookedAt) / MINUTE - 1))) * MINUTE;
          if (fate < 0.2) {
            later({
              at: changeAt,
              run: async () => {
                await cancelVisit(server, id);
                visits.get(id)!.push({ start: null, from: office.now.ms });
              },
            });
          } else if (fate < 0.4) {
            const newDate = addDays(date, 1 + Math.floor(rand() * 3));
            const newTime = pick(PREFERRED_TIMES);
            later({
              at: changeAt,
              run: async () => {
                await moveVisit(server, id, newDate, newTime);
                visits.get(id)!.push({
                  start: instantOfLocalTime(newDate, hourOf(newTime), 0, TZ).getTime(),
                  from: office.now.ms,
                });
              },
            });
          }
        },
      });
    }
    // Missed calls at any hour, some numbers more than once a day.
    for (let i = 0; i < 50; i++) {
      const phone = pick(customers);
      const at = START + Math.floor(rand() * DAYS * 1440) * MINUTE;
      actions.push({
        at,
        run: async () => {
          await missCall(server.url, phone, {
            authToken: twilio.authToken,
            publicBaseUrl: TEXTING_PUBLIC_URL,
          });
          calls.push({ phone, at: office.now.ms });
        },
      });
    }
    // Six customers reply STOP at some point.
    for (const phone of customers.slice(0, 6)) {
      const at = START + Math.floor((0.1 + rand() * 0.8) * DAYS * 1440) * MINUTE;
      actions.push({
        at,
        run: async () => {
          await text(phone, 'STOP');
          optedOutAt.set(phone, office.now.ms);
        },
      });
    }

    const pending = [...actions];
    function later(action: Action) {
      pending.push(action);
    }
    // This test's loop makes every pass, each after the minute's events (the outbox's timer is off).
    const outbox = office.outbox;
    const sentAt = new Map<string, number>();
    for (let minute = 0; minute < DAYS * 1440; minute++) {
      office.now.ms = START + minute * MINUTE;
      const due = pending.filter((a) => a.at === office.now.ms);
      for (const a of due) await a.run();
      if (due.length) pending.splice(0, pending.length, ...pending.filter((a) => a.at !== office.now.ms));
      await outbox.scheduler.pass();
      for (const t of twilio.texts) if (!sentAt.has(t.sid)) sentAt.set(t.sid, office.now.ms);
    }

    // The oracle: what the rules say should have gone, and in which minute.
    const expected: string[] = [];
    const stillTextable = (phone: string, at: number) =>
      !(optedOutAt.has(phone) && optedOutAt.get(phone)! <= at);
    for (const [id, versions] of visits) {
      const phone = phoneOfVisit.get(id)!;
      versions.forEach((v, i) => {
        if (v.start === null) return;
        const until = versions[i + 1]?.from ?? Infinity;
        for (const h of OFFSETS_H) {
          const due = v.start - h * 3_600_000;
          if (due <= v.from) continue;
          const at = allowed(due);
          if (at < until && at < v.start && at < START + DAYS * 1440 * MINUTE && stillTextable(phone, at))
            expected.push(`${new Date(at).toISOString()} ${phone} reminder`);
        }
      });
    }
    // Each booking's confirmation: at once (or at 8 AM), if the visit as it stands then still does.
    for (const [id, versions] of visits) {
      const phone = phoneOfVisit.get(id)!;
      const at = allowed(versions[0]!.from);
      const then = versions.filter((v) => v.from <= at).at(-1)!;
      if (then.start !== null && at < then.start && at < START + DAYS * 1440 * MINUTE && stillTextable(phone, at))
        expected.push(`${new Date(at).toISOString()} ${phone} confirmation`);
    }
    const textedBack = new Set<string>();
    for (const c of [...calls].sort((a, b) => a.at - b.at)) {
      // One a day, counted on the day it reaches the phone (a late call's text goes next morning).
      const at = allowed(c.at);
      const key = `${c.phone} ${localDate(new Date(at), TZ)}`;
      if (textedBack.has(key)) continue;
      textedBack.add(key);
      if (at < START + DAYS * 1440 * MINUTE && stillTextable(c.phone, at))
        expected.push(`${new Date(at).toISOString()} ${c.phone} missed-call`);
    }

    const actual = twilio.texts.map(
      (t) =>
        `${new Date(sentAt.get(t.sid)!).toISOString()} ${t.to} ${kindOf(t.body)}`,
    );
    expect(actual.length).toBeGreaterThan(150);
    expect([...actual].sort()).toEqual([...expected].sort());
    // Spelled out, though the comparison above implies them:
    expect(new Set(twilio.texts.map((t) => t.sid)).size).toBe(twilio.texts.length);
    for (const t of twilio.texts) {
      expect(quiet(sentAt.get(t.sid)!), `${t.to} at night`).toBe(false);
      expect(stillTextable(t.to, sentAt.get(t.sid)!), `${t.to} after STOP`).toBe(true);
      expect(t.body.startsWith('Lost Coast Soft Wash: ')).toBe(true);
    }
    expect(server.errors).toEqual([]);
    // 43,200 passes: the time it takes is the machine's, not the product's (no test may hang on speed).
  }, 300_000);
});
