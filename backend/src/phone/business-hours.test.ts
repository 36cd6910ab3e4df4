import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_BUSINESS_HOURS, type BusinessHours } from '@washdesk/contract';
import { PHONE_ENV, phoneCaller } from '../test/phone-caller.ts';
import { startTestServer, type TestServer } from '../test/test-server.ts';
import { spoken, verbNames } from '../test/twiml.ts';
import { officeStatus, spokenTime, whenOfficeOpens } from './business-hours.ts';

// Issue 24 item 6: when a person answers. Judged on the business's wall clock (California), with
// an injected clock; outside hours the assistant still answers, and "a person" leaves a message.
const TZ = 'America/Los_Angeles';
const at = (pacific: string) => Date.parse(`${pacific}-08:00`); // November: PST
const FORWARD = '+17075550177';

describe('officeStatus', () => {
  const hours = DEFAULT_BUSINESS_HOURS; // Monday to Friday, 8 AM to 5 PM
  it.each([
    ['2026-11-23T09:30', true, ''],
    ['2026-11-23T08:00', true, ''],
    ['2026-11-23T07:59', false, 'The office opens today at 8 AM.'],
    ['2026-11-23T17:00', false, 'The office opens tomorrow at 8 AM.'],
    ['2026-11-27T18:00', false, 'The office opens Monday at 8 AM.'],
    ['2026-11-28T12:00', false, 'The office opens Monday at 8 AM.'],
  ])('%s → open %s, "%s"', (local, open, sentence) => {
    const now = at(local);
    const status = officeStatus(hours, now, TZ);
    expect(status.open).toBe(open);
    expect(whenOfficeOpens(status, now, TZ)).toBe(sentence);
  });

  it('skips holidays: closed on one, and the next opening is after it', () => {
    const withHolidays: BusinessHours = { ...hours, holidays: ['2026-11-26', '2026-11-27'] };
    const thursday = at('2026-11-26T10:00');
    const status = officeStatus(withHolidays, thursday, TZ);
    expect(status).toEqual({ open: false, opens: { date: '2026-11-30', weekday: 'monday', time: '08:00' } });
    expect(whenOfficeOpens(status, thursday, TZ)).toBe('The office opens Monday at 8 AM.');
  });

  it('says when nothing opens in the next two weeks, and times as people say them', () => {
    const closed: BusinessHours = {
      days: { ...hours.days, monday: null, tuesday: null, wednesday: null, thursday: null, friday: null },
      holidays: [],
    };
    const status = officeStatus(closed, at('2026-11-23T10:00'), TZ);
    expect(status).toEqual({ open: false, opens: null });
    expect(whenOfficeOpens(status, 0, TZ)).toBe('The office is closed for now.');
    expect(['08:00', '12:00', '12:30', '17:15', '00:00'].map(spokenTime)).toEqual([
      '8 AM',
      '12 PM',
      '12:30 PM',
      '5:15 PM',
      '12 AM',
    ]);
  });
});

describe('Settings → Telephony: business hours', () => {
  let now = at('2026-11-28T12:00'); // a Saturday
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({
      env: { ...PHONE_ENV, STAFF_FORWARD_NUMBER: FORWARD },
      clock: () => now,
    });
  });
  afterAll(() => server.stop());
  afterEach(() => expect(server.errors).toEqual([]));

  it('start as Monday to Friday, 8 to 5, and are saved whole, holidays in date order', async () => {
    expect(await (await server.get('/api/settings/business-hours')).json()).toEqual(DEFAULT_BUSINESS_HOURS);
    const change = {
      ...DEFAULT_BUSINESS_HOURS,
      days: { ...DEFAULT_BUSINESS_HOURS.days, saturday: { opens: '09:00', closes: '12:00' } },
      holidays: ['2026-12-25', '2026-11-26'],
    };
    const saved = await server.send('PUT', '/api/settings/business-hours', change);
    expect(saved.status).toBe(200);
    expect(await saved.json()).toEqual({ ...change, holidays: ['2026-11-26', '2026-12-25'] });
    expect(await (await server.get('/api/settings/business-hours')).json()).toEqual({
      ...change,
      holidays: ['2026-11-26', '2026-12-25'],
    });
  });

  it.each([
    [
      { monday: { opens: '17:00', closes: '08:00' } },
      [],
      'days.monday.closes',
      'Closing time must be after opening time',
    ],
    [
      { tuesday: { opens: '8am', closes: '17:00' } },
      [],
      'days.tuesday.opens',
      'Opening time must be a time such as 08:00',
    ],
    [{}, ['2026-02-30'], 'holidays.0', 'A holiday must be a real date'],
    [{}, ['2026-12-25', '2026-12-25'], 'holidays', 'Each holiday once'],
  ])(
    'refuse %j %j with the field and its message, keeping what was stored',
    async (days, holidays, field, message) => {
      const before = await (await server.get('/api/settings/business-hours')).json();
      const res = await server.send('PUT', '/api/settings/business-hours', {
        days: { ...DEFAULT_BUSINESS_HOURS.days, ...days },
        holidays,
      });
      expect(res.status).toBe(400);
      expect((await res.json()).error.fields).toMatchObject({ [field]: message });
      expect(await (await server.get('/api/settings/business-hours')).json()).toEqual(before);
    },
  );

  it('outside them, the assistant still answers; "a person" is told when the office opens and leaves a message', async () => {
    await server.send('PUT', '/api/settings/business-hours', DEFAULT_BUSINESS_HOURS);
    now = at('2026-11-28T12:00');
    const caller = phoneCaller(server.url, '+17075550170');
    expect(verbNames(await caller.twiml(await caller.dial()))).toEqual(['Gather', 'Redirect']);
    expect(verbNames(await caller.twiml(await caller.say('Do you clean gutters?')))).toEqual([
      'Gather',
      'Redirect',
    ]);
    // A free estimate is booked on a Saturday as on any day.
    await caller.say(
      "This is Lee Park, I'd like a free estimate for a deck cleaning at 12 Ocean Way, Shelter Cove next Tuesday at 10 AM",
    );
    const booked = await caller.twiml(await caller.say('Yes please'));
    expect(spoken(booked).join(' ')).toContain(
      'Your free estimate is booked for Tuesday, December 1 at 10:00 AM.',
    );
    const reply = await caller.twiml(await caller.say('Can I talk to a person, please?'));
    // Not put through (no <Dial>) although a forward number is set.
    // One <Say>: the assistant's reply, word for word what the AI response log keeps.
    expect(verbNames(reply)).toEqual(['Say', 'Record', 'Say', 'Hangup']);
    expect(spoken(reply)[0]).toContain(
      "The office is closed right now, so I can't put you through to a person. The office opens Monday at 8 AM. Someone from the office will call you back at this number when it opens.",
    );
    const row = server.db.prepare('SELECT * FROM calls WHERE call_sid = ?').get(caller.callSid) as Record<
      string,
      unknown
    >;
    expect(row).toMatchObject({ callback_requested: 1, forwarded_to: null });
  });

  it('on a holiday too; inside them the caller is put through', async () => {
    await server.send('PUT', '/api/settings/business-hours', {
      ...DEFAULT_BUSINESS_HOURS,
      holidays: ['2026-11-30'],
    });
    now = at('2026-11-30T10:00'); // Monday, a holiday
    const onHoliday = phoneCaller(server.url, '+17075550171');
    await onHoliday.dial();
    const closed = await onHoliday.twiml(await onHoliday.say('A person please'));
    expect(spoken(closed)[0]).toContain('The office opens tomorrow at 8 AM.');
    now = at('2026-12-01T10:00');
    const open = phoneCaller(server.url, '+17075550172');
    await open.dial();
    expect(verbNames(await open.twiml(await open.say('A person please')))).toEqual(['Say', 'Dial']);
  });
});
