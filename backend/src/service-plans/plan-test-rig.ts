import { expect } from 'vitest';
import type { Timer } from '../backups/backup-timer.ts';
import type { TextingServer } from '../test/texting-server.ts';

// What the service plans' tests share: a season timer they fire themselves, and a customer made
// the way a real one is (they text the business; staff add the address).

export function manualTimer() {
  const pending: { run: () => void; cancelled: boolean }[] = [];
  const timer: Timer = {
    after(_ms, run) {
      const entry = { run, cancelled: false };
      pending.push(entry);
      return () => void (entry.cancelled = true);
    },
  };
  return {
    timer,
    /** Runs every pass waiting now (each schedules the next). */
    fire() {
      const due = pending.splice(0);
      for (const entry of due) if (!entry.cancelled) entry.run();
      return due.filter((e) => !e.cancelled).length;
    },
    waiting: () => pending.filter((e) => !e.cancelled).length,
  };
}

let phones = 700;
/** A customer who texted the business, with the address and e-mail staff typed: their id and phone. */
export async function textingCustomer(office: TextingServer, name = 'Dana Whitfield', email?: string) {
  const phone = `+1707555${String(++phones).padStart(4, '0')}`;
  expect((await office.customerTexts(phone, 'Hi, can you wash the house again this year?')).status).toBe(200);
  const found = (await (
    await office.server.get(`/api/customers?q=${encodeURIComponent(phone.slice(-4))}`)
  ).json()) as {
    id: number;
    phone: string | null;
  }[];
  const id = found.find((c) => c.phone === phone)!.id;
  const res = await office.server.send('PUT', `/api/customers/${id}`, {
    name,
    phone,
    email,
    address: '512 Redwood Drive, Garberville',
  });
  expect(res.status).toBe(200);
  return { id, phone };
}

export const HOUSE_AND_GUTTERS = {
  everyYears: 1,
  month: 1,
  services: [
    { service: 'house-wash', amountCents: 45_000 },
    { service: 'gutter-cleaning', amountCents: 15_050 },
  ],
  durationMinutes: 180,
};
