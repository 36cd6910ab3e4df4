import type { Dialogue, TurnCase, TurnExpectation } from '../eval-case.ts';

// Work outside the trade (issue 34, item 5): vehicles, interiors, other trades. Declined plainly —
// no price, no "the office will price that", no booking — while the business's own services
// (gutters, windows, decks) are still answered as services. Written as callers ask.
const DECLINED = /we (don't|do not|only)\b/i;
const NEVER = [
  /office will price/i,
  /after a look/i,
  /\$/,
  /may I have your name/i,
  /free on-site estimate\?/i,
];
const declined = (id: string, says: string, extra: TurnExpectation = {}): TurnCase => ({
  id: `trade-${id}`,
  group: 'the-trade',
  says,
  expect: { must: [DECLINED], mustNot: NEVER, ...extra },
});

export const TRADE_CASES: readonly TurnCase[] = [
  declined('car-detail', 'Hey, do you guys detail cars?'),
  declined('boat', 'can you wash my boat'),
  declined('rv-price', 'how much would you charge to pressure wash my RV'),
  declined('truck', 'Could you clean my truck?'),
  declined('carpets', 'Do you clean carpets?'),
  declined('inside', 'Can you clean the inside of my house, like the walls and floors?'),
  declined('couch', 'I need my couch and rugs cleaned, is that something you do?'),
  declined('air-ducts', 'do you do air duct cleaning'),
  declined('book-car', 'I want to book someone to detail my car on Friday', {
    mustNot: [...NEVER, /what day/i],
  }),
  {
    id: 'trade-truck-and-driveway',
    group: 'the-trade',
    says: 'How much to wash my truck and the driveway, about 600 square feet?',
    expect: {
      price: { kind: 'priced', low: 180, high: 300 },
      must: [DECLINED],
      mustNot: [/office will price/i, /after a look/i],
    },
  },
  {
    id: 'trade-gutters-still-ours',
    group: 'the-trade',
    says: 'Do you clean gutters?',
    expect: { mustNot: [/we (don't|do not) (do|clean|wash)/i] },
  },
  {
    id: 'trade-boats-out-to-fortuna',
    group: 'the-trade',
    says: 'do you do boats out to Fortuna',
    expect: {
      intent: 'service_area',
      must: [/Fortuna is in Humboldt County/, DECLINED],
      mustNot: [/\byes\b/i, /office will price/i, /call you back/i],
    },
  },
];

export const TRADE_DIALOGUES: readonly Dialogue[] = [
  {
    id: 'trade-car-mid-booking',
    group: 'the-trade',
    turns: [
      { says: 'I want to book an estimate for my house', expect: { must: [/name/i] } },
      {
        says: 'oh and can you do my car while you are there',
        expect: { must: [DECLINED, /name/i], mustNot: [/office will price/i] },
      },
    ],
  },
];
