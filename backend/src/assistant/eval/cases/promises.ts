import type { Dialogue, TurnCase } from '../eval-case.ts';

// Issue 34, item 3: whenever a caller hears that someone will call them back, the office has a task
// (name, number, reason, urgency) in Requests; a reply that promises nothing leaves none. The judge
// fails any reply that promises a call back without a task, in every group; these cases add the
// callers the fallback used to promise to, and the ones it must not.

const promised = (id: string, says: string, reason: RegExp): TurnCase => ({
  id: `promises-${id}`,
  group: 'promises',
  says,
  expect: { must: [/call you back/i], callBack: { reason } },
});
const nothingOwed = (id: string, says: string): TurnCase => ({
  id: `promises-none-${id}`,
  group: 'promises',
  says,
  expect: { mustNot: [/call you back/i], callBack: false },
});

export const PROMISE_CASES: readonly TurnCase[] = [
  promised('hours', 'What are your hours?', /hours/i),
  promised('hiring', 'Are you hiring right now? My son needs a summer job.', /hiring/i),
  promised('call-me', 'Can somebody from the office call me back?', /person|call me back/i),
  promised('someone-call', 'Have someone call me about my quote, please.', /quote/i),
  promised('ring-me', 'Could you, um, get somebody to ring me back this afternoon?', /ring me back/i),
  nothingOwed('hello', 'Hello?'),
  nothingOwed('roof', 'Do you guys do roof cleaning?'),
  nothingOwed('town', 'Do you come out to Fortuna?'),
  nothingOwed('thanks', "No that's it, thanks. Bye."),
  nothingOwed('ask-wife', "I'll have to check with my wife about the date."),
];

export const PROMISE_DIALOGUES: readonly Dialogue[] = [
  {
    id: 'promises-booking-promises-nothing',
    group: 'promises',
    turns: [
      { says: "I'd like to book a free estimate for a house wash.", expect: { callBack: false } },
      { says: 'Kim Alvarez.', expect: { callBack: false } },
      { says: '220 Sequoia Avenue, Fortuna.', expect: { callBack: false } },
      { says: 'December 7th at 11.', expect: { callBack: false, must: [/read that back/i] } },
      { says: 'Yes.', expect: { callBack: false, must: [/booked/i] } },
    ],
  },
  {
    id: 'promises-question-then-person',
    group: 'promises',
    turns: [
      { says: 'Do you take Venmo?', expect: {} },
      {
        says: "Fine, I'll just talk to a person then.",
        expect: { must: [/call you back/i], callBack: true },
      },
    ],
  },
];
