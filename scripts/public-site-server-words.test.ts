import { beforeEach, describe, expect, it } from 'vitest';
import {
  AUTH_MESSAGES,
  CONTACT_MESSAGES,
  CONTACT_REQUIRED,
  HOME_SIZE_MESSAGES,
  notAPhotoMessage,
  PHOTOS_REQUIRED,
  PHOTOS_REQUIRED_MESSAGE,
  photoSubmissionCreateSchema,
  quoteCustomerInfoSchema,
  ADVERTISED_PRICES,
  PHOTO_FORM_SERVICE_TYPES,
  RATE_LABEL,
  DEPOSIT_TEXTS,
  formatCents,
  INVOICE_MESSAGES,
  QUOTE_REFUSALS,
  MAX_TIP_CENTS,
  PAY_AT_THE_VISIT,
  payInvoiceSchema,
} from '@washdesk/contract';
import { notFound } from '../backend/src/http/errors.ts';
import { payRefusalIn } from '../public-site/src/invoice/pay-refusals.ts';
import { limitPhotos } from '../public-site/src/quote-tool/photo-selection.ts';
import { en } from '../public-site/src/i18n/catalog.en.ts';
import { serviceTypeChoices } from '../public-site/src/photo-form/photo-form-data.ts';
import { UPLOAD_TOO_SLOW } from '../backend/src/photos/photo.storage.ts';
import {
  estimateFromAnswers,
  LOCAL_ESTIMATE_NOTE,
  TYPICAL_SIZE_NOTE,
} from '../backend/src/quotes/local-estimate.ts';
import { priceQuote } from '../backend/src/quotes/pricing.ts';
import { LOW_CONFIDENCE_NOTE, toPhotoQuote } from '../backend/src/quotes/quote.service.ts';
import { messages as englishMessages } from '../public-site/src/i18n/compiled/site.en.ts';
import { messages as spanishMessages } from '../public-site/src/i18n/compiled/site.es.ts';
import { activateLanguage } from '../public-site/src/i18n/i18n.ts';
import { listInPageLanguage, notesInPageLanguage } from '../public-site/src/i18n/said-in-answers.ts';
import { saidInPageLanguage } from '../public-site/src/i18n/said-in-english.ts';

// The texts the photo form and the quote tool receive already written in English (issue 37): the
// contract's checks and the backend's answers, taken from their own code here, so a reworded
// message fails this test instead of reaching a Spanish page in English. On an English page each
// is shown exactly as it came.

/** Field refusals as the server words them, from its own schemas. */
const refusals = (
  schema: typeof photoSubmissionCreateSchema | typeof quoteCustomerInfoSchema,
  body: object,
) => schema.safeParse(body).error!.issues.map((issue) => issue.message);

const priced = priceQuote([
  { surfaceType: 'house_soft_wash', squareFootage: 2400, difficulty: 'moderate' },
  { surfaceType: 'concrete_cleaning', squareFootage: 100, difficulty: 'difficult' },
]);
const small = priceQuote([{ surfaceType: 'concrete_cleaning', squareFootage: 50, difficulty: 'easy' }]);
const localQuote = (() => {
  const analysis = estimateFromAnswers({
    serviceType: 'Multiple Services',
    notes: null,
    stories: 2,
    squareFeet: null,
  });
  const quote = priceQuote(analysis.surfaces);
  return toPhotoQuote({
    provider: 'local-estimate',
    analysis,
    quote,
    confidence: 0.3,
    notes: analysis.notes,
  });
})();

const ENGLISH_TEXTS = [
  ...Object.values(CONTACT_MESSAGES),
  ...Object.values(HOME_SIZE_MESSAGES),
  CONTACT_REQUIRED.message,
  PHOTOS_REQUIRED.message,
  PHOTOS_REQUIRED_MESSAGE,
  ...refusals(photoSubmissionCreateSchema, {
    firstName: '',
    lastName: '',
    phone: 'abc',
    serviceType: 'Nope',
    email: 'x',
    stories: '9',
    squareFeet: '5',
  }),
  ...refusals(quoteCustomerInfoSchema, { name: 'x'.repeat(200), phone: '' }),
  notAPhotoMessage('porch.jpg'),
  'Each photo must be 10 MB or smaller',
  'Too many photos',
  'Photo dimensions are too large',
  UPLOAD_TOO_SLOW,
  AUTH_MESSAGES.tooManyRequests(42),
  LOCAL_ESTIMATE_NOTE,
  TYPICAL_SIZE_NOTE,
  LOW_CONFIDENCE_NOTE,
  RATE_LABEL,
  priced.validityPeriod,
  ...priced.adjustments!.map((a) => a.reason),
  ...small.adjustments!.map((a) => a.reason),
  ...priced.serviceBreakdown.map((line) => line.service),
  localQuote.estimatedArea,
  localQuote.difficulty,
  ...localQuote.serviceRecommendations,
];

describe('the texts that reach the public forms in English', () => {
  describe('on an English page', () => {
    beforeEach(() => activateLanguage('en', englishMessages));
    it('are shown exactly as they came', () => {
      for (const text of ENGLISH_TEXTS) expect(saidInPageLanguage(text, 'common.problem.other')).toBe(text);
      expect(listInPageLanguage(localQuote.surfaceType)).toBe(localQuote.surfaceType);
      expect(notesInPageLanguage(`${LOCAL_ESTIMATE_NOTE} ${LOW_CONFIDENCE_NOTE}`)).toBe(
        `${LOCAL_ESTIMATE_NOTE} ${LOW_CONFIDENCE_NOTE}`,
      );
    });
  });

  describe('on a Spanish page', () => {
    beforeEach(() => activateLanguage('es', spanishMessages));
    it('are each said in Spanish, with their values, none by the fallback', () => {
      const fallback = saidInPageLanguage('A refusal nobody has written yet', 'common.problem.other');
      expect(fallback).toBe('Revise este dato.');
      for (const text of ENGLISH_TEXTS) {
        const said = saidInPageLanguage(text, 'common.problem.other');
        expect(said, text).not.toBe(text);
        expect(said, text).not.toBe(fallback);
        expect(said, text).not.toMatch(/[{}]/);
      }
    });

    it('keep the values they carry', () => {
      expect(saidInPageLanguage(notAPhotoMessage('porch.jpg'))).toBe(
        '“porch.jpg” no es una foto que podamos leer. Elija una imagen JPEG, PNG, WebP o HEIC.',
      );
      // What the page refuses itself it says in Spanish from the start.
      const six = ['a', 'b', 'c', 'd', 'e', 'f'].map((n) => new File([new Uint8Array(10)], `${n}.jpg`));
      expect(limitPhotos(six, 0).refusal).toBe('“f.jpg” no se agregó: se pueden enviar como máximo 5 fotos.');
      expect(limitPhotos(six, 4).refusal).toBe(
        '“b.jpg”, “c.jpg”, “d.jpg”, “e.jpg”, “f.jpg” no se agregaron: se pueden enviar como máximo 5 fotos.',
      );
      expect(saidInPageLanguage(AUTH_MESSAGES.tooManyRequests(42))).toBe(
        'Demasiados intentos. Espere 42 segundos y vuelva a intentarlo.',
      );
      expect(saidInPageLanguage('2,200 sq ft')).toBe('2,200 pies²');
      expect(saidInPageLanguage(priced.adjustments![0]!.reason)).toBe(
        'Acceso o condiciones de dificultad moderada: Lavado suave de la casa (+10%)',
      );
      expect(listInPageLanguage(localQuote.surfaceType)).toBe(
        'Lavado suave de la casa, Limpieza de concreto',
      );
    });

    it("say the server's known sentences of a quote's notes and keep a model's own words", () => {
      expect(notesInPageLanguage(`Heavy moss on the north side. ${LOW_CONFIDENCE_NOTE}`)).toBe(
        'Heavy moss on the north side. No pudimos estar del todo seguros con estas fotos, así que tome este rango como aproximado; un estimado gratis en su propiedad confirmará el precio.',
      );
    });
  });
});

describe("the catalogs' English of the photo form and the quote tool", () => {
  beforeEach(() => activateLanguage('en', englishMessages));
  it("is the contract's own, word for word", () => {
    expect(en['quoteTool.photosRequired']).toBe(PHOTOS_REQUIRED.title);
    expect(en['quoteTool.contactRequired']).toBe(CONTACT_REQUIRED.title);
    expect(en['photoForm.rateLabel']).toBe(RATE_LABEL);
    for (const price of ADVERTISED_PRICES) expect(en[`option.surface.${price.surface}`]).toBe(price.label);
    // A text that arrives in English is under `said.` (or `formSaid.`, `answerSaid.`) + its English.
    for (const [id, message] of Object.entries(en))
      if (/^(said|formSaid|answerSaid)\./.test(id)) expect(message, id).toBe(id.slice(id.indexOf('.') + 1));
    // The service types' labels are the values the form sends.
    expect(serviceTypeChoices()).toEqual(PHOTO_FORM_SERVICE_TYPES.map((value) => ({ value, label: value })));
  });
});

// es-gaps: the Pay routes' own refusals (invoicing.service.ts, payInvoiceSchema, deposits.service.ts,
// the rate limit, the 404s), taken from their code, reach a Spanish invoice or quote page in Spanish.
const PAY_REFUSALS = [
  ...new Set([
    ...Object.values(INVOICE_MESSAGES.notOpen),
    INVOICE_MESSAGES.restOnItsWay,
    INVOICE_MESSAGES.payAtLeast,
    INVOICE_MESSAGES.overBalance(12_345),
    PAY_AT_THE_VISIT,
    AUTH_MESSAGES.tooManyRequests(42),
    notFound('Invoice').message,
    ...payInvoiceSchema.safeParse({ amountCents: 0, tipCents: -1 }).error!.issues.map((i) => i.message),
    ...payInvoiceSchema.safeParse({ tipCents: MAX_TIP_CENTS + 1 }).error!.issues.map((i) => i.message),
    ...payInvoiceSchema.safeParse({ amountCents: 'x', tipCents: 'y' }).error!.issues.map((i) => i.message),
    ...payInvoiceSchema.safeParse({ amountCents: 1.5, tipCents: 2.5 }).error!.issues.map((i) => i.message),
    // The quote's deposit (deposits.service.ts).
    DEPOSIT_TEXTS.nothingDue,
    DEPOSIT_TEXTS.notAccepted,
    DEPOSIT_TEXTS.checkoutUnavailable,
    QUOTE_REFUSALS.superseded,
    QUOTE_REFUSALS.staff,
    notFound('Quote').message,
  ]),
];

describe("the Pay routes' refusals (the invoice's, the deposit's)", () => {
  it('are all there (a test of the list itself: 20 different texts)', () => {
    expect(PAY_REFUSALS).toHaveLength(20);
  });

  it('are shown exactly as they came on an English page', () => {
    activateLanguage('en', englishMessages);
    for (const text of PAY_REFUSALS) expect(payRefusalIn(text)).toBe(text);
  });

  it('are each said in Spanish on a Spanish page, with their amounts, none by the fallback', () => {
    activateLanguage('es', spanishMessages);
    const fallback = payRefusalIn('A refusal nobody has written yet');
    expect(fallback).toBe('No se pudo iniciar su pago. Llámenos, por favor.');
    for (const text of PAY_REFUSALS) {
      const said = payRefusalIn(text);
      expect(said, text).not.toBe(text);
      expect(said, text).not.toBe(fallback);
      expect(said, text).not.toMatch(/[{}]/);
    }
    expect(payRefusalIn(INVOICE_MESSAGES.notOpen.paid)).toBe('Esta factura ya está pagada');
    expect(payRefusalIn(INVOICE_MESSAGES.overBalance(12_345))).toBe('Es más que los $123.45 pendientes');
    expect(
      payRefusalIn(payInvoiceSchema.safeParse({ tipCents: MAX_TIP_CENTS + 1 }).error!.issues[0]!.message),
    ).toBe(`La propina puede ser de ${formatCents(MAX_TIP_CENTS)} como máximo`);
    expect(payRefusalIn(PAY_AT_THE_VISIT)).toBe('Pague en la visita: aceptamos efectivo o cheque.');
  });
});
