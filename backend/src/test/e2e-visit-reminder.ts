import type { FakeTwilio } from './fake-twilio.ts';
import { TEST_TWILIO } from './phone-caller.ts';
import type { TestServer } from './test-server.ts';
import { postAsTwilio } from './twilio-signing.ts';

// The visit-reminder scenario of e2e-server.ts: a customer who texted the business is booked for
// Wednesday 25 November 2026 at 2:00 PM; the clock moves to 48 hours before and the outbox sends
// the reminder to the fake Twilio. The link it carries is what the browser test opens.

export const REMINDED_VISIT = { date: '2026-11-25', time: '2:00 PM', phone: '+17075550188' };
/** Monday 23 November 2026, 2:00 PM in California: the 48-hour reminder's minute. */
const REMINDER_DUE = Date.parse('2026-11-23T22:00:00Z');

export async function sendVisitReminder(server: TestServer, twilio: FakeTwilio, clock: Date) {
  const consent = await postAsTwilio({
    serverUrl: server.url,
    path: '/api/twilio/incoming-sms',
    params: {
      AccountSid: TEST_TWILIO.accountSid,
      MessageSid: `SM${'e2e1'.repeat(8)}`,
      From: REMINDED_VISIT.phone,
      To: TEST_TWILIO.phoneNumber,
      Body: 'Hi, can you wash our house this week?',
      NumMedia: '0',
    },
    authToken: TEST_TWILIO.authToken,
    signedBaseUrl: TEST_TWILIO.publicBaseUrl,
  });
  if (consent.status !== 200) throw new Error(`The customer's text was refused: ${consent.status}`);
  const booked = await server.send('POST', '/api/appointments/create', {
    customerName: 'Dana Whitfield',
    customerPhone: REMINDED_VISIT.phone,
    address: '512 Redwood Drive, Garberville',
    serviceType: 'house-wash',
    preferredDate: REMINDED_VISIT.date,
    preferredTime: REMINDED_VISIT.time,
  });
  if (booked.status !== 201) throw new Error(`The visit was not booked: ${booked.status}`);
  const { id } = (await booked.json()) as { id: number };
  clock.setTime(REMINDER_DUE);
  await server.outbox.scheduler.pass();
  const reminder = twilio.texts.find((t) => t.to === REMINDED_VISIT.phone)?.body ?? '';
  const link = /https?:\/\/\S+(\/visit\/[A-Za-z0-9_-]{43})\b/.exec(reminder);
  if (!link) throw new Error(`No reminder with a visit link was sent: "${reminder}"`);
  return { appointmentId: id, visitPath: link[1]! };
}
