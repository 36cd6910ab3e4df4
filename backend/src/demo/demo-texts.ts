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

/**
 * A demo call that the assistant answered: its summary says what its turns say (Call Logs shows
 * both side by side). `successful: false` marks a turn the assistant did not understand.
 */
export interface DemoCall {
  summary: string;
  intent: AiIntent;
  turns: { caller: string; assistant: string; successful?: boolean; photoRequestSent?: boolean }[];
}

export const DEMO_CALLS: DemoCall[] = [
  {
    summary: 'Asked about a house wash for a two-story home; sent the photo quote link.',
    intent: 'quote_request',
    turns: [
      {
        caller: 'How much for a 2,000 square foot house? It is two stories.',
        assistant:
          'House washing runs about $0.40 to $0.65 per square foot, so roughly $800 to $1,300. If you send a few photos we can narrow it down. Shall I text you the link?',
      },
      {
        caller: 'Yes, text me the link.',
        assistant: 'Done: the link for your photos is on its way to this phone.',
        photoRequestSent: true,
      },
    ],
  },
  {
    summary: 'Wanted to know if we serve Ferndale. Confirmed and offered a free estimate.',
    intent: 'service_area',
    turns: [
      {
        caller: 'Do you go to Ferndale?',
        assistant: 'Yes, Ferndale is in our service area. Would you like a free estimate?',
      },
    ],
  },
  {
    summary: 'Asked the price per square foot for driveway cleaning.',
    intent: 'pricing',
    turns: [
      {
        caller: 'What do you charge to clean a concrete driveway?',
        assistant: 'Concrete cleaning runs $0.30 to $0.50 per square foot, with a $150 minimum.',
      },
    ],
  },
  {
    summary: 'Asked whether soft washing is safe for painted cedar siding.',
    intent: 'service_inquiry',
    turns: [
      {
        caller: 'Is soft washing safe for painted cedar siding?',
        assistant:
          'Yes. Soft washing uses low pressure and a gentle cleaner, so it will not strip paint or raise the grain of cedar.',
      },
    ],
  },
  {
    summary: 'Asked about roof cleaning prices; the assistant did not catch the question.',
    intent: 'pricing',
    turns: [
      {
        caller: 'What do you charge for roofs?',
        assistant: 'Sorry, I did not catch that. Could you say it again?',
        successful: false,
      },
    ],
  },
  {
    summary: 'Asked whether the cleaner is safe for the garden.',
    intent: 'service_inquiry',
    turns: [
      {
        caller: 'Is the soap safe for my garden?',
        assistant: 'Yes, the cleaner is biodegradable and we rinse your plants before and after.',
      },
    ],
  },
  {
    summary: 'Asked whether we clean gutters; offered a free estimate.',
    intent: 'service_inquiry',
    turns: [
      {
        caller: 'Do you clean gutters?',
        assistant:
          'Yes, we clean gutters and brighten the outside of them too. Would you like a free estimate?',
      },
    ],
  },
];

/** A call in which the assistant booked the free estimate it is linked to. */
export const demoBookingCall = (booking: { service: string; day: string; time: string }): DemoCall => ({
  summary: `Booked a free estimate for ${booking.service.toLowerCase()} on ${booking.day} at ${booking.time}.`,
  intent: 'scheduling',
  turns: [
    {
      caller: `I would like someone to look at the house for ${booking.service.toLowerCase()}.`,
      assistant: 'I can book a free estimate. Which day suits you?',
    },
    {
      caller: `${booking.day} at ${booking.time}, please.`,
      assistant: `Booked: a free estimate on ${booking.day} at ${booking.time}. We will see you then.`,
    },
  ],
});

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
