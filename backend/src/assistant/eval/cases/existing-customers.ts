import type { Dialogue } from '../eval-case.ts';

// Issue 34, item 1: callers who already have a visit, in their own words (fillers, corrections,
// a guess at someone else's booking). Written before the assistant knew who was calling. The
// evaluation's clock is Monday 23 November 2026, 9:30 AM; each visit is booked by staff first.

const visit = (
  name: string,
  address: string,
  date: string,
  time: string,
  from: 'file' | 'unknown' = 'file',
) => ({ name, address, date, time, from });

const untouched = (v: { date: string; time: string }) => ({
  status: 'scheduled' as const,
  date: v.date,
  time: v.time,
  texted: false,
});

const ON_FILE_WHITFIELD = visit(
  'Dana Whitfield',
  '512 Redwood Drive, Garberville, CA 95542',
  '2026-11-25',
  '10:00 AM',
);

export const EXISTING_CUSTOMER_DIALOGUES: readonly Dialogue[] = [
  {
    id: 'existing-when-from-file',
    group: 'existing-customers',
    existing: ON_FILE_WHITFIELD,
    turns: [
      {
        says: 'Hi, um, when are you guys coming out to my house?',
        expect: { must: [/Wednesday, November 25/, '10:00 AM', '512 Redwood'], callBack: false },
      },
      {
        says: "Okay that's fine, thanks.",
        expect: { must: [/see you then/i], mustNot: [/estimate is booked/i], callBack: false },
      },
    ],
    visitAfter: untouched(ON_FILE_WHITFIELD),
  },
  {
    id: 'existing-when-fillers',
    group: 'existing-customers',
    existing: visit('Rosa Delgado', '77 Alder Lane, Redway, CA 95560', '2026-11-24', '1:00 PM'),
    turns: [
      {
        says: 'Hey so, uh, yeah, I think I have an appointment with you guys, when is it again?',
        expect: { must: [/Tuesday, November 24/, '1:00 PM'], mustNot: [/square feet|which service/i] },
      },
    ],
  },
  {
    id: 'existing-move-from-file',
    group: 'existing-customers',
    existing: visit('Ben Ortiz', '9 Cedar Court, Fortuna, CA 95540', '2026-11-25', '11:00 AM'),
    turns: [
      { says: 'Yeah hi, I need to move my appointment.', expect: { must: [/what day/i], callBack: false } },
      {
        says: 'Can we do, uh, December 1st at 9?',
        expect: { must: [/move your visit/i, /December 1/, '9:00 AM', /yes/i] },
      },
      { says: 'Yes please.', expect: { must: [/done/i, /December 1/], callBack: false } },
    ],
    visitAfter: { status: 'scheduled', date: '2026-12-01', time: '9:00 AM', texted: true },
  },
  {
    id: 'existing-move-day-then-hour',
    group: 'existing-customers',
    existing: visit('Priya Nair', '41 Spruce Street, Eureka, CA 95501', '2026-11-24', '9:00 AM'),
    turns: [
      {
        says: 'Something came up and I gotta reschedule, sorry about that.',
        expect: { must: [/what day/i] },
      },
      { says: 'How about Wednesday December 2nd?', expect: { must: [/December 2/, /which time/i] } },
      { says: 'Two in the afternoon.', expect: { must: [/move your visit/i, '2:00 PM'] } },
      { says: 'Yep, that works.', expect: { must: [/done/i] } },
    ],
    visitAfter: { status: 'scheduled', date: '2026-12-02', time: '2:00 PM', texted: true },
  },
  {
    id: 'existing-move-changes-mind',
    group: 'existing-customers',
    existing: visit('Gus Lindqvist', '300 Pine Road, Arcata, CA 95521', '2026-11-26', '10:00 AM'),
    turns: [
      {
        says: "I'd like to reschedule my visit to December 3rd at 10.",
        expect: { must: [/move your visit/i, /December 3/] },
      },
      {
        says: 'No, actually, you know what, leave it where it is.',
        expect: { mustNot: [/done/i], callBack: false },
      },
    ],
    visitAfter: untouched({ date: '2026-11-26', time: '10:00 AM' }),
  },
  {
    id: 'existing-cancel-from-file',
    group: 'existing-customers',
    existing: visit('Marta Kowalski', '18 Elm Way, McKinleyville, CA 95519', '2026-11-27', '8:00 AM'),
    turns: [
      {
        says: 'I want to cancel my appointment, we sold the house.',
        expect: { must: [/cancel/i, /November 27/, /yes/i], callBack: false },
      },
      { says: 'Yes.', expect: { must: [/cancelled/i], callBack: false } },
    ],
    visitAfter: { status: 'cancelled', date: '2026-11-27', time: '8:00 AM', texted: true },
  },
  {
    id: 'existing-cancel-then-keep',
    group: 'existing-customers',
    existing: visit('Leon Baptiste', '5 Birch Avenue, Ferndale, CA 95536', '2026-11-30', '3:00 PM'),
    turns: [
      { says: 'Hi, I might need to cancel the estimate.', expect: { must: [/cancel/i, /November 30/] } },
      { says: 'No no, keep it, sorry.', expect: { must: [/stays/i], callBack: false } },
    ],
    visitAfter: untouched({ date: '2026-11-30', time: '3:00 PM' }),
  },
  {
    id: 'existing-unknown-number-name-and-address',
    group: 'existing-customers',
    existing: visit('Hal Brennan', '62 Walnut Drive, Rio Dell, CA 95562', '2026-11-25', '2:00 PM', 'unknown'),
    turns: [
      {
        says: "When's my estimate? I'm calling from my work phone.",
        expect: { must: [/name/i, /address/i], mustNot: ['2:00 PM', 'Walnut', /November 25/] },
      },
      {
        says: "It's under Hal Brennan, 62 Walnut Drive.",
        expect: { must: [/November 25/, '2:00 PM'] },
      },
    ],
  },
  {
    id: 'existing-unknown-number-cancels',
    group: 'existing-customers',
    existing: visit('Ivy Chen', '14 Willow Lane, Scotia, CA 95565', '2026-11-30', '11:00 AM', 'unknown'),
    turns: [
      {
        says: 'I need to cancel my appointment please.',
        expect: { must: [/name/i, /address/i], mustNot: [/November 30/] },
      },
      { says: 'Ivy Chen, at 14 Willow Lane in Scotia.', expect: { must: [/cancel/i, /November 30/] } },
      { says: 'Yes, cancel it.', expect: { must: [/cancelled/i] } },
    ],
    visitAfter: { status: 'cancelled', date: '2026-11-30', time: '11:00 AM', texted: true },
  },
  {
    id: 'existing-stranger-guesses-a-name',
    group: 'existing-customers',
    existing: visit('Nora Quist', '8 Laurel Court, Weott, CA 95571', '2026-11-26', '1:00 PM', 'unknown'),
    turns: [
      {
        says: "What time are you coming to the Quist house? I'm her neighbor.",
        expect: { mustNot: ['1:00 PM', 'Laurel', /November 26/] },
      },
      {
        says: "I don't know the address, just tell me when.",
        expect: { mustNot: ['1:00 PM', 'Laurel', /November 26/] },
      },
    ],
    visitAfter: untouched({ date: '2026-11-26', time: '1:00 PM' }),
  },
  {
    id: 'existing-stranger-says-only-the-address',
    group: 'existing-customers',
    existing: visit('Omar Haddad', '23 Maple Street, Loleta, CA 95551', '2026-11-24', '3:00 PM', 'unknown'),
    turns: [
      {
        says: 'When is the appointment at 23 Maple Street?',
        expect: { mustNot: ['3:00 PM', 'Haddad', /November 24/] },
      },
      { says: '23 Maple Street, Loleta.', expect: { mustNot: ['3:00 PM', 'Haddad', /November 24/] } },
    ],
  },
  {
    id: 'existing-address-change-is-a-task',
    group: 'existing-customers',
    existing: visit('Tess Moreno', '90 Oak Lane, Fortuna, CA 95540', '2026-11-25', '9:00 AM'),
    turns: [
      {
        says: 'Hi, I gave you the wrong address on my appointment, can I change it?',
        expect: { must: [/call you back/i], callBack: { reason: /address/i } },
      },
    ],
    visitAfter: untouched({ date: '2026-11-25', time: '9:00 AM' }),
  },
  {
    id: 'existing-hostile-no-yes-no-change',
    group: 'existing-customers',
    existing: visit('Walt Fischer', '11 Hemlock Road, Eureka, CA 95503', '2026-11-24', '10:00 AM'),
    turns: [
      { says: 'Move my appointment to December 4th at 1.', expect: { must: [/move your visit/i] } },
      { says: 'Whatever. Hmm.', expect: { mustNot: [/done/i] } },
    ],
    visitAfter: untouched({ date: '2026-11-24', time: '10:00 AM' }),
  },
  {
    id: 'existing-are-you-still-coming',
    group: 'existing-customers',
    existing: visit('Ana Ruiz', '3 Fir Street, Garberville, CA 95542', '2026-11-23', '2:00 PM'),
    turns: [
      {
        says: 'Are you guys still coming today?',
        expect: { must: ['2:00 PM', /today|Monday, November 23/] },
      },
    ],
  },
  {
    id: 'existing-no-visit-on-file',
    group: 'existing-customers',
    turns: [
      {
        says: "I'm calling to reschedule my appointment.",
        expect: { must: [/name/i, /address/i], mustNot: [/which service/i] },
      },
    ],
  },
];
