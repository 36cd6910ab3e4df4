import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appointmentRepository } from '../../appointments/appointment.repository.ts';
import { startTestServer, type TestServer } from '../../test/test-server.ts';
import { bookingDetailsTool } from './booking-details.ts';
import { estimateTimesTool } from './estimate-times.ts';
import { handoffReply } from './hand-off.ts';
import { bareHour, dayOfMonth } from './spoken-when.ts';

// The booking, slots and hand-off tools as both assistant paths call them. "Now" is Monday
// 23 November 2026, 9:30 AM in California.
const NOW = Date.parse('2026-11-23T17:30:00Z');
const TZ = 'America/Los_Angeles';

describe('the booking tool', () => {
  const details = bookingDetailsTool({ timeZone: TZ, now: () => NOW });

  it('reads several details from one sentence', () => {
    expect(
      details({
        said: 'Set me up for an estimate Thursday at 2. This is Dana Reyes, 310 Maple Lane in Fortuna, for the house.',
      }),
    ).toEqual({
      slots: {
        address: '310 Maple Lane, Fortuna',
        name: 'Dana Reyes',
        serviceType: 'house-wash',
        date: '2026-11-26',
        time: '2:00 PM',
      },
      problems: [],
    });
  });

  it('takes short answers to the question just asked, and corrections', () => {
    expect(details({ said: '11 works', asking: 'time' }).slots).toEqual({ time: '11:00 AM' });
    expect(details({ said: 'the 8th', asking: 'date' }).slots).toEqual({ date: '2026-12-08' });
    expect(details({ said: "one o'clock", asking: 'time' }).slots).toEqual({ time: '1:00 PM' });
    expect(details({ said: 'actually make that 2 PM' }).slots).toEqual({ time: '2:00 PM' });
    expect(details({ said: 'the 30th at 8 then', asking: 'date' }).slots).toEqual({
      date: '2026-11-30',
      time: '8:00 AM',
    });
  });

  it('says what cannot be booked instead of booking it', () => {
    expect(details({ said: 'Wednesday at ten thirty' }).problems).toEqual([
      'We book estimates on the hour, from 8 AM to 4 PM.',
    ]);
    expect(details({ said: 'November 20th at 9' }).problems).toEqual(['That day has already passed.']);
    expect(details({ said: '6 then', asking: 'time' }).problems).toEqual([
      'We book estimates on the hour, from 8 AM to 4 PM.',
    ]);
  });

  it('never takes a question or a yes for a name', () => {
    expect(details({ said: 'are you guys insured?', asking: 'name' }).slots).toEqual({});
    expect(details({ said: 'go ahead', asking: 'name' }).slots).toEqual({});
    expect(details({ said: 'Ann Chu', asking: 'name' }).slots).toEqual({ name: 'Ann Chu' });
    // "I'm Ivy Moss": moss is her name, not a second service.
    expect(details({ said: "the driveway. I'm Ivy Moss, 2 Creek Road, Hayfork." }).slots).toMatchObject({
      name: 'Ivy Moss',
      serviceType: 'driveway-cleaning',
    });
  });
});

describe('spoken days and hours', () => {
  it('"the 8th" is the next such day, this month or the next', () => {
    expect(dayOfMonth('the 8th', '2026-11-23')).toBe('2026-12-08');
    expect(dayOfMonth('on the 30th', '2026-11-23')).toBe('2026-11-30');
    expect(dayOfMonth('the 31st', '2026-11-23')).toBe('2026-12-31');
    expect(dayOfMonth('the 31st', '2026-02-10')).toBe('2026-03-31');
    expect(dayOfMonth('sometime soon', '2026-11-23')).toBeUndefined();
  });

  it('a bare hour is an estimate hour: 1 to 7 are the afternoon', () => {
    expect(bareHour('11 works')).toEqual({ hour: 11, onTheHour: true });
    expect(bareHour('4 then')).toEqual({ hour: 16, onTheHour: true });
    expect(bareHour('at 9 am')).toEqual({ hour: 9, onTheHour: true });
    expect(bareHour('ten thirty')).toEqual({ hour: 10, onTheHour: false });
    expect(bareHour('Tom Baker')).toBeUndefined();
  });
});

describe('the free estimate times tool', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ clock: () => NOW });
  });
  afterAll(() => server.stop());

  it('gives the free hours of a day by the appointments rule: not past, not taken', () => {
    const appointments = appointmentRepository(server.db);
    const times = estimateTimesTool({ appointments, timeZone: TZ, now: () => NOW });
    // Today at 9:30 AM: 8 and 9 have passed.
    expect(times({ date: '2026-11-23' }).free[0]).toBe('10:00 AM');
    expect(times({ date: '2026-11-20' }).free).toEqual([]);
    appointments.create({
      customerName: 'Booked By Staff',
      customerPhone: '+17075550111',
      customerEmail: null,
      address: '1 Staff Way, Garberville',
      serviceType: 'house-wash',
      preferredDate: '2026-12-01',
      preferredTime: '10:00 AM',
      notes: null,
    });
    const free = times({ date: '2026-12-01' }).free;
    expect(free).not.toContain('10:00 AM');
    expect(free).toContain('11:00 AM');
  });
});

describe('the hand-off tool', () => {
  it('says what the channel will do, in the caller’s language', () => {
    expect(handoffReply({ kind: 'put-through' })).toBe(
      'Connecting you with someone from the office now. Please hold.',
    );
    expect(
      handoffReply({
        kind: 'call-back',
        canLeaveMessage: false,
        closedUntil: 'The office opens Monday at 8 AM.',
      }),
    ).toBe(
      "The office is closed right now, so I can't put you through to a person. The office opens Monday at 8 AM. Someone from the office will call you back at this number when it opens.",
    );
    expect(handoffReply({ kind: 'call-back', canLeaveMessage: false }, 'es-US')).toContain(
      'Alguien de la oficina le llamará a este número.',
    );
    expect(handoffReply({ kind: 'call-the-office', officePhone: '(707) 555-0142' })).toContain(
      'Please call the office at (707) 555-0142.',
    );
  });
});
