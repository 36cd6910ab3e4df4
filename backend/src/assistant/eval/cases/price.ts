import type { PriceExpectation, TurnCase } from '../eval-case.ts';

// Expected totals are the pricing engine's for the details the caller gave (surface, square feet,
// storeys → difficulty), worked out from pricing.ts by hand: e.g. 2,400 sq ft of house over two
// storeys is 2,400 × $0.40 × 1.1 = $1,056 to 2,400 × $0.65 × 1.1 = $1,716.
const price = (
  id: string,
  says: string,
  expected: PriceExpectation,
  must: (string | RegExp)[] = [],
): TurnCase => ({
  id: `price-${id}`,
  group: 'price',
  says,
  expect: { intent: ['pricing', 'quote_request'], price: expected, must },
});
const priced = (low: number, high: number): PriceExpectation => ({ kind: 'priced', low, high });

export const PRICE_CASES: readonly TurnCase[] = [
  // The second bullet: the per-square-foot range came back, no total.
  price(
    'issue-two-story-2400',
    'How much to wash a two-story house, about 2,400 square feet?',
    priced(1056, 1716),
  ),
  price(
    'words-2400-single',
    'What would you charge for a single story house, twenty four hundred square feet?',
    priced(960, 1560),
  ),
  price(
    'filler-1800',
    "uh hi, how much is it to get my house washed, it's like 1800 square feet, one story",
    priced(720, 1170),
  ),
  price(
    '3000-two-story',
    "I've got a 2 story, about 3,000 sq ft. How much for a soft wash?",
    priced(1320, 2145),
  ),
  price(
    'roof-2000',
    "Roof cleaning on a single story house, around 2000 square feet, what's that run?",
    priced(1000, 1600),
  ),
  price(
    'moss-2200',
    "How much to get the moss off my roof? It's a two story house, about 2,200 square feet.",
    priced(726, 1089),
  ),
  price(
    'driveway-600',
    "What do you charge to clean a driveway? It's maybe 600 square feet.",
    priced(180, 300),
  ),
  price(
    'small-patio',
    'Just a small patio, like a hundred and fifty square feet. How much would that be?',
    priced(150, 150),
    ['$150'],
  ),
  price('three-story', 'How much for a three story house, 3,500 square feet?', priced(1750, 2844)),
  price('2-4k', "what's the wash cost on a 2.4k sq ft two-story", priced(1056, 1716)),
  price('bedrooms', "It's a three bedroom single story. How much to wash it?", priced(640, 1040), [
    /typical|guess/i,
  ]),
  price('fifteen-hundred', 'how much for a fifteen hundred square foot single story house', priced(600, 975)),
  price(
    'cabin',
    'Roughly what would a soft wash on a 1,200 square foot cabin cost? One level.',
    priced(480, 780),
  ),
  price(
    'pool-concrete',
    'How much to clean the concrete around my pool? About 400 square feet.',
    priced(150, 200),
  ),
  price(
    'roof-two-story-house',
    'How much for roof cleaning? The house is two stories, about two thousand square feet.',
    priced(550, 880),
  ),
  price(
    'eighteen-hundred-rancher',
    "I've got an eighteen hundred square foot rancher, what's a house wash cost?",
    priced(720, 1170),
  ),
  price(
    'sq-ft-and-stories-later',
    'ok so the house is 2,200 square feet and two stories, what are we looking at',
    priced(968, 1573),
  ),
  price(
    'moss-and-roof',
    'ballpark for the roof and the moss? two story, 2600 square foot house',
    priced(858, 1287),
  ),
  price(
    'house-and-driveway',
    "House and driveway. Two story, 2000 square feet, and the driveway's about 500.",
    priced(1030, 1680),
  ),
  price('needs-anything', 'How much do you charge?', { kind: 'needs', asks: 'surface' }),
  price('needs-size-house', 'How much to wash my house?', { kind: 'needs', asks: 'size' }),
  price('needs-size-roof', 'How much is it for a roof cleaning?', { kind: 'needs', asks: 'size' }),
  price('needs-size-two-story', 'How much to wash a 2 story house?', { kind: 'needs', asks: 'size' }),
  price('needs-stories', 'My house is about 2000 square feet, how much?', { kind: 'needs', asks: 'stories' }),
  price('deck', "What's the price to clean my deck?", { kind: 'not-on-price-list' }, ['deck']),
  price('fence', 'How much to pressure wash a fence?', { kind: 'not-on-price-list' }, ['fence']),
  price('gutters', 'Can you give me a price on gutters?', { kind: 'not-on-price-list' }, ['gutters']),
  price('windows', 'how much do you guys charge for windows', { kind: 'not-on-price-list' }, ['windows']),
  {
    id: 'price-rate-roof',
    group: 'price',
    says: 'How much per square foot for a roof?',
    expect: { intent: 'pricing', must: ['$0.50', '$0.80'] },
  },
  {
    id: 'price-minimum',
    group: 'price',
    says: 'Is there a minimum charge?',
    expect: { intent: 'pricing', must: ['$150'] },
  },
];
