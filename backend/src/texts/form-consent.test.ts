import { describe, expect, it } from 'vitest';
import { fixturePhoto, photoForm } from '../test/test-server.ts';
import { textingServerForTests } from '../test/texting-server.ts';

// The consent line of each public form through the real server: the request wizard (JSON) and the
// quote tool (customerInfo) with it ticked make the number one automatic texts may go to; without
// it, an automatic text to the number is cancelled, never sent.

/** Tuesday 24 November 2026, 10:00 AM in California. */
const MORNING = Date.parse('2026-11-24T18:00:00Z');
const office = textingServerForTests({ start: MORNING });

const wizard = (phone: string, extra: object = {}) =>
  office.server.anonymous.send('POST', '/api/service-requests', {
    firstName: 'Rosa',
    lastName: 'Greer',
    email: 'rosa@example.com',
    phone,
    address: '9 Madrone Ln, Redway',
    serviceType: 'house-washing',
    ...extra,
  });
const quoteTool = (phone: string, extra: object = {}) =>
  office.server.anonymous.upload(
    '/api/photo-quote',
    photoForm({ customerInfo: JSON.stringify({ name: 'Ana Quote', phone, ...extra }) }, [
      { field: 'photo0', path: fixturePhoto('pixel-gps-orientation1.jpg') },
    ]),
  );
const automaticText = (to: string) =>
  office.outbox.queue({
    idempotencyKey: `consent-test:${to}`,
    channel: 'text',
    recipient: to,
    template: 'test-automatic',
    body: 'Lost Coast Soft Wash: your quote is ready',
    dueAt: new Date(office.now.ms),
  }).message;

describe("the public forms' consent line for texts", () => {
  it('lets automatic texts go to a number that ticked it on the wizard or the quote tool, and to no other', async () => {
    expect((await wizard('(707) 555-0901', { textConsent: true })).status).toBe(201);
    expect((await quoteTool('707-555-0902', { textConsent: true })).status).toBe(200);
    expect((await wizard('(707) 555-0903')).status).toBe(201);
    expect((await quoteTool('707 555 0904', { textConsent: false })).status).toBe(200);
    const bad = await wizard('(707) 555-0905', { textConsent: 'yes please' });
    expect(bad.status).toBe(400);
    expect(
      ((await bad.json()) as { error: { fields: Record<string, string> } }).error.fields.textConsent,
    ).toBe('textConsent must be true or false');

    const messages = ['+17075550901', '+17075550902', '+17075550903', '+17075550904'].map(automaticText);
    await office.at(office.now.ms);
    const states = messages.map((m) => office.outbox.repository.byId(m.id)!.state);
    expect(states).toEqual(['sent', 'sent', 'cancelled', 'cancelled']);
    expect(office.twilio.texts.map((t) => t.to).sort()).toEqual(['+17075550901', '+17075550902']);
  });
});
