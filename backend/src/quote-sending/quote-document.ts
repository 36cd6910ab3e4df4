import {
  DEFAULT_SUBMISSION_SERVICE_LABEL,
  formatCents,
  priceFor,
  QUOTE_TERMS,
  pageLinkIn,
  QUOTE_TERMS_IN,
  QUOTE_VALIDITY_DAYS,
  SERVICE_TYPE_LABELS_ES,
  SURFACE_LABELS_ES,
  type Language,
  type PhotoSubmission,
  type PublicProfile,
  type QuoteLine,
} from '@washdesk/contract';
import type { QuoteDocument } from './sent-quote.repository.ts';

// The service names we write on a Spanish customer's quote (issue 37): contract/src/service-names.ts,
// the same words their pages use. A service type we do not know stays as it came.
const serviceTypeIn = (serviceType: string, language: Language) =>
  language === 'es' ? (SERVICE_TYPE_LABELS_ES as Record<string, string>)[serviceType] ?? serviceType : serviceType;

/**
 * The services a quote lists: the surfaces the photo analysis found (with their areas), else the
 * service the customer asked for, named in the customer's language. Lines carry no prices of their
 * own: the analysis's subtotals are not what staff quoted, and the page must not show sums that
 * disagree with the total.
 */
export function quoteLinesOf(s: PhotoSubmission, language: Language = 'en'): QuoteLine[] {
  if (s.analysis && s.analysis.surfaces.length > 0) {
    return s.analysis.surfaces.map((surface) => ({
      service:
        language === 'es' ? SURFACE_LABELS_ES[surface.surfaceType] : priceFor(surface.surfaceType).label,
      squareFeet: surface.squareFootage,
      unitPriceCents: null,
      amountCents: null,
    }));
  }
  return [
    {
      service: serviceTypeIn(s.serviceType ?? DEFAULT_SUBMISSION_SERVICE_LABEL, language),
      squareFeet: s.squareFeet,
      unitPriceCents: null,
      amountCents: null,
    },
  ];
}

/**
 * The quote as sent, frozen: for a Spanish customer its service names and its terms in Spanish; an
 * English quote is the same document as ever (no `terms` of its own: the contract's QUOTE_TERMS).
 */
export const quoteDocumentOf = (
  s: PhotoSubmission,
  profile: PublicProfile,
  language: Language = 'en',
): QuoteDocument => ({
  business: {
    name: profile.businessName,
    phone: profile.phone,
    email: profile.email,
    serviceArea: profile.serviceArea,
  },
  customerName: s.customerName ?? 'Customer',
  address: s.address,
  lines: quoteLinesOf(s, language),
  addOns: [],
  ...(language === 'en' ? {} : { terms: QUOTE_TERMS_IN[language] }),
});

/** The e-mail: plain text, the link on a line of its own so every mail client makes it clickable. */
export function quoteEmail(
  doc: QuoteDocument,
  amountCents: number,
  link: string,
  validUntil: string,
  fromPhotos: boolean,
  language: Language = 'en',
) {
  const amount = formatCents(amountCents);
  const services = doc.lines.map((l) => l.service).join(', ');
  const until = validUntil.slice(0, 10);
  const extras = doc.addOns.map((a) => `${a.service} (${formatCents(a.amountCents)})`).join(', ');
  const business = [doc.business.name, doc.business.phone, doc.business.email];
  if (language === 'es')
    return {
      subject: `Su presupuesto de ${doc.business.name}: ${amount}`,
      text: [
        `Hola ${doc.customerName}:`,
        '',
        `${fromPhotos ? 'Gracias por enviarnos sus fotos. ' : ''}Su presupuesto para ${services}` +
          `${doc.address ? ` en ${doc.address}` : ''} es de ${amount}.`,
        ...(doc.addOns.length ? ['', `Servicios adicionales que puede agregar en la página: ${extras}.`] : []),
        '',
        'Vea el presupuesto completo, acéptelo o háganos una pregunta aquí:',
        pageLinkIn(link, language),
        '',
        fromPhotos
          ? `El presupuesto es válido por ${QUOTE_VALIDITY_DAYS} días (hasta el ${until}).`
          : `Puede aceptar el presupuesto hasta el ${until}.`,
        '',
        QUOTE_TERMS_IN.es,
        '',
        ...business,
      ].join('\n'),
    };
  const subject = `Your quote from ${doc.business.name}: ${amount}`;
  const text = [
    `Hello ${doc.customerName},`,
    '',
    `${fromPhotos ? 'Thank you for sending us your photos. ' : ''}Your quote for ${services}` +
      `${doc.address ? ` at ${doc.address}` : ''} is ${amount}.`,
    ...(doc.addOns.length ? ['', `Optional extras you can add on the page: ${extras}.`] : []),
    '',
    'See the full quote, accept it or ask us a question here:',
    link,
    '',
    fromPhotos
      ? `The quote is valid for ${QUOTE_VALIDITY_DAYS} days (until ${until}).`
      : `The quote can be accepted until ${until}.`,
    '',
    QUOTE_TERMS,
    '',
    ...business,
  ].join('\n');
  return { subject, text };
}

/** The text message: short, the link last. */
export const quoteText = (doc: QuoteDocument, amountCents: number, link: string, language: Language = 'en') =>
  language === 'es'
    ? `${doc.business.name}: su presupuesto es de ${formatCents(amountCents)}. Véalo, acéptelo o haga una pregunta: ${pageLinkIn(link, language)}`
    : `${doc.business.name}: your quote is ${formatCents(amountCents)}. See it, accept it or ask a question: ${link}`;

/** Staff's answer to a customer's question on their quote, by e-mail: the question quoted, the link again. */
export function answerEmail(doc: QuoteDocument, question: string, answer: string, link: string, language: Language = 'en') {
  const es = language === 'es';
  return {
    subject: es
      ? `Re: su pregunta sobre su presupuesto de ${doc.business.name}`
      : `Re: your question about your quote from ${doc.business.name}`,
    text: [
      es ? `Hola ${doc.customerName}:` : `Hello ${doc.customerName},`,
      '',
      es ? 'Usted preguntó:' : 'You asked:',
      ...question.split('\n').map((line) => `> ${line}`),
      '',
      answer,
      '',
      es ? 'Su presupuesto, para aceptarlo o hacer otra pregunta:' : 'Your quote, to accept it or ask another question:',
      pageLinkIn(link, language),
      '',
      doc.business.name,
      doc.business.phone,
    ].join('\n'),
  };
}

/** The same answer as a text: short, with the link to the quote. */
export const answerText = (doc: QuoteDocument, answer: string, link: string, language: Language = 'en') =>
  language === 'es'
    ? `${doc.business.name}: ${answer} Su presupuesto: ${pageLinkIn(link, language)}`
    : `${doc.business.name}: ${answer} Your quote: ${link}`;
