import { DEFAULT_FOLLOW_THROUGH } from '@washdesk/contract';
import { describe, expect, it } from 'vitest';
import { previewOf, type PreviewContext } from './message-preview.ts';

// The preview fills a text as the server sends it: the business's name first, the sample
// customer's first name after a comma, each message's own link.

const ctx: PreviewContext = {
  businessName: 'Lost Coast Soft Wash',
  phone: '(707) 555-0142',
  origin: 'https://washdesk.example.com',
  settings: { reviewLink: '' },
  // Monday 23 November 2026, noon UTC: the sample visit is two days later.
  now: Date.parse('2026-11-23T20:00:00Z'),
};

describe('message preview', () => {
  it('fills each default text with the sample customer', () => {
    expect(previewOf('missedCallText', DEFAULT_FOLLOW_THROUGH.missedCallText, ctx)).toBe(
      "Lost Coast Soft Wash: sorry we missed your call! Send us a few photos for a quick quote: https://washdesk.example.com/photo-quote-tool or reply here and we'll get back to you.",
    );
    expect(previewOf('reminderText', DEFAULT_FOLLOW_THROUGH.reminderText, ctx)).toBe(
      'Lost Coast Soft Wash: a reminder of your House Wash visit on Wednesday, November 25 at 10:00 AM, 512 Redwood Drive, Garberville. Confirm, reschedule or cancel at https://washdesk.example.com/visit/sample-visit-link or reply C to confirm or R to reschedule, or call (707) 555-0142.',
    );
    expect(previewOf('reviewText', DEFAULT_FOLLOW_THROUGH.reviewText, ctx)).toBe(
      'Lost Coast Soft Wash: thank you for choosing us, Dana! If you have a minute, a review helps a lot: (your review link)',
    );
  });

  it('fills each Spanish text as a Spanish customer reads it: their day, our service and page links in Spanish (issue 37)', () => {
    const reminder = previewOf('reminderTextEs', DEFAULT_FOLLOW_THROUGH.reminderTextEs, ctx);
    expect(reminder).toMatch(/^Lost Coast Soft Wash: /);
    expect(reminder).toContain('miércoles, 25 de noviembre');
    expect(reminder).toContain('https://washdesk.example.com/visit/sample-visit-link?lang=es');
    expect(reminder).not.toMatch(/House Wash|Wednesday|November/);
    expect(previewOf('followUpLaterTextEs', DEFAULT_FOLLOW_THROUGH.followUpLaterTextEs, ctx)).toBe(
      'Lost Coast Soft Wash: su presupuesto sigue disponible, Dana: https://washdesk.example.com/quote/sample-quote-link?lang=es Con gusto respondemos sus preguntas al (707) 555-0142.',
    );
    // Every message has both texts, each previewed in its own language (the missing review link's
    // placeholder is staff's, never sent).
    for (const name of Object.keys(DEFAULT_FOLLOW_THROUGH).filter((n) => n.endsWith('TextEs')))
      expect(
        previewOf(name as 'reminderTextEs', DEFAULT_FOLLOW_THROUGH[name as 'reminderTextEs'], ctx).replace(
          /https?:\/\/\S+|\(your review link\)/g,
          '',
        ),
        name,
      ).not.toMatch(/\b(your|the|you|visit|quote is)\b/i);
  });

  it('leaves a field the text may not use as typed, so staff see it', () => {
    expect(previewOf('reserviceText', 'hi{name} {link}', ctx)).toBe('Lost Coast Soft Wash: hi, Dana {link}');
    expect(previewOf('reserviceText', 'hi {nmae}', ctx)).toBe('Lost Coast Soft Wash: hi {nmae}');
  });
});
