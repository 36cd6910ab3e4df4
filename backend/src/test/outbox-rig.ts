import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadConfig, type Config } from '../config.ts';
import { openDatabase, type Db } from '../db/database.ts';
import { twilioApi } from '../phone/twilio-client.ts';
import { photoRepository } from '../photos/photo.repository.ts';
import { businessTexts, type BusinessTexts } from '../texts/business-texts.ts';
import { textRepository } from '../texts/text.repository.ts';
import { DEFAULT_QUIET_HOURS } from '../outbox/quiet-hours.ts';
import { createOutbox, type Outbox } from '../outbox/outbox.ts';
import { outboxRepository } from '../outbox/outbox.repository.ts';
import type { FakeTwilio } from './fake-twilio.ts';
import type { FakeSmtp } from './fake-smtp.ts';

// An outbox over a real SQLite file, sending through the twilio SDK to a fake Twilio and through
// nodemailer to a fake SMTP server, on a clock the test moves. Shared by the outbox's tests and
// its benchmark.

export interface OutboxRig {
  db: Db;
  config: Config;
  outbox: Outbox;
  dataDir: string;
  /** The simulated now, in ms; tests move it. */
  now: { ms: number };
  close(): void;
}

/**
 * The business's one text sender over the rig's database (STOP read from its text threads), as
 * app.ts builds it. Every number these tests text is taken to have called the business: the
 * outbox's own tests are about sending once, not about who may be texted (texts/ tests that).
 */
export function rigTexts(
  config: Config,
  db: Db,
  clock: () => number,
  timeoutMs?: number,
): BusinessTexts | null {
  const twilio = twilioApi(config.providers.twilio, timeoutMs);
  return twilio
    ? businessTexts({
        twilio,
        texts: textRepository(db, photoRepository(db)),
        calls: { calledFrom: () => true },
        timeZone: config.timeZone,
        quietHours: () => DEFAULT_QUIET_HOURS,
        clock,
      })
    : null;
}

export function outboxRig(options: {
  twilio?: FakeTwilio;
  smtp?: FakeSmtp;
  start: Date;
  dataDir?: string;
  /** The twilio client's request timeout (a hung fake gives up after it). */
  twilioTimeoutMs?: number;
}): OutboxRig {
  const dataDir = options.dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'washdesk-outbox-'));
  const config = loadConfig({
    DATA_DIR: dataDir,
    DEMO_DATA: 'off',
    LOG_LEVEL: 'silent',
    ...(options.twilio?.env ?? {}),
    ...(options.smtp
      ? { SMTP_URL: options.smtp.url, QUOTE_FROM_EMAIL: 'office@lostcoast-softwash.example' }
      : {}),
  });
  const db = openDatabase(config.databaseFile, config.migrationsDir);
  const now = { ms: options.start.getTime() };
  const outbox = createOutbox({
    repository: outboxRepository(db),
    config,
    texts: rigTexts(config, db, () => now.ms, options.twilioTimeoutMs),
    statusCallbackUrl: () => 'https://office.example.com/api/twilio/message-status',
    clock: () => now.ms,
  });
  return {
    db,
    config,
    outbox,
    dataDir,
    now,
    close() {
      db.close();
      if (!options.dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
