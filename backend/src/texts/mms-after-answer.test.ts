import { fork } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { startFakeTwilio } from '../test/fake-twilio.ts';
import { fixturePhoto, startTestServer } from '../test/test-server.ts';
import { TEXTING_PUBLIC_URL, textingServerForTests } from '../test/texting-server.ts';
import { postAsTwilio } from '../test/twilio-signing.ts';

// Issue 38: Twilio's webhook for a customer's MMS is verified, stored and answered; its photos
// are fetched only after the answer, from the stored rows. The fake Twilio holds each attachment
// until the test has seen the webhook answered (a server that fetched first would never answer
// and the test would fail), and a server killed with SIGKILL between its answer and the fetch
// fetches the photos at its next start.

/** Tuesday 24 November 2026, 10:00 AM in California. */
const MORNING = Date.parse('2026-11-24T18:00:00Z');
const ROOT = path.resolve(import.meta.dirname, '../../..');
const photo = fs.readFileSync(fixturePhoto('pixel-gps-orientation1.jpg'));
const office = textingServerForTests({ start: MORNING });
const cleanup: (() => unknown)[] = [];
afterAll(async () => {
  for (const undo of cleanup.reverse()) await undo();
});

let serial = 0;
const sid = (prefix: string) => `${prefix}${String(++serial).padStart(32, '0')}`;
/** An attachment the fake Twilio answers for only once `release` is called. */
function heldAttachment() {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  return { held, release };
}
/** Waits for a state, however long the machine takes (the test's own timeout bounds it). */
async function until(state: () => boolean) {
  while (!state()) await new Promise((resolve) => setTimeout(resolve, 5));
}
const stripped = async (bytes: Buffer) => {
  const meta = await sharp(bytes).metadata();
  return meta.format === 'jpeg' && meta.exif === undefined;
};
const rowsOf = (db: Database.Database, messageSid: string) =>
  db
    .prepare(
      `SELECT m.media_count AS mediaCount, m.media_refused AS refused,
        (SELECT count(*) FROM texted_media_waiting w WHERE w.text_message_id = m.id) AS waiting,
        (SELECT count(*) FROM photos p WHERE p.text_message_id = m.id) AS photos
      FROM text_messages m WHERE m.message_sid = ?`,
    )
    .get(messageSid);

describe("a customer's MMS", () => {
  it('is answered before its photo is fetched, and the photo is fetched and stored afterwards', async () => {
    const phone = '+17075550831';
    const messageSid = sid('MM');
    const mediaSid = sid('ME');
    const { held, release } = heldAttachment();
    office.twilio.media.set(`/Messages/${messageSid}/Media/${mediaSid}`, {
      contentType: 'image/jpeg',
      body: photo,
      held,
    });
    const fetchesBefore = office.twilio.mediaFetches;
    const res = await office.incomingSms(
      office.smsParams({
        from: phone,
        body: 'The back deck',
        messageSid,
        media: [{ url: office.mediaUrl(messageSid, mediaSid), contentType: 'image/jpeg' }],
      }),
    );
    expect(res.status).toBe(200);
    // Answered with the text stored and its attachment named, none of it fetched yet.
    expect(office.twilio.mediaFetches).toBe(fetchesBefore);
    expect(rowsOf(office.server.db, messageSid)).toEqual({
      mediaCount: 1,
      refused: 0,
      waiting: 1,
      photos: 0,
    });
    const [waiting] = (await office.threadOf(phone)).messages as { photos: unknown[]; body: string }[];
    expect(waiting).toMatchObject({ body: 'The back deck', photos: [] });

    release();
    await office.server.settled();
    expect(office.twilio.mediaFetches).toBe(fetchesBefore + 1);
    expect(rowsOf(office.server.db, messageSid)).toEqual({
      mediaCount: 1,
      refused: 0,
      waiting: 0,
      photos: 1,
    });
    // Staff hear of the photo once it is in, and not before.
    const summaries = office.server.db
      .prepare("SELECT summary FROM events WHERE type = 'text.updated' AND summary LIKE '%photo%'")
      .pluck()
      .all();
    expect(summaries).toEqual(['A photo from +17075550831 received']);
    const [message] = (await office.threadOf(phone)).messages as { photos: { url: string }[] }[];
    const served = await office.server.get(message!.photos[0]!.url);
    expect(served.status).toBe(200);
    expect(await stripped(Buffer.from(await served.arrayBuffer()))).toBe(true);
  });

  it('killed between its answer and the fetch, the server fetches and stores the photo at its next start', async () => {
    const twilio = await startFakeTwilio();
    cleanup.push(() => twilio.close());
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'washdesk-mms-kill-'));
    cleanup.push(() => fs.rmSync(dataDir, { recursive: true, force: true }));
    const env = { ...twilio.env, PUBLIC_BASE_URL: TEXTING_PUBLIC_URL };
    const child = fork(path.join(ROOT, 'backend/src/test/photo-child-server.ts'), [], {
      cwd: ROOT,
      execArgv: ['--import', 'tsx'],
      env: {
        PATH: process.env.PATH,
        ...env,
        DATA_DIR: dataDir,
        PORT: '0',
        HOST: '127.0.0.1',
        DEMO_DATA: 'off',
        LOG_LEVEL: 'silent',
      },
      stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
    });
    cleanup.push(() => child.kill('SIGKILL'));
    let output = '';
    child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    const url = await new Promise<string>((resolve, reject) => {
      child.once('exit', (code) => reject(new Error(`the server exited (${code}):\n${output}`)));
      child.on('message', (m: { type: 'ready'; url: string }) => resolve(m.url));
    });

    const messageSid = sid('MM');
    const mediaSid = sid('ME');
    const { held, release } = heldAttachment();
    twilio.media.set(`/Messages/${messageSid}/Media/${mediaSid}`, {
      contentType: 'image/jpeg',
      body: photo,
      held,
    });
    const res = await postAsTwilio({
      serverUrl: url,
      path: '/api/twilio/incoming-sms',
      authToken: twilio.authToken,
      signedBaseUrl: TEXTING_PUBLIC_URL,
      params: {
        AccountSid: twilio.accountSid,
        MessageSid: messageSid,
        From: '+17075550832',
        To: twilio.phoneNumber,
        Body: '',
        NumMedia: '1',
        MediaUrl0: `${twilio.url}/2010-04-01/Accounts/${twilio.accountSid}/Messages/${messageSid}/Media/${mediaSid}`,
        MediaContentType0: 'image/jpeg',
      },
    });
    expect(res.status).toBe(200);
    // The server has answered and is fetching the photo (held by the fake): killed right there.
    await until(() => twilio.mediaAsked === 1);
    child.kill('SIGKILL');
    await exited;
    const file = new Database(path.join(dataDir, 'washdesk.sqlite'), { readonly: true });
    expect(rowsOf(file, messageSid)).toEqual({ mediaCount: 1, refused: 0, waiting: 1, photos: 0 });
    file.close();

    const second = await startTestServer({ dataDir, env });
    cleanup.push(() => second.stop());
    release();
    // Fetched by the start itself, nothing asking for it (settled() would fetch it too).
    await until(() => (rowsOf(second.db, messageSid) as { waiting: number }).waiting === 0);
    await second.settled();
    // Asked once by the killed server (its answer never reached it) and once by the next one.
    expect(twilio.mediaAsked).toBe(2);
    expect(rowsOf(second.db, messageSid)).toEqual({ mediaCount: 1, refused: 0, waiting: 0, photos: 1 });
    const id = second.db
      .prepare(
        "SELECT p.id FROM photos p JOIN text_messages m ON m.id = p.text_message_id WHERE m.message_sid = ? AND p.state = 'ready'",
      )
      .pluck()
      .get(messageSid) as string;
    const served = await second.get(`/api/photos/${id}`);
    expect(served.status).toBe(200);
    expect(await stripped(Buffer.from(await served.arrayBuffer()))).toBe(true);
    expect(second.errors).toEqual([]);
  });
});
