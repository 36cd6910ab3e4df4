import type { Dialogue, Turn, TurnCase, TurnExpectation } from '../eval-case.ts';

// Several facts in one breath (issue 34, item 4): two sizes for two surfaces, a name with its
// lead-in words, a spelled surname, a second number, a day corrected mid-sentence. Written as
// callers say them, before the fix. "Today" is Monday 23 November 2026: Tuesday is the 24th,
// Wednesday the 25th, Thursday the 26th. The set plays on one calendar: hours other dialogues book
// are avoided here.
const say = (says: string, expect: TurnExpectation = {}): Turn => ({ says, expect });
const ASKS_SIZE = /how many square feet|how (big|large)/i;
/** A call summary says what happened, in its own words: never the caller's quoted. */
const NOT_QUOTED = [/"/, /“/];

const priced = (
  id: string,
  says: string,
  low: number,
  high: number,
  extra: TurnExpectation = {},
): TurnCase => ({
  id: `facts-${id}`,
  group: 'several-facts',
  says,
  expect: { price: { kind: 'priced', low, high }, mustNot: [ASKS_SIZE], ...extra },
});

export const SEVERAL_FACTS_CASES: readonly TurnCase[] = [
  priced(
    'house-and-driveway-sizes',
    "yeah so how much would it be, the house is about 2,400 square feet and the driveway maybe 800, it's a two story",
    1296,
    2116,
  ),
  priced(
    'sizes-in-words',
    'How much for the house, it is twenty four hundred square feet, two stories, and the patio is like three hundred square feet',
    1146,
    1866,
  ),
  priced(
    'driveway-first',
    "um what would you charge, the driveway's about eight hundred square feet and the house is 1,800, one story",
    960,
    1570,
  ),
  priced('just-the-driveway', 'how much for just the driveway, about 800 sq ft', 240, 400, {
    mustNot: [ASKS_SIZE, /house wash/i, /stor(y|ies)/i],
  }),
];

const READ_BACK = (...parts: (string | RegExp)[]): TurnExpectation => ({
  must: [...parts, 'Shall I book it?'],
});

export const SEVERAL_FACTS_DIALOGUES: readonly Dialogue[] = [
  {
    id: 'facts-two-sizes-after-the-question',
    group: 'several-facts',
    turns: [
      say('How much to wash my house and clean the driveway?', { must: [ASKS_SIZE] }),
      say('ok the house is around 2000 and the driveway about 600', {
        must: [/stor(y|ies)/i],
        mustNot: [ASKS_SIZE],
      }),
      say('just the one story', { price: { kind: 'priced', low: 980, high: 1600 } }),
    ],
  },
  {
    id: 'facts-names-lead-in',
    group: 'several-facts',
    turns: [
      say("Hi, I'd like to book an estimate for a house wash. Name's Dana Whitfield.", {
        intent: 'scheduling',
        must: [/address/i],
        mustNot: [/name's/i, /may I have your name/i],
      }),
      say('12 Elm Street in Redway', { must: [/what day/i] }),
      say('Thursday at 3', {
        ...READ_BACK('for Dana Whitfield', 'Thursday, November 26', '3:00 PM'),
        mustNot: [/Name's/],
      }),
    ],
  },
  {
    id: 'facts-this-is',
    group: 'several-facts',
    turns: [
      say('yeah hi this is Carl Benson, I want somebody to come look at my roof on Wednesday at 9', {
        must: [/address/i],
        mustNot: [/may I have your name/i],
      }),
      say('4 Spruce Lane, Garberville', READ_BACK('for Carl Benson', 'Wednesday, November 25', '9:00 AM')),
    ],
  },
  {
    id: 'facts-speaking',
    group: 'several-facts',
    turns: [
      say("Good morning, it's Maria Ortiz speaking, I need a driveway cleaning estimate", {
        must: [/address/i],
        mustNot: [/speaking/i, /may I have your name/i],
      }),
      say('88 Main Street, Fortuna, Thursday at 1', {
        ...READ_BACK('for Maria Ortiz', 'Thursday, November 26', '1:00 PM'),
        mustNot: [/speaking/i],
      }),
    ],
  },
  {
    id: 'facts-spelled-surname',
    group: 'several-facts',
    turns: [
      say('I want to set up an estimate for a house wash', { must: [/name/i] }),
      say("it's Dana Witfield, that's W-H-I-T-F-I-E-L-D", {
        must: [/address/i],
        mustNot: [/Witfield/, /W-H-I/],
      }),
      say('12 Elm Street, Redway on Thursday at 11', READ_BACK('Dana Whitfield', 'Thursday, November 26')),
    ],
  },
  {
    id: 'facts-spelled-letters-spaced',
    group: 'several-facts',
    turns: [
      say('can I book an estimate for the roof', { must: [/name/i] }),
      say('Tom Kowalski, K O W A L S K I', { must: [/address/i], mustNot: [/K O W/] }),
      say(
        '3 Ridge Road, Redway, Wednesday at 2',
        READ_BACK('Tom Kowalski', 'Wednesday, November 25', '2:00 PM'),
      ),
    ],
  },
  {
    id: 'facts-day-corrected',
    group: 'several-facts',
    turns: [
      say('I need a house wash estimate, this is Sam Lee, 9 Oak Street, Redway', { must: [/what day/i] }),
      say('Tuesday — no, Wednesday, at 3', READ_BACK('Wednesday, November 25', '3:00 PM')),
      say('yes', { intent: 'scheduling', must: ['booked for Wednesday, November 25 at 3:00 PM'] }),
    ],
    booked: { date: '2026-11-25', time: '3:00 PM', service: 'house-wash' },
  },
  {
    id: 'facts-day-actually',
    group: 'several-facts',
    turns: [
      say(
        'Book a driveway estimate for Ann Chu at 18 Ridge Road, Garberville, Thursday, actually no make it Tuesday at 11',
        READ_BACK('Tuesday, November 24', '11:00 AM'),
      ),
    ],
  },
  {
    id: 'facts-second-number',
    group: 'several-facts',
    turns: [
      say(
        "I'd like an estimate for my house, name's Lou Grant, 5 Bay Street in Eureka, Thursday at 9, and you can also reach me at 707-555-0142",
        READ_BACK('Lou Grant', 'Thursday, November 26', '(707) 555-0142'),
      ),
      say('yes', { must: ['booked for Thursday, November 26 at 9:00 AM'] }),
    ],
    booked: { date: '2026-11-26', time: '9:00 AM', service: 'house-wash' },
  },
  {
    id: 'facts-all-in-one-turn',
    group: 'several-facts',
    turns: [
      say(
        "hi, name's Dana Whitfield, W-H-I-T-F-I-E-L-D, I want a house wash estimate at 12 Elm Street in Redway, Tuesday, no, Wednesday at 1, and my other number is 707 555 0142",
        {
          ...READ_BACK('Dana Whitfield', 'Wednesday, November 25', '1:00 PM', '(707) 555-0142'),
          mustNot: [/name's/i, /W-H-I/],
        },
      ),
      say('yes', { must: ['booked for Wednesday, November 25 at 1:00 PM'] }),
    ],
    booked: { date: '2026-11-25', time: '1:00 PM', service: 'house-wash' },
    summary: { must: [/booked a free estimate/i, /house wash/i, /Wed/], mustNot: NOT_QUOTED },
  },
  {
    id: 'facts-summary-price-then-booked',
    group: 'several-facts',
    turns: [
      say('how much to wash a two story house, around 2,000 square feet?', {
        price: { kind: 'priced', low: 880, high: 1430 },
      }),
      say('ok yeah lets set that up', { intent: 'scheduling', must: [/name/i] }),
      say("it's Pat Moore", { must: [/address/i] }),
      say('7 Cedar Court, Redway, tomorrow at 9', READ_BACK('Tuesday, November 24', '9:00 AM')),
      say('sounds good', { must: ['booked for Tuesday, November 24 at 9:00 AM'] }),
    ],
    booked: { date: '2026-11-24', time: '9:00 AM', service: 'house-wash' },
    summary: {
      must: [/asked the price of a 2-story house wash/i, /booked a free estimate.*Tue.*9(:00)? AM/i],
      mustNot: NOT_QUOTED,
    },
  },
  {
    id: 'facts-summary-no-booking',
    group: 'several-facts',
    turns: [
      say('how much for roof cleaning, the house is one story about 1,500 square feet', {
        price: { kind: 'priced', low: 750, high: 1200 },
      }),
      say('ok thanks, I will think about it. bye'),
    ],
    booked: null,
    summary: { must: [/asked the price of .*roof/i], mustNot: [/book/i, ...NOT_QUOTED] },
  },
  {
    id: 'facts-summary-area-question',
    group: 'several-facts',
    turns: [say('do you guys come out to Willits'), say("ok great that's all, thanks bye")],
    booked: null,
    summary: { must: [/Willits/, /service area/i], mustNot: [/book/i, ...NOT_QUOTED] },
  },
];
