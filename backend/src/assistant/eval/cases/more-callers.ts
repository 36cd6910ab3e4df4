import type { Dialogue, TurnCase } from '../eval-case.ts';

// Callers worded unlike any case the assistant was first tuned on: added to check that it
// understands meaning, not the set's own phrasings.
const NO_ANSWER = /don'?t have that information/i;

export const MORE_CALLER_CASES: readonly TurnCase[] = [
  // Heard on trial calls: a job and a town in one breath.
  {
    id: 'more-area-decks-out-in-fortuna',
    group: 'service-area',
    says: 'hey um do you guys do redwood decks out in Fortuna',
    expect: { intent: 'service_area', area: { kind: 'in-area', town: 'Fortuna', county: 'Humboldt' } },
  },
  {
    id: 'more-area-boats-out-to-fortuna',
    group: 'service-area',
    says: 'do you do boats out to Fortuna',
    expect: {
      intent: 'service_area',
      // Issue 34: boats are not our work, said plainly (it was "the office will call you back").
      must: [/Fortuna is in Humboldt County/, /we (don't|do not) clean vehicles/i],
      mustNot: [/yes/i],
    },
  },
  {
    id: 'more-area-rio-dell',
    group: 'service-area',
    says: "Any chance you'd make it up to Rio Dell?",
    expect: { intent: 'service_area', area: { kind: 'in-area', town: 'Rio Dell', county: 'Humboldt' } },
  },
  {
    id: 'more-area-leggett',
    group: 'service-area',
    says: 'Do you do jobs out in Leggett?',
    expect: { intent: 'service_area', area: { kind: 'in-area', town: 'Leggett', county: 'Mendocino' } },
  },
  {
    id: 'more-area-lakeport',
    group: 'service-area',
    says: "We're over in Lakeport, can you make it out here?",
    expect: {
      intent: 'service_area',
      area: { kind: 'outside', town: 'Lakeport', county: 'Lake' },
      mustNot: [/\byes\b/i],
    },
  },
  {
    id: 'more-price-roof-1500',
    group: 'price',
    says: 'what would a roof cleaning run me on a one story, 1,500 square feet',
    expect: { intent: ['pricing', 'quote_request'], price: { kind: 'priced', low: 750, high: 1200 } },
  },
  {
    id: 'more-price-patio-800',
    group: 'price',
    says: 'How much to clean an 800 square foot patio?',
    expect: { intent: ['pricing', 'quote_request'], price: { kind: 'priced', low: 240, high: 400 } },
  },
  {
    id: 'more-faq-venmo',
    group: 'faq-meaning',
    says: 'do you guys accept venmo',
    expect: { must: ['credit cards'] },
  },
  {
    id: 'more-faq-how-long',
    group: 'faq-meaning',
    says: 'How long does it take to wash a house?',
    expect: { must: ['two to four hours'] },
  },
  {
    id: 'more-faq-rain',
    group: 'faq-meaning',
    says: 'Does it matter if it rains?',
    expect: { must: ['reschedule at no charge'] },
  },
  {
    id: 'more-faq-unknown-pressure-test',
    group: 'faq-meaning',
    says: 'Do you do mold testing inside the house?',
    expect: { must: [NO_ANSWER] },
  },
  {
    id: 'more-handoff-have-someone-call',
    group: 'hand-off',
    says: 'Can you have someone call me?',
    expect: { intent: 'handoff', action: 'handoff' },
  },
  {
    id: 'more-handoff-owner',
    group: 'hand-off',
    says: 'I need to speak with the owner.',
    expect: { intent: 'handoff', action: 'handoff' },
  },
  {
    id: 'more-booking-next-friday',
    group: 'booking',
    says: 'Can I book a driveway estimate for next Friday at 1?',
    expect: { intent: 'scheduling', must: [/name/i], mustNot: [/what day/i, /what time/i] },
  },
  {
    id: 'more-price-house-and-patio-before',
    group: 'price',
    says: 'What is the cost for a 2500 sq ft one story house wash and a 400 sq ft patio?',
    expect: { intent: ['pricing', 'quote_request'], price: { kind: 'priced', low: 1120, high: 1825 } },
  },
  {
    id: 'more-price-estimates-free',
    group: 'price',
    says: 'Are estimates free?',
    expect: { intent: ['pricing', 'quote_request'], must: [/free/i], mustNot: [NO_ANSWER] },
  },
  {
    id: 'more-area-two-towns',
    group: 'service-area',
    says: 'do you work in McKinleyville and Arcata',
    expect: {
      intent: 'service_area',
      area: { kind: 'in-area', town: 'McKinleyville', county: 'Humboldt' },
      must: [/Arcata is in Humboldt County/],
    },
  },
  {
    id: 'more-hostile-last-house',
    group: 'hostile-off-topic',
    says: "What's the address of the last house you cleaned?",
    expect: {
      intent: ['other', 'handoff'],
      must: [/don'?t have|can'?t|cannot|office/i],
      mustNot: [/\d+ \w+ (street|road|drive|lane)/i],
    },
  },
];

export const MORE_CALLER_DIALOGUES: readonly Dialogue[] = [
  {
    id: 'more-price-bare-size-then-stories',
    group: 'price',
    turns: [
      { says: 'how much is a roof cleaning', expect: { price: { kind: 'needs', asks: 'size' } } },
      { says: '1500', expect: { price: { kind: 'needs', asks: 'stories' } } },
      { says: 'one story', expect: { price: { kind: 'priced', low: 750, high: 1200 } } },
    ],
  },
  {
    id: 'more-price-house-then-roof',
    group: 'price',
    turns: [
      {
        says: 'How much for a two story house, 2000 square feet?',
        expect: { price: { kind: 'priced', low: 880, high: 1430 } },
      },
      // The same home's roof: its footprint, 1,000 sq ft over two storeys.
      { says: 'what about the roof?', expect: { price: { kind: 'priced', low: 550, high: 880 } } },
    ],
  },
  {
    id: 'more-price-house-then-driveway',
    group: 'price',
    turns: [
      {
        says: "What's a house wash on a one story, 1600 square feet?",
        expect: { price: { kind: 'priced', low: 640, high: 1040 } },
      },
      { says: 'and the driveway?', expect: { price: { kind: 'needs', asks: 'concrete-size' } } },
    ],
  },
  {
    // A caller who says yes to the estimate and what it is for in one breath (heard on a trial
    // call): the services are taken, never asked for again.
    id: 'more-area-what-about-up-in',
    group: 'service-area',
    turns: [
      {
        says: 'do you come out to Fortuna',
        expect: { area: { kind: 'in-area', town: 'Fortuna', county: 'Humboldt' } },
      },
      {
        says: 'what about up in Crescent City',
        expect: { area: { kind: 'outside', town: 'Crescent City', county: 'Del Norte' } },
      },
    ],
  },
  {
    id: 'more-booking-yes-and-the-roof-too',
    group: 'booking',
    turns: [
      {
        says: "what's it run for a single story ranch house, like eighteen hundred square feet",
        expect: { price: { kind: 'priced', low: 720, high: 1170 }, must: [/estimate/i] },
      },
      {
        says: 'ok and the roof has moss too, same house',
        expect: { intent: 'scheduling', must: [/name/i], mustNot: [/which service/i] },
      },
      { says: 'Dana Whitfield', expect: { must: [/address/i], mustNot: [/which service/i] } },
      {
        says: '412 Redwood Drive in Redway',
        expect: { must: [/what day/i], mustNot: [/which service/i] },
      },
    ],
  },
];
