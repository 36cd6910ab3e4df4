import { describe, expect, it } from 'vitest';
import { QUOTE_TERMS, QUOTE_TERMS_IN, type PhotoSubmission, type PublicProfile } from '@washdesk/contract';
import { shownSha256 } from './accepted-evidence.ts';
import { quoteDocumentOf } from './quote-document.ts';
import { termsOf } from './sent-quote.repository.ts';

// The quote as it is frozen at sending (issue 37): a Spanish customer's lists the services we name
// and the standard terms in Spanish; an English one is stored exactly as before the languages.

const PROFILE: PublicProfile = {
  businessName: 'Lost Coast Soft Wash',
  phone: '(707) 555-0142',
  email: 'office@lostcoast-softwash.example',
  serviceArea: 'Humboldt County',
  schedulingCalendarUrl: '',
  serviceRadiusMiles: 40,
  followUpHours: 24,
  instantQuotes: 'ai-model',
};

const submission = (over: Partial<PhotoSubmission> = {}): PhotoSubmission => ({
  id: 7,
  customerName: 'Rosa Méndez',
  firstName: 'Rosa',
  lastName: 'Méndez',
  phone: '+17075550171',
  email: null,
  address: '8 Alder Point Rd, Garberville, CA',
  serviceType: 'House Soft Wash',
  notes: null,
  stories: null,
  squareFeet: 1800,
  photos: [],
  status: 'pending',
  estimateAmount: null,
  source: 'photo-form',
  analysis: null,
  createdAt: '2026-11-23T17:30:00.000Z',
  updatedAt: '2026-11-23T17:30:00.000Z',
  ...over,
});

const analysed = submission({
  analysis: {
    provider: 'openai',
    model: 'gpt-test',
    surfaces: [
      { surfaceType: 'roof_cleaning', squareFootage: 900, difficulty: 'moderate', confidence: 0.9, notes: '' },
      { surfaceType: 'concrete_cleaning', squareFootage: 450, difficulty: 'easy', confidence: 0.8, notes: '' },
    ],
    confidence: 0.85,
    priceLow: 600,
    priceHigh: 900,
    suggestedTotal: 750,
    durationMs: 1200,
    fallbackReason: null,
    createdAt: '2026-11-23T17:30:00.000Z',
  },
});

describe('the quote document frozen at sending', () => {
  it('is, for an English customer, byte for byte the document sent before the languages', () => {
    expect(JSON.stringify(quoteDocumentOf(submission(), PROFILE, 'en'))).toBe(
      '{"business":{"name":"Lost Coast Soft Wash","phone":"(707) 555-0142","email":"office@lostcoast-softwash.example",' +
        '"serviceArea":"Humboldt County"},"customerName":"Rosa Méndez","address":"8 Alder Point Rd, Garberville, CA",' +
        '"lines":[{"service":"House Soft Wash","squareFeet":1800,"unitPriceCents":null,"amountCents":null}],"addOns":[]}',
    );
    expect(quoteDocumentOf(analysed, PROFILE).lines.map((l) => l.service)).toEqual([
      'Roof Cleaning',
      'Concrete Cleaning',
    ]);
    expect(termsOf(quoteDocumentOf(submission(), PROFILE))).toBe(QUOTE_TERMS);
  });

  it('names the services and the terms in Spanish for a Spanish customer', () => {
    const document = quoteDocumentOf(analysed, PROFILE, 'es');
    expect(document.lines.map((l) => l.service)).toEqual(['Limpieza de techo', 'Limpieza de concreto']);
    expect(termsOf(document)).toBe(QUOTE_TERMS_IN.es);
    expect(quoteDocumentOf(submission(), PROFILE, 'es').lines[0]!.service).toBe('Lavado suave de la casa');
    expect(quoteDocumentOf(submission({ serviceType: null }), PROFILE, 'es').lines[0]!.service).toBe(
      'Limpieza general',
    );
    // A service type we have no Spanish for stays as it came rather than being guessed.
    expect(quoteDocumentOf(submission({ serviceType: 'Solar panels' }), PROFILE, 'es').lines[0]!.service).toBe(
      'Solar panels',
    );
  });

  it('keeps the hash of what an English page showed, and a Spanish page’s covers its own terms', () => {
    const quote = (document: ReturnType<typeof quoteDocumentOf>) => ({
      document,
      amountCents: 45_000,
      validUntil: '2026-12-23T17:30:00.000Z',
    });
    const accepted = { name: 'Rosa Méndez', addOnIds: [], totalCents: 45_000 };
    const english = quoteDocumentOf(submission(), PROFILE);
    // The hash this document had before the languages (computed by that build's accepted-evidence.ts):
    // an English acceptance's evidence still checks out.
    expect(shownSha256(quote(english), accepted)).toBe(
      'dd166c83dee4c28a79891015580e3eb6f52b1fb38f97ba4f79556b80ee106b08',
    );
    const spanish = quoteDocumentOf(submission(), PROFILE, 'es');
    expect(shownSha256(quote(spanish), accepted)).not.toBe(
      shownSha256(quote({ ...spanish, terms: QUOTE_TERMS }), accepted),
    );
  });
});
