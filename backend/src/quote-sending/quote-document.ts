import {
  DEFAULT_SUBMISSION_SERVICE_LABEL,
  formatCents,
  priceFor,
  QUOTE_TERMS,
  QUOTE_VALIDITY_DAYS,
  type PhotoSubmission,
  type PublicProfile,
  type QuoteLine,
} from '@washdesk/contract';
import type { QuoteDocument } from './sent-quote.repository.ts';

/**
 * The services a quote lists: the surfaces the photo analysis found (with their areas), else the
 * service the customer asked for. Lines carry no prices of their own: the analysis's subtotals
 * are not what staff quoted, and the page must not show sums that disagree with the total.
 */
export function quoteLinesOf(s: PhotoSubmission): QuoteLine[] {
  if (s.analysis && s.analysis.surfaces.length > 0) {
    return s.analysis.surfaces.map((surface) => ({
      service: priceFor(surface.surfaceType).label,
      squareFeet: surface.squareFootage,
      unitPriceCents: null,
      amountCents: null,
    }));
  }
  return [
    {
      service: s.serviceType ?? DEFAULT_SUBMISSION_SERVICE_LABEL,
      squareFeet: s.squareFeet,
      unitPriceCents: null,
      amountCents: null,
    },
  ];
}

export const quoteDocumentOf = (s: PhotoSubmission, profile: PublicProfile): QuoteDocument => ({
  business: {
    name: profile.businessName,
    phone: profile.phone,
    email: profile.email,
    serviceArea: profile.serviceArea,
  },
  customerName: s.customerName ?? 'Customer',
  address: s.address,
  lines: quoteLinesOf(s),
  addOns: [],
});

/** The e-mail: plain text, the link on a line of its own so every mail client makes it clickable. */
export function quoteEmail(
  doc: QuoteDocument,
  amountCents: number,
  link: string,
  validUntil: string,
  fromPhotos: boolean,
) {
  const subject = `Your quote from ${doc.business.name}: ${formatCents(amountCents)}`;
  const text = [
    `Hello ${doc.customerName},`,
    '',
    `${fromPhotos ? 'Thank you for sending us your photos. ' : ''}Your quote for ${doc.lines.map((l) => l.service).join(', ')}` +
      `${doc.address ? ` at ${doc.address}` : ''} is ${formatCents(amountCents)}.`,
    ...(doc.addOns.length
      ? [
          '',
          `Optional extras you can add on the page: ${doc.addOns.map((a) => `${a.service} (${formatCents(a.amountCents)})`).join(', ')}.`,
        ]
      : []),
    '',
    'See the full quote, accept it or ask us a question here:',
    link,
    '',
    fromPhotos
      ? `The quote is valid for ${QUOTE_VALIDITY_DAYS} days (until ${validUntil.slice(0, 10)}).`
      : `The quote can be accepted until ${validUntil.slice(0, 10)}.`,
    '',
    QUOTE_TERMS,
    '',
    doc.business.name,
    doc.business.phone,
    doc.business.email,
  ].join('\n');
  return { subject, text };
}

/** The text message: short, the link last. */
export const quoteText = (doc: QuoteDocument, amountCents: number, link: string) =>
  `${doc.business.name}: your quote is ${formatCents(amountCents)}. See it, accept it or ask a question: ${link}`;

/** Staff's answer to a customer's question on their quote, by e-mail: the question quoted, the link again. */
export function answerEmail(doc: QuoteDocument, question: string, answer: string, link: string) {
  return {
    subject: `Re: your question about your quote from ${doc.business.name}`,
    text: [
      `Hello ${doc.customerName},`,
      '',
      'You asked:',
      ...question.split('\n').map((line) => `> ${line}`),
      '',
      answer,
      '',
      'Your quote, to accept it or ask another question:',
      link,
      '',
      doc.business.name,
      doc.business.phone,
    ].join('\n'),
  };
}

/** The same answer as a text: short, with the link to the quote. */
export const answerText = (doc: QuoteDocument, answer: string, link: string) =>
  `${doc.business.name}: ${answer} Your quote: ${link}`;
