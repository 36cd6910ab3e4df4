import { describe, expect, it } from 'vitest';
import { saveAiSettings } from '../test/ai-settings.ts';
import { capturedLog } from '../test/captured-log.ts';
import { textingServerForTests } from '../test/texting-server.ts';

// What a customer texts is theirs: after a text with a refused attachment, the assistant's answer
// and its sending, the server's log (every level) holds no word of it, no number, no attachment
// address (the account's SID) and no credential.

/** Tuesday 24 November 2026, 10:00 AM in California. */
const MORNING = Date.parse('2026-11-24T18:00:00Z');
const { lines, logger } = capturedLog('debug');
const office = textingServerForTests({ start: MORNING, logger });

describe('the log after a customer’s text', () => {
  it('holds nothing the customer sent, nor their number, nor Twilio’s addresses or token', async () => {
    await saveAiSettings(office.server, { messengerAutoReply: false, textAutoReply: true });
    const messageSid = `MM${'7'.repeat(32)}`;
    const res = await office.incomingSms(
      office.smsParams({
        from: '+17075550831',
        body: 'Do you wash decks? Gate code zephyrquartz',
        messageSid,
        // Not on the fake Twilio: fetched and refused.
        media: [{ url: office.mediaUrl(messageSid, `ME${'8'.repeat(32)}`), contentType: 'image/jpeg' }],
      }),
    );
    expect(res.status).toBe(200);
    await office.server.settled();
    await office.at(MORNING + 5_000);
    expect(office.textsTo('+17075550831')).toHaveLength(1);
    expect(lines.length).toBeGreaterThan(0);
    const log = lines.join('\n');
    for (const secret of [
      'zephyrquartz',
      '5550831',
      office.twilio.accountSid,
      office.twilio.authToken,
      office.textsTo('+17075550831')[0]!.slice(0, 40),
    ])
      expect(log, secret).not.toContain(secret);
  });
});
