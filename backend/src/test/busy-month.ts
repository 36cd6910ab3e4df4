import { expect } from 'vitest';
import { phoneCaller } from './phone-caller.ts';
import type { Client } from './test-server.ts';

// What both thirty-day runs do to the office (reminders/thirty-days.test.ts, checked against the
// rules, and thirty-days-kill.test.ts, across a kill): the same draws, and visits booked, moved
// and cancelled and callers missed as staff and Twilio would do it.

/** A small seeded generator, so a month's schedule is the same on every run. */
export function seededRandom(seed: number) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** The hour a preferred time starts at, 0–23 ('2:00 PM' is 14). */
export const hourOf = (time: string) => {
  const [h, rest] = time.split(':');
  return (Number(h) % 12) + (rest!.endsWith('PM') ? 12 : 0);
};

/** Staff book a visit for `phone`; resolves with its id. */
export async function bookVisit(staff: Client, phone: string, date: string, time: string) {
  const res = await staff.send('POST', '/api/appointments/create', {
    customerName: `Customer ${phone.slice(-4)}`,
    customerPhone: phone,
    address: '512 Redwood Drive, Garberville',
    serviceType: 'house-wash',
    preferredDate: date,
    preferredTime: time,
    allowOverlap: true,
  });
  expect(res.status).toBe(201);
  return ((await res.json()) as { id: number }).id;
}

/** Staff cancel the visit (rain). */
export async function cancelVisit(staff: Client, id: number) {
  const res = await staff.send('PUT', `/api/appointments/${id}`, {
    status: 'cancelled',
    cancelReason: 'Rain',
  });
  expect(res.status).toBe(200);
}

/** Staff move the visit to another day and time. */
export async function moveVisit(staff: Client, id: number, date: string, time: string) {
  const res = await staff.send('PUT', `/api/appointments/${id}`, {
    scheduledDate: date,
    preferredTime: time,
    allowOverlap: true,
  });
  expect(res.status).toBe(200);
}

/** Twilio reports a call from `phone` that nobody answered. */
export async function missCall(
  serverUrl: string,
  phone: string,
  line: { authToken: string; publicBaseUrl: string },
) {
  const res = await phoneCaller(serverUrl, phone, line).status('no-answer', { sequence: 1 });
  expect(res.status).toBe(204);
}
