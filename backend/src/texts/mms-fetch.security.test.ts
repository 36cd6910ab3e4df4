import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixturePhoto } from '../test/test-server.ts';
import { textingServerForTests } from '../test/texting-server.ts';

// The server FETCHES what an incoming MMS names (text-photos.ts). Attacked here beyond what
// text-photos.test.ts covers: Twilio's media address redirecting to another host (its media store)
// must not take the account's credentials along; a body that is small on the wire but huge once
// decompressed (Content-Encoding: gzip, which fetch undoes) is cut at a photo's size, not read whole.

/** Tuesday 24 November 2026, 10:00 AM in California. */
const MORNING = Date.parse('2026-11-24T18:00:00Z');
const office = textingServerForTests({ start: MORNING });
/** Another host: what it was asked, with which Authorization. */
let store: http.Server;
const storeAsked: (string | undefined)[] = [];
const photo = fs.readFileSync(fixturePhoto('pixel-gps-orientation1.jpg'));
beforeAll(async () => {
  store = http.createServer((req, res) => {
    storeAsked.push(req.headers.authorization);
    res.writeHead(200, { 'Content-Type': 'image/jpeg', 'Content-Length': photo.length }).end(photo);
  });
  await new Promise<void>((resolve) => store.listen(0, '127.0.0.1', resolve));
});
afterAll(() => new Promise((resolve) => store.close(resolve)));

let serial = 0;
const sid = (prefix: string) => `${prefix}${String(++serial).padStart(32, '0')}`;
/** Puts an attachment on the fake Twilio and posts the signed MMS that names it. */
async function mmsWith(
  phone: string,
  media: { body: Buffer; status?: number; headers?: Record<string, string> },
) {
  const messageSid = sid('MM');
  const mediaSid = sid('ME');
  office.twilio.media.set(`/Messages/${messageSid}/Media/${mediaSid}`, {
    contentType: 'image/jpeg',
    ...media,
  });
  const res = await office.incomingSms(
    office.smsParams({
      from: phone,
      body: '',
      messageSid,
      media: [{ url: office.mediaUrl(messageSid, mediaSid), contentType: 'image/jpeg' }],
    }),
  );
  expect(res.status).toBe(200);
  await office.server.settled();
  return office.server.db
    .prepare(
      'SELECT media_refused AS refused, (SELECT count(*) FROM photos) AS photos FROM text_messages WHERE message_sid = ?',
    )
    .get(messageSid) as { refused: number; photos: number };
}

describe('fetching a texted photo', () => {
  it('follows Twilio to its media store without the account’s credentials', async () => {
    const before = office.server.count('photos');
    const stored = await mmsWith('+17075550811', {
      body: Buffer.alloc(0),
      status: 307,
      headers: { Location: `http://localhost:${(store.address() as AddressInfo).port}/media/photo.jpg` },
    });
    expect(storeAsked).toEqual([undefined]);
    expect(stored).toEqual({ refused: 0, photos: before + 1 });
  });

  it('cuts a decompression bomb at a photo’s size and keeps nothing', async () => {
    const before = office.server.count('photos');
    // A real photo trailed by 64 MB of zeros (kept whole, it would decode): about 64 KB on the wire.
    const bomb = zlib.gzipSync(Buffer.concat([photo, Buffer.alloc(64 * 1024 * 1024)]));
    expect(bomb.length).toBeLessThan(1024 * 1024);
    const stored = await mmsWith('+17075550812', { body: bomb, headers: { 'Content-Encoding': 'gzip' } });
    expect(stored).toEqual({ refused: 1, photos: before });
  });
});
