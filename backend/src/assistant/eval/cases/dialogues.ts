import type { Dialogue, Turn, TurnExpectation } from '../eval-case.ts';

// Whole conversations. "Today" is Monday 23 November 2026, 9:30 AM in California: "tomorrow" is
// Tuesday the 24th, "Wednesday" the 25th, "Thursday" the 26th, "Friday" the 27th, "next Tuesday"
// December 1st and "the 8th" Tuesday, December 8.
const say = (says: string, expect: TurnExpectation = {}): Turn => ({ says, expect });
const ASKS = /name|address|what day|what time|which service|shall i book/i;
const READ_BACK = (...parts: string[]): TurnExpectation => ({ must: [...parts, 'Shall I book it?'] });
const BOOKED = (when: string): TurnExpectation => ({ intent: 'scheduling', must: [`booked for ${when}`] });

const BOOKING_DIALOGUES: Dialogue[] = [
  {
    id: 'booking-issue-replay',
    group: 'booking',
    turns: [
      say("I'd like a free roof cleaning estimate on Tuesday December 1st at 10 AM", {
        intent: 'scheduling',
        must: [/name/i],
        mustNot: [/estimates are always free/i, /what day/i, /which service/i],
      }),
      say('Maria Lopez', { must: [/address/i], mustNot: [/what day/i, /which service/i] }),
      say('212 Oak Street, Redway', READ_BACK('Tuesday, December 1', '10:00 AM', 'Maria Lopez')),
      say('yes', BOOKED('Tuesday, December 1 at 10:00 AM')),
    ],
    booked: { date: '2026-12-01', time: '10:00 AM', service: 'roof-cleaning' },
  },
  {
    id: 'booking-11-works',
    group: 'booking',
    turns: [
      say('Can I get an estimate for washing my house on Wednesday?', { intent: 'scheduling', must: [ASKS] }),
      say('Tom Baker', { must: [/address/i] }),
      say('55 Pine Street in Fortuna', { must: [/time/i] }),
      say('11 works', READ_BACK('Wednesday, November 25', '11:00 AM')),
      say('yep', BOOKED('Wednesday, November 25 at 11:00 AM')),
    ],
    booked: { date: '2026-11-25', time: '11:00 AM', service: 'house-wash' },
  },
  {
    id: 'booking-the-8th-whole',
    group: 'booking',
    turns: [
      say('I need someone to come look at my roof', { intent: 'scheduling', must: [/name/i] }),
      say('Ann Chu', { must: [/address/i] }),
      say('18 Ridge Road, Garberville', { must: [/what day/i] }),
      say('the 8th', { must: [/time/i], mustNot: [/already passed/i] }),
      say('9 in the morning', READ_BACK('Tuesday, December 8', '9:00 AM')),
      say('yes please', BOOKED('Tuesday, December 8 at 9:00 AM')),
    ],
    booked: { date: '2026-12-08', time: '9:00 AM', service: 'roof-cleaning' },
  },
  {
    id: 'booking-correction-2pm',
    group: 'booking',
    turns: [
      say(
        'Book an estimate for my driveway, this is Sam Lee, 9 Oak Street, Redway, tomorrow at 9',
        READ_BACK('Tuesday, November 24', '9:00 AM'),
      ),
      say('actually make that 2 PM', READ_BACK('Tuesday, November 24', '2:00 PM')),
      say('yes', BOOKED('Tuesday, November 24 at 2:00 PM')),
    ],
    booked: { date: '2026-11-24', time: '2:00 PM', service: 'driveway-cleaning' },
  },
  {
    id: 'booking-tomorrow-afternoon-whole',
    group: 'booking',
    turns: [
      say('Could someone come tomorrow afternoon to look at my siding?', {
        intent: 'scheduling',
        must: [ASKS],
        mustNot: [/what day/i],
      }),
      say('Lee Park', { must: [/address/i] }),
      say('7 Elm Court, Arcata', { must: [/time|1:00 PM|2:00 PM|afternoon/i] }),
      say("one o'clock", READ_BACK('Tuesday, November 24', '1:00 PM')),
      say('sounds good', BOOKED('Tuesday, November 24 at 1:00 PM')),
    ],
    booked: { date: '2026-11-24', time: '1:00 PM', service: 'house-wash' },
  },
  {
    id: 'booking-next-tuesday-whole',
    group: 'booking',
    turns: [
      say("I'd like to set up a roof estimate next Tuesday at 3", {
        intent: 'scheduling',
        must: [/name/i],
        mustNot: [/what day/i, /what time/i],
      }),
      say('Jo Smith', { must: [/address/i] }),
      say('41 Bay View Drive, Shelter Cove', READ_BACK('Tuesday, December 1', '3:00 PM')),
      say('correct', BOOKED('Tuesday, December 1 at 3:00 PM')),
    ],
    booked: { date: '2026-12-01', time: '3:00 PM', service: 'roof-cleaning' },
  },
  {
    id: 'booking-hangs-up',
    group: 'booking',
    turns: [
      say(
        'Can you come out Friday at 10 to look at the house? This is Bo Jensen at 3 Fir Lane, Willits.',
        READ_BACK('Friday, November 27', '10:00 AM'),
      ),
      say('actually never mind, bye', { mustNot: [/booked for/i] }),
    ],
    booked: null,
  },
  {
    id: 'booking-no-make-it-friday',
    group: 'booking',
    turns: [
      say(
        'Set up a house wash estimate for Wednesday at 1, name is Vic Hale, 12 Sunset Drive, Ferndale',
        READ_BACK('Wednesday, November 25', '1:00 PM'),
      ),
      say('no, make it Friday', READ_BACK('Friday, November 27', '1:00 PM')),
      say('yes', BOOKED('Friday, November 27 at 1:00 PM')),
    ],
    booked: { date: '2026-11-27', time: '1:00 PM', service: 'house-wash' },
  },
  {
    id: 'booking-question-in-the-middle',
    group: 'booking',
    turns: [
      say('I want to book an estimate to get the house washed', { intent: 'scheduling', must: [/name/i] }),
      say('are you guys insured?', { must: ['licensed and insured', /name/i] }),
      say('Rae Quinn', { must: [/address/i] }),
      say('400 Main Street, Ukiah', { must: [/what day/i] }),
      say('next Tuesday at 1', READ_BACK('Tuesday, December 1', '1:00 PM')),
      say('yes', BOOKED('Tuesday, December 1 at 1:00 PM')),
    ],
    booked: { date: '2026-12-01', time: '1:00 PM', service: 'house-wash' },
  },
  {
    id: 'booking-half-hour',
    group: 'booking',
    turns: [
      say(
        "I'd like an estimate for my driveway Wednesday at ten thirty. I'm Ivy Moss, 2 Creek Road, Hayfork.",
        {
          intent: 'scheduling',
          must: [/on the hour/i],
          mustNot: [/10:30/],
        },
      ),
      say('10 then', READ_BACK('Wednesday, November 25', '10:00 AM')),
      say('yes', BOOKED('Wednesday, November 25 at 10:00 AM')),
    ],
    booked: { date: '2026-11-25', time: '10:00 AM', service: 'driveway-cleaning' },
  },
  {
    id: 'booking-taken-slot',
    alreadyBooked: [{ date: '2026-12-01', time: '10:00 AM' }],
    group: 'booking',
    turns: [
      say(
        'Can I book a roof cleaning estimate for Tuesday December 1st at 10? Name is Hal Ortiz, 5 Bridge Street, Fortuna.',
        {
          intent: 'scheduling',
          must: [/already taken/i, '11:00 AM'],
        },
      ),
      say('11 then', READ_BACK('Tuesday, December 1', '11:00 AM')),
      say('yes', BOOKED('Tuesday, December 1 at 11:00 AM')),
    ],
    booked: { date: '2026-12-01', time: '11:00 AM', service: 'roof-cleaning' },
  },
  {
    id: 'booking-past-day',
    group: 'booking',
    turns: [
      say(
        'Could you come November 20th at 9 to look at my house? This is Gus Wu, 77 Spruce Street, Eureka.',
        {
          intent: 'scheduling',
          must: [/already passed/i],
        },
      ),
      say('the 30th at 8 then', READ_BACK('Monday, November 30', '8:00 AM')),
      say('perfect', BOOKED('Monday, November 30 at 8:00 AM')),
    ],
    booked: { date: '2026-11-30', time: '8:00 AM', service: 'house-wash' },
  },
  {
    id: 'booking-evening',
    group: 'booking',
    turns: [
      say('Estimate for the roof Wednesday at 6 pm, please. Nell Ford, 9 Ocean View Road, Trinidad.', {
        intent: 'scheduling',
        must: [/8 AM to 4 PM/i],
      }),
      say('4 then', READ_BACK('Wednesday, November 25', '4:00 PM')),
      say('go ahead', BOOKED('Wednesday, November 25 at 4:00 PM')),
    ],
    booked: { date: '2026-11-25', time: '4:00 PM', service: 'roof-cleaning' },
  },
  {
    id: 'booking-out-of-order',
    group: 'booking',
    turns: [
      say("Hi, it's Carla Diaz. I want to get on the schedule.", {
        intent: 'scheduling',
        must: [ASKS],
        mustNot: [/your name/i],
      }),
      say('The house needs washing.', { must: [ASKS] }),
      say('Thursday', { must: [ASKS] }),
      say('noon', { must: [ASKS] }),
      say('1500 Old Redwood Highway, Miranda', READ_BACK('Thursday, November 26', '12:00 PM')),
      say('yes', BOOKED('Thursday, November 26 at 12:00 PM')),
    ],
    booked: { date: '2026-11-26', time: '12:00 PM', service: 'house-wash' },
  },
];

const OTHER_DIALOGUES: Dialogue[] = [
  {
    id: 'price-size-then-stories',
    group: 'price',
    turns: [
      say('How much to wash my house?', { price: { kind: 'needs', asks: 'size' } }),
      say('about twenty four hundred square feet', { price: { kind: 'needs', asks: 'stories' } }),
      say('two stories', { price: { kind: 'priced', low: 1056, high: 1716 } }),
    ],
  },
  {
    id: 'price-roof-bedrooms',
    group: 'price',
    turns: [
      say('What do you charge for roof cleaning?', { price: { kind: 'needs', asks: 'size' } }),
      say("I don't know the square feet, it's a 3 bedroom, single story", {
        price: { kind: 'priced', low: 800, high: 1280 },
        must: [/typical|guess/i],
      }),
    ],
  },
  {
    id: 'price-then-book',
    group: 'price',
    turns: [
      say('How much for a single story 1800 square foot house?', {
        price: { kind: 'priced', low: 720, high: 1170 },
        must: [/estimate/i],
      }),
      say("sure, let's do that", { intent: 'scheduling', must: [/name/i] }),
    ],
  },
  {
    id: 'price-deck-then-house',
    group: 'price',
    turns: [
      say('How much for my deck?', { price: { kind: 'not-on-price-list' } }),
      say("What about the house then? It's 2000 square feet, one story.", {
        price: { kind: 'priced', low: 800, high: 1300 },
      }),
    ],
  },
  {
    id: 'area-willits-then-crescent-city',
    group: 'service-area',
    turns: [
      say('Do you come out to Willits?', { area: { kind: 'in-area', town: 'Willits', county: 'Mendocino' } }),
      say('What about Crescent City?', {
        area: { kind: 'outside', town: 'Crescent City', county: 'Del Norte' },
      }),
    ],
  },
  {
    id: 'area-asks-where',
    group: 'service-area',
    turns: [
      say('Do you serve my area?', { intent: 'service_area', must: [/where|which town|what town/i] }),
      say('Petrolia', { area: { kind: 'in-area', town: 'Petrolia', county: 'Humboldt' } }),
    ],
  },
  {
    id: 'area-then-price',
    group: 'service-area',
    turns: [
      say("We're in Shelter Cove. Do you come out here?", {
        area: { kind: 'in-area', town: 'Shelter Cove', county: 'Humboldt' },
      }),
      say('Great. How much for a 2 story house, 2000 square feet?', {
        price: { kind: 'priced', low: 880, high: 1430 },
      }),
    ],
  },
  {
    id: 'handoff-after-price',
    group: 'hand-off',
    turns: [
      say('How much for a roof?', { price: { kind: 'needs', asks: 'size' } }),
      say("I'd rather just talk to someone.", { intent: 'handoff', action: 'handoff' }),
    ],
  },
  {
    id: 'handoff-mid-booking',
    group: 'hand-off',
    turns: [
      say('I want to book an estimate for the house', { intent: 'scheduling' }),
      say('ugh, can I just talk to a person', { intent: 'handoff', action: 'handoff' }),
    ],
    booked: null,
  },
  {
    id: 'faq-garden-then-cat',
    group: 'faq-meaning',
    turns: [
      say('Is the stuff safe for my garden?', { must: ['rinse your plants'] }),
      say('and what about my cat?', { must: ['pets only need to stay inside'] }),
    ],
  },
  {
    id: 'faq-gutters-then-how-long',
    group: 'faq-meaning',
    turns: [
      say('Do you clean out gutters?', { must: ['do not clear debris'] }),
      say('Okay. How long does the whole thing take?', { must: ['two to four hours'] }),
    ],
  },
  {
    id: 'spanish-two-turns',
    group: 'spanish',
    turns: [
      say('Hola, necesito un presupuesto.', { spanish: true, must: [/oficina/i] }),
      say('Para el techo, en Redway.', { spanish: true, must: [/oficina/i] }),
    ],
  },
];

const MESSENGER_DIALOGUES: Dialogue[] = [
  {
    id: 'messenger-booking',
    group: 'messenger',
    channel: 'messenger',
    turns: [
      say('hi can i book an estimate for the house', { intent: 'scheduling' }),
      say('Kim Nguyen'),
      say('88 Hill Rd, Eureka'),
      say('707-555-0199'),
      say('thursday at 10', READ_BACK('Thursday, November 26', '10:00 AM')),
      say('yes', BOOKED('Thursday, November 26 at 10:00 AM')),
    ],
    booked: { date: '2026-11-26', time: '10:00 AM', service: 'house-wash' },
  },
  {
    id: 'messenger-price-follow-up',
    group: 'messenger',
    channel: 'messenger',
    turns: [
      say('how much to wash a house', { price: { kind: 'needs', asks: 'size' } }),
      say('2400 sq ft 2 story', { price: { kind: 'priced', low: 1056, high: 1716 } }),
    ],
  },
  {
    id: 'messenger-two-towns',
    group: 'messenger',
    channel: 'messenger',
    turns: [
      say('do you come to redway', { area: { kind: 'in-area', town: 'Redway', county: 'Humboldt' } }),
      say('and gualala?', { area: { kind: 'in-area', town: 'Gualala', county: 'Mendocino' } }),
    ],
  },
  {
    id: 'messenger-spanish-two-turns',
    group: 'messenger',
    channel: 'messenger',
    turns: [
      say('hola buenas', { spanish: true }),
      say('cuanto cuesta lavar la casa', { spanish: true, must: [/oficina/i] }),
    ],
  },
];

export const DIALOGUES: readonly Dialogue[] = [
  ...BOOKING_DIALOGUES,
  ...OTHER_DIALOGUES,
  ...MESSENGER_DIALOGUES,
];
