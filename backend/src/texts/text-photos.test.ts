import fs from 'node:fs';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { fixturePhoto } from '../test/test-server.ts';
import { textingServerForTests } from '../test/texting-server.ts';

// Photos a customer texts (MMS), through the real server: Twilio's signed webhook names each
// attachment, the backend fetches it after answering with the account's credentials from a fake
// Twilio on 127.0.0.1, re-encodes it like an uploaded photo (no GPS, no camera data) and shows it
// on the thread; anything not an image, too large, or not on this account's media address is not kept
// (and never fetched with the credentials), and a repeated webhook fetches and stores nothing twice.

/** Tuesday 24 November 2026, 10:00 AM in California. */
const MORNING = Date.parse('2026-11-24T18:00:00Z');
const office = textingServerForTests({ start: MORNING });

let serial = 0;
const sid = (prefix: string) => `${prefix}${String(++serial).padStart(32, '0')}`;
/** Puts an attachment on the fake Twilio and gives its MediaUrl. */
const attach = (messageSid: string, contentType: string, body: Buffer) => {
  const mediaSid = sid('ME');
  office.twilio.media.set(`/Messages/${messageSid}/Media/${mediaSid}`, { contentType, body });
  return office.mediaUrl(messageSid, mediaSid);
};
const mms = (params: Record<string, string>, sentParams?: Record<string, string>) =>
  office.incomingSms(params, sentParams);
const threadOf = (
  phone: string,
): Promise<{
  messages: {
    body: string;
    mediaCount: number;
    mediaRefused: number;
    photos: { id: string; url: string; thumbnailUrl: string }[];
  }[];
}> => office.threadOf(phone);

describe('photos texted to the business (MMS)', () => {
  it('stores each image re-encoded without metadata, refuses the rest, and shows them on the thread', async () => {
    const phone = '+17075550801';
    const messageSid = sid('MM');
    const photo = fs.readFileSync(fixturePhoto('pixel-gps-orientation1.jpg'));
    expect((await sharp(photo).metadata()).exif).toBeDefined();
    const params = office.smsParams({
      from: phone,
      body: 'Here is the north side',
      messageSid,
      media: [
        { url: attach(messageSid, 'image/jpeg', photo), contentType: 'image/jpeg' },
        // Said to be a JPEG, but is not one.
        {
          url: attach(messageSid, 'image/jpeg', Buffer.from('not really a picture')),
          contentType: 'image/jpeg',
        },
        // A contact card: not an image, not fetched.
        { url: attach(messageSid, 'text/vcard', Buffer.from('BEGIN:VCARD')), contentType: 'text/vcard' },
        // Larger than an uploaded photo may be (10 MB).
        {
          url: attach(messageSid, 'image/jpeg', Buffer.concat([photo, Buffer.alloc(10 * 1024 * 1024)])),
          contentType: 'image/jpeg',
        },
        // Not this account's media address: the credentials are never sent there.
        {
          url: `http://127.0.0.1:9/2010-04-01/Accounts/${office.twilio.accountSid}/Messages/${messageSid}/Media/${sid('ME')}`,
          contentType: 'image/jpeg',
        },
      ],
    });
    const fetchesBefore = office.twilio.mediaFetches;
    const res = await mms(params);
    expect(res.status).toBe(200);
    // Fetched after the answer (mms-after-answer.test.ts): wait until that is done.
    await office.server.settled();
    // The image, the false JPEG and the large one were fetched; the card and the stranger were not.
    expect(office.twilio.mediaFetches - fetchesBefore).toBe(3);

    const [message] = (await threadOf(phone)).messages;
    expect(message).toMatchObject({ body: 'Here is the north side', mediaCount: 5, mediaRefused: 4 });
    expect(message!.photos).toHaveLength(1);
    const stored = await office.server.get(message!.photos[0]!.url);
    expect(stored.status).toBe(200);
    const bytes = Buffer.from(await stored.arrayBuffer());
    const meta = await sharp(bytes).metadata();
    expect(meta.format).toBe('jpeg');
    expect(meta.exif).toBeUndefined();
    expect((await office.server.get(message!.photos[0]!.thumbnailUrl)).status).toBe(200);
    // The photo is on the customer's timeline, with the thread.
    const [customer] = (await (
      await office.server.get(`/api/customers?q=${encodeURIComponent('707-555-0801')}`)
    ).json()) as {
      id: number;
    }[];
    const timeline = (await (await office.server.get(`/api/customers/${customer!.id}/timeline`)).json()) as {
      kind: string;
      photos: { id: string }[];
    }[];
    expect(timeline.find((i) => i.kind === 'text')!.photos.map((p) => p.id)).toEqual([
      message!.photos[0]!.id,
    ]);

    // Twilio repeats the webhook: nothing is fetched or stored again.
    const fetches = office.twilio.mediaFetches;
    expect((await mms(params)).status).toBe(200);
    await office.server.settled();
    expect(office.twilio.mediaFetches).toBe(fetches);
    expect((await threadOf(phone)).messages).toHaveLength(1);
    expect(office.server.count('photos')).toBe(1);
  });

  it('refuses an attachment address changed on the way (the signature covers it) and too many attachments', async () => {
    const phone = '+17075550802';
    const messageSid = sid('MM');
    const params = office.smsParams({
      from: phone,
      body: '',
      messageSid,
      media: [
        {
          url: attach(messageSid, 'image/jpeg', fs.readFileSync(fixturePhoto('pixel-gps-orientation1.jpg'))),
          contentType: 'image/jpeg',
        },
      ],
    });
    const forged = await mms(params, { ...params, MediaUrl0: office.mediaUrl(messageSid, sid('ME')) });
    expect(forged.status).toBe(403);
    const tooMany = { ...params, MessageSid: sid('MM'), NumMedia: '11' };
    expect((await mms(tooMany)).status).toBe(400);
    expect((await mms({ ...params, MessageSid: sid('MM'), NumMedia: 'two' })).status).toBe(400);
    const threads = (await (await office.server.send('GET', '/api/texts/threads')).json()) as {
      phone: string;
    }[];
    expect(threads.map((t) => t.phone)).not.toContain(phone);
  });
});
