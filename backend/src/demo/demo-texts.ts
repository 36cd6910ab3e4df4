import type { AiIntent, FaqCategory, MessageSender } from '@washdesk/contract';

export const DEMO_FAQ: [FaqCategory, string, string][] = [
  [
    'Services',
    'What is soft washing?',
    'Soft washing cleans siding and roofs with low pressure and a gentle, biodegradable cleaner that kills mold and algae at the root, so it stays clean longer than pressure washing.',
  ],
  [
    'Services',
    'Do you clean roofs and remove moss?',
    'Yes. We treat moss and lichen on asphalt, metal and tile roofs without walking on fragile shingles or blasting them.',
  ],
  [
    'Pricing',
    'How much does a house wash cost?',
    'House soft washing runs $0.40 to $0.65 per square foot, with a $150 minimum for small homes. Estimates are free.',
  ],
  ['Pricing', 'Do you charge for estimates?', 'No, estimates are always free, on site or from your photos.'],
  [
    'Service Areas',
    'Where do you work?',
    'Mendocino, Humboldt and Trinity counties, especially Southern Humboldt, within about 30 miles of our base.',
  ],
  ['Service Areas', 'Do you come out to Shelter Cove?', 'Yes, Shelter Cove is in our regular service area.'],
  [
    'Process',
    'Do I need to be home?',
    'No. We need access to an outside water tap and any gates; we send photos when we are done.',
  ],
  [
    'Process',
    'Is the cleaner safe for my plants and pets?',
    'Yes. We pre-wet and rinse plants, and the cleaner is biodegradable. Keep pets inside while we work.',
  ],
  [
    'Scheduling',
    'How soon can you come?',
    'Usually within one to two weeks; in spring it can be three. We contact you within 24 hours to set a day.',
  ],
  [
    'Scheduling',
    'What if it rains?',
    'Light rain is fine for most jobs. In heavy rain we reschedule at no charge.',
  ],
  ['General', 'Are you insured?', 'Yes, fully licensed and insured; we can send a certificate on request.'],
  [
    'General',
    'Do you pressure wash decks?',
    'We clean decks with low pressure to protect the wood. This entry is switched off while we review it.',
  ],
];

export const DEMO_CALL_SUMMARIES: [string, AiIntent][] = [
  ['Asked about a house wash for a two-story home; sent the photo quote link.', 'quote_request'],
  ['Wanted to know if we serve Redway. Confirmed and offered a free estimate.', 'service_area'],
  ['Booked a free estimate for roof moss removal.', 'scheduling'],
  ['Asked the price per square foot for driveway cleaning.', 'pricing'],
  ['Asked whether soft washing is safe for painted cedar siding.', 'service_inquiry'],
];

export const DEMO_AI_RESPONSES: [string, string, AiIntent][] = [
  [
    'Do you clean gutters?',
    'Yes, we clean gutters and brighten the outside of them too. Would you like a free estimate?',
    'service_inquiry',
  ],
  [
    'How much for a 2,000 square foot house?',
    'House washing runs about $0.40 to $0.65 per square foot, so roughly $800 to $1,300. If you text us a few photos we can narrow it down.',
    'quote_request',
  ],
  [
    'Can you come next Tuesday?',
    'I can book a free estimate for Tuesday morning. What is the address?',
    'scheduling',
  ],
  ['Do you go to Ferndale?', 'Yes, Ferndale is in our service area.', 'service_area'],
  ['What do you charge for roofs?', 'Sorry, I did not catch that. Could you say it again?', 'pricing'],
  [
    'Is the soap safe for my garden?',
    'Yes, the cleaner is biodegradable and we rinse your plants before and after.',
    'service_inquiry',
  ],
];

export const DEMO_CONVERSATIONS: {
  facebookUserId: string;
  firstName: string | null;
  lastName: string | null;
  intent: AiIntent;
  messages: [MessageSender, string][];
}[] = [
  {
    facebookUserId: '7310000000004821',
    firstName: 'Dana',
    lastName: 'Whitlock',
    intent: 'quote_request',
    messages: [
      ['customer', 'Hi! How much would it be to wash a single-story house in Redway?'],
      [
        'assistant',
        'Hi Dana! Single-story homes usually run $0.40 to $0.65 per square foot. Could you send a photo or two of the house so we can give you a closer number?',
      ],
      ['customer', 'Sure, I will send some tonight. Do you also do decks?'],
      ['staff', 'We do! Send a photo of the deck too and we will include it in the quote.'],
    ],
  },
  {
    facebookUserId: '7310000000009137',
    firstName: null,
    lastName: null,
    intent: 'scheduling',
    messages: [
      ['customer', 'Are you available the week after next for a roof cleaning?'],
      [
        'assistant',
        'We have openings that week. Would you like a free estimate first? Just share your address.',
      ],
      ['customer', 'Yes please. It is off Sprowel Creek Rd in Garberville.'],
    ],
  },
];
