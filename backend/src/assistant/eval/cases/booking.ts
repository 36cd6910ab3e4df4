import type { TurnCase } from '../eval-case.ts';

// First turns of a booking; the whole bookings are dialogues. "Today" is Monday 23 November 2026,
// 9:30 AM in California, so "tomorrow" is Tuesday the 24th and "the 8th" is Tuesday, December 8.
const ASKS_NEXT = /name|address|what day|what time|which service|shall i book/i;
const booking = (
  id: string,
  says: string,
  must: (string | RegExp)[] = [ASKS_NEXT],
  mustNot: (string | RegExp)[] = [],
): TurnCase => ({
  id: `booking-${id}`,
  group: 'booking',
  says,
  expect: { intent: 'scheduling', must, mustNot: [/estimates are always free/i, ...mustNot] },
});

export const BOOKING_CASES: readonly TurnCase[] = [
  // The fourth bullet: "Sure thing! No, estimates are always free…", then asked again for the day.
  booking(
    'issue-one-sentence',
    "I'd like a free roof cleaning estimate on Tuesday December 1st at 10 AM",
    [/name/i],
    [/what day/i, /what time/i, /which service|what service/i],
  ),
  booking(
    'next-tuesday',
    'Can somebody come out and look at my house next Tuesday?',
    [ASKS_NEXT],
    [/what day/i],
  ),
  booking(
    'tomorrow-afternoon',
    'I want to schedule an estimate for tomorrow afternoon.',
    [ASKS_NEXT],
    [/what day/i],
  ),
  booking(
    'the-8th',
    "Could you come out on the 8th? It's for the roof.",
    [ASKS_NEXT],
    [/what day/i, /already passed/i],
  ),
  booking('this-week', 'Do you have anything open this week for an estimate?'),
  booking('plain', "I'd like to book an appointment."),
  booking(
    'everything-at-once',
    'Set me up for an estimate Thursday at 2. This is Dana Reyes, 310 Maple Lane in Fortuna, for the house.',
    ['Thursday, November 26', '2:00 PM', 'Dana Reyes', 'Shall I book it?'],
  ),
  booking('seven-am', 'Could someone come by at 7 in the morning on Wednesday?', [/8 AM to 4 PM/i]),
  booking(
    'friday-27th',
    'I need an estimate for moss removal, is Friday the 27th good?',
    [ASKS_NEXT],
    [/what day/i],
  ),
  booking('walkthrough', 'Can you send somebody to take a look at my driveway?'),
  booking(
    'after-lunch',
    'Any chance someone could swing by Wednesday after lunch to look at the siding?',
    [ASKS_NEXT],
    [/what day/i],
  ),
  booking(
    'december-3',
    "I'm hoping for December 3rd, around 11, for a house wash estimate.",
    [ASKS_NEXT],
    [/what day/i, /what time/i],
  ),
  booking('morning', 'what mornings do you have free next week for an estimate?'),
  booking(
    'my-name-first',
    "Hi, this is Pat Morales and I'd like to get an estimate scheduled.",
    [/address|service|what day/i],
    [/your name/i],
  ),
  booking('weekend', 'Can you come out this Saturday to look at the roof?'),
];
