import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Database from 'better-sqlite3';
import { startFakeTwilio, type FakeTwilio } from '../test/fake-twilio.ts';
import { outboxRig } from '../test/outbox-rig.ts';

// A kill -9 of the real server (`backend/src/server.ts`, in a child process) while its outbox is
// sending, some of its texts taken by Twilio with the answer never recorded, then a restart on the
// same data folder: every message reaches Twilio once, none is lost.

const ROOT = path.resolve(import.meta.dirname, '../../..');
const MESSAGES = 240;

let twilio: FakeTwilio;
let dataDir: string;
beforeAll(async () => {
  twilio = await startFakeTwilio();
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'washdesk-outbox-crash-'));
});
afterAll(async () => {
  await twilio.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

/** The server as `npm start` runs it; resolves once it listens. */
function startServerProcess(): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'backend/src/server.ts'], {
    cwd: ROOT,
    env: {
      PATH: process.env.PATH,
      ...twilio.env,
      DATA_DIR: dataDir,
      PORT: '0',
      HOST: '127.0.0.1',
      DEMO_DATA: 'off',
      LOG_LEVEL: 'silent',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  return new Promise((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      if (out.includes('Washdesk is running on')) resolve(child);
    });
    child.stderr!.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.once('exit', (code) => reject(new Error(`server exited (${code}) before listening:\n${out}`)));
  });
}

const killed = (child: ChildProcess) =>
  new Promise<void>((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGKILL');
  });

describe('the outbox across a kill -9', () => {
  it('loses and duplicates nothing', async () => {
    // Queued before the server starts, as a busy day's decisions would be; typed by staff, so the
    // wall clock's quiet hours do not hold any back during the test.
    const seed = outboxRig({ twilio, start: new Date(), dataDir });
    const bodies: string[] = [];
    for (let i = 0; i < MESSAGES; i++) {
      const body = `Lost Coast Soft Wash: message ${i}`;
      bodies.push(body);
      seed.outbox.repository.enqueue(
        {
          idempotencyKey: `crash-${i}`,
          channel: 'text',
          recipient: `+1707555${String(1000 + (i % 40)).padStart(4, '0')}`,
          template: 'test',
          body,
          automatic: false,
          dueAt: new Date(Date.now() - 60_000),
        },
        Date.now(),
      );
    }
    seed.close();

    const first = await startServerProcess();
    // Part way through, Twilio starts taking texts without answering: those rows are mid-send
    // (Twilio has them, the database does not know) when the server dies.
    await expect.poll(() => twilio.texts.length, { timeout: 20_000 }).toBeGreaterThanOrEqual(MESSAGES / 3);
    twilio.answer = 'record-then-hang';
    const takenBeforeHang = twilio.texts.length;
    await expect.poll(() => twilio.texts.length, { timeout: 20_000 }).toBeGreaterThan(takenBeforeHang);
    await killed(first);

    const db = new Database(path.join(dataDir, 'washdesk.sqlite'), { readonly: true });
    const states = () =>
      Object.fromEntries(
        (
          db.prepare('SELECT state, COUNT(*) AS n FROM outbox_messages GROUP BY state').all() as {
            state: string;
            n: number;
          }[]
        ).map((r) => [r.state, r.n]),
      );
    expect(states().sending).toBeGreaterThan(0);
    expect(states().pending).toBeGreaterThan(0);

    twilio.answer = 'accept';
    const second = await startServerProcess();
    try {
      await expect.poll(() => states(), { timeout: 30_000 }).toEqual({ sent: MESSAGES });
    } finally {
      await killed(second);
    }
    // Each message reached Twilio exactly once, and each row holds the SID Twilio gave it.
    expect(twilio.texts.map((t) => t.body).sort()).toEqual([...bodies].sort());
    const rows = db.prepare('SELECT body, provider_id FROM outbox_messages').all() as {
      body: string;
      provider_id: string;
    }[];
    const sidOf = new Map(twilio.texts.map((t) => [t.body, t.sid]));
    for (const row of rows) expect(row.provider_id).toBe(sidOf.get(row.body));
    db.close();
  });
});
