import { fork, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { PREFERRED_TIMES } from '@washdesk/contract';
import { startFakeTwilio, type FakeTwilio } from '../test/fake-twilio.ts';
import { bookVisit, cancelVisit, hourOf, missCall, moveVisit, seededRandom } from '../test/busy-month.ts';
import { clientOf, signIn, TEST_PASSWORD, type Client } from '../test/test-server.ts';
import { postAsTwilio } from '../test/twilio-signing.ts';
import { addDays, instantOfLocalTime, localDate } from '../time.ts';

// Thirty simulated days of a busy office, twice, each through the real server in a child process
// on a real database file (backend/src/test/clocked-child-server.ts): once straight through, and
// once with the server killed with SIGKILL in the middle of an outbox pass (day 15, 8 AM, when the
// night's held text-backs go, some already taken by Twilio with the answer never recorded), then
// started again on the same file. The killed run must send exactly what the straight run sent, in
// the same ten minutes: nothing lost, nothing sent twice. (thirty-days.test.ts checks the straight
// run itself against the rules, minute by minute.)

const TZ = 'America/Los_Angeles';
/** Tuesday 20 October 2026, midnight in California. */
const START = Date.parse('2026-10-20T07:00:00Z');
const STEP = 10 * 60_000;
const DAYS = 30;
const STEPS = (DAYS * 1440 * 60_000) / STEP;
const OWNER = 'kill-test-owner@example.com';
const PUBLIC_URL = 'https://washdesk.example.com';
const ROOT = path.resolve(import.meta.dirname, '../../..');
/** Day 15 of the run, 8:00 AM in California: quiet hours end and the night's text-backs go. */
const KILL_AT = instantOfLocalTime(addDays(localDate(new Date(START), TZ), 15), 8, 0, TZ).getTime();

interface Office {
  process: ChildProcess;
  url: string;
  /** Moves the child's clock and waits for its passes. */
  at(ms: number): Promise<void>;
  /** Moves the clock and starts the passes without waiting for them. */
  startPassAt(ms: number): void;
  kill(): Promise<void>;
}

const cleanup: (() => unknown)[] = [];
afterAll(async () => {
  for (const undo of cleanup.reverse()) await undo();
});

/** The real server in a child process on `dataDir`, its clock at `ms`; resolves once it listens. */
function startOffice(dataDir: string, twilio: FakeTwilio, ms: number): Promise<Office> {
  const child = fork(path.join(ROOT, 'backend/src/test/clocked-child-server.ts'), [], {
    cwd: ROOT,
    execArgv: ['--import', 'tsx'],
    env: {
      PATH: process.env.PATH,
      ...twilio.env,
      DATA_DIR: dataDir,
      BACKUP_DIR: path.join(dataDir, 'backups'),
      PORT: '0',
      HOST: '127.0.0.1',
      DEMO_DATA: 'off',
      LOG_LEVEL: 'silent',
      RATE_LIMIT_PER_MINUTE: '1000',
      PUBLIC_BASE_URL: PUBLIC_URL,
      BUSINESS_NAME: 'Lost Coast Soft Wash',
      BUSINESS_PHONE: '(707) 555-0142',
      BUSINESS_TIMEZONE: TZ,
      OWNER_EMAIL: OWNER,
      OWNER_PASSWORD: TEST_PASSWORD,
      WASHDESK_CHILD_CLOCK_MS: String(ms),
    },
    stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
  });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  let seq = 0;
  const waiting = new Map<number, () => void>();
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  cleanup.push(() => child.kill('SIGKILL'));
  return new Promise((resolve, reject) => {
    child.once('exit', (code) =>
      reject(new Error(`the server exited (${code}) before listening:\n${output}`)),
    );
    child.on('message', (m: { type: 'ready'; url: string } | { type: 'passed'; seq: number }) => {
      if (m.type === 'passed') return waiting.get(m.seq)?.();
      const send = (target: number) => {
        const id = ++seq;
        child.send({ type: 'at', ms: target, seq: id });
        return new Promise<void>((done) => waiting.set(id, done));
      };
      resolve({
        process: child,
        url: m.url,
        at: (target) => send(target),
        startPassAt: (target) => void send(target),
        kill: () => {
          child.kill('SIGKILL');
          return exited;
        },
      });
    });
  });
}

type Action = { at: number; run: (staff: Client, url: string, twilio: FakeTwilio) => Promise<void> };

/** A busy month, the same on every call: texts in, bookings moved and cancelled, missed calls, STOPs. */
function busyMonth() {
  const rand = seededRandom(2025);
  const pick = <T>(list: readonly T[]) => list[Math.floor(rand() * list.length)]!;
  const customers = Array.from({ length: 24 }, (_, i) => `+1707556${String(3000 + i)}`);
  const actions: Action[] = [];
  const stepOf = (ms: number) => START + Math.floor((ms - START) / STEP) * STEP;
  let sids = 0;
  const text = (from: string, body: string) => async (_staff: Client, url: string, twilio: FakeTwilio) => {
    const res = await postAsTwilio({
      serverUrl: url,
      path: '/api/twilio/incoming-sms',
      params: {
        AccountSid: twilio.accountSid,
        MessageSid: `SM${String(++sids).padStart(32, '0')}`,
        From: from,
        To: twilio.phoneNumber,
        Body: body,
        NumMedia: '0',
      },
      authToken: twilio.authToken,
      signedBaseUrl: PUBLIC_URL,
    });
    expect(res.status).toBe(200);
  };
  const missedCall = (phone: string) => (_staff: Client, url: string, twilio: FakeTwilio) =>
    missCall(url, phone, { authToken: twilio.authToken, publicBaseUrl: PUBLIC_URL });
  for (const phone of customers) actions.push({ at: START, run: text(phone, 'Hi, do you wash houses?') });
  for (let i = 0; i < 70; i++) {
    const phone = pick(customers);
    const bookedAt = stepOf(START + rand() * (DAYS - 4) * 86_400_000);
    const date = addDays(localDate(new Date(bookedAt), TZ), 1 + Math.floor(rand() * 4));
    const time = pick(PREFERRED_TIMES);
    const fate = rand();
    const start = instantOfLocalTime(date, hourOf(time), 0, TZ).getTime();
    const changeAt = stepOf(bookedAt + STEP + rand() * (start - bookedAt - 2 * STEP));
    const newDate = addDays(date, 1 + Math.floor(rand() * 3));
    const newTime = pick(PREFERRED_TIMES);
    let id = 0;
    actions.push({
      at: bookedAt,
      run: async (staff) => {
        id = await bookVisit(staff, phone, date, time);
      },
    });
    if (fate < 0.2) actions.push({ at: changeAt, run: (staff) => cancelVisit(staff, id) });
    else if (fate < 0.4)
      actions.push({ at: changeAt, run: (staff) => moveVisit(staff, id, newDate, newTime) });
  }
  for (let i = 0; i < 40; i++)
    actions.push({ at: stepOf(START + rand() * DAYS * 86_400_000), run: missedCall(pick(customers)) });
  // The night before the kill: callers missed after 8 PM, whose text-backs wait for 8 AM.
  for (let i = 0; i < 8; i++)
    actions.push({ at: KILL_AT - 10 * 3_600_000 - i * STEP, run: missedCall(customers[10 + i]!) });
  for (const phone of customers.slice(0, 3))
    actions.push({ at: stepOf(START + (0.1 + rand() * 0.8) * DAYS * 86_400_000), run: text(phone, 'STOP') });
  return actions;
}

/** One month through a child server; with `killAt`, the server is killed mid-pass then and restarted. */
async function month(killAt?: number) {
  const twilio = await startFakeTwilio();
  cleanup.push(() => twilio.close());
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'washdesk-thirty-days-kill-'));
  cleanup.push(() => fs.rmSync(dataDir, { recursive: true, force: true }));
  let office = await startOffice(dataDir, twilio, START);
  const staff = clientOf(office.url, await signIn(office.url, OWNER));
  const byStep = new Map<number, Action[]>();
  for (const a of busyMonth()) byStep.set(a.at, [...(byStep.get(a.at) ?? []), a]);
  const sentAt = new Map<string, number>();
  let midSend = 0;
  for (let step = 0; step < STEPS; step++) {
    const ms = START + step * STEP;
    for (const a of byStep.get(ms) ?? []) await a.run(staff, office.url, twilio);
    if (ms === killAt) {
      // Twilio takes each text and never answers: the pass is mid-send when the server dies.
      twilio.answer = 'record-then-hang';
      const before = twilio.texts.length;
      office.startPassAt(ms);
      await expect.poll(() => twilio.texts.length, { timeout: 30_000 }).toBeGreaterThan(before);
      await office.kill();
      const db = new Database(path.join(dataDir, 'washdesk.sqlite'), { readonly: true });
      midSend = (
        db.prepare("SELECT COUNT(*) AS n FROM outbox_messages WHERE state = 'sending'").get() as { n: number }
      ).n;
      db.close();
      twilio.answer = 'accept';
      office = await startOffice(dataDir, twilio, ms);
      // The same staff member, on the new process's address.
      Object.assign(staff, clientOf(office.url, await signIn(office.url, OWNER)));
    }
    await office.at(ms);
    for (const t of twilio.texts) if (!sentAt.has(t.sid)) sentAt.set(t.sid, ms);
  }
  const db = new Database(path.join(dataDir, 'washdesk.sqlite'), { readonly: true });
  const rows = db.prepare("SELECT state, provider_id FROM outbox_messages WHERE channel = 'text'").all() as {
    state: string;
    provider_id: string | null;
  }[];
  db.close();
  await office.kill();
  const sent = twilio.texts.map(
    (t) =>
      `${new Date(sentAt.get(t.sid)!).toISOString()} ${t.to} ${t.body.replace(/https?:\/\/\S+/g, '<link>')}`,
  );
  return { sent, sids: twilio.texts.map((t) => t.sid), rows, midSend };
}

describe('thirty days of follow-through across a kill -9', () => {
  it('sends exactly what a run without the crash sends, in the same ten minutes: nothing lost, nothing twice', async () => {
    const straight = await month();
    const killed = await month(KILL_AT);
    expect(straight.sent.length).toBeGreaterThan(100);
    // The kill came mid-send: rows Twilio had taken were still 'sending' in the database.
    expect(killed.midSend).toBeGreaterThan(0);
    expect([...killed.sent].sort()).toEqual([...straight.sent].sort());
    // Each text Twilio took is one row, holding its SID; no row is left mid-send.
    const recorded = killed.rows.filter((r) => r.state === 'sent').map((r) => r.provider_id);
    expect([...recorded].sort()).toEqual([...killed.sids].sort());
    expect(killed.rows.filter((r) => r.state === 'sending')).toEqual([]);
  }, 600_000);
});
