import type { AiIntent } from '@washdesk/contract';

// A caller speaking Spanish. Without a model the assistant cannot hold the conversation in
// Spanish, so it says so in Spanish and the office calls back (the hand-off words, tools/hand-off.ts);
// the intent is still read, so Call Logs and AI Responses say what the caller wanted.

/** Words of Spanish that English callers do not say. */
const SPANISH_WORDS =
  /(?<![\p{L}])(hola|buen[oa]s|cu[aá]nto|cuesta|cobran|precio|necesito|quiero|tengo|techo|casa|limpiar|lavar|cita|lunes|martes|mi[eé]rcoles|jueves|viernes|gracias|favor|usted|hablan?|espa[nñ]ol|vienen|trabajan|seguro|para|una|los|las|del|mucho|musgo|entrada|llamar|pueden?|presupuesto|cotizaci[oó]n|plantas|perro|pisos?|n[uú]mero|tardes|d[ií]as|donde|d[oó]nde|est[aá]n|qu[eé]|por|con|mis?|el|es|de|la|en)(?![\p{L}])/giu;

/** The languages the assistant answers in, as BCP 47 tags Twilio's voices and recognisers take. */
export type ReplyLanguage = 'en-US' | 'es-US';

/**
 * Spanish spellings and words a model's Spanish reply has when it has few of the words above
 * ("Sí, vamos a Willits: está en el condado…"); two different ones make a sentence Spanish.
 */
const SPANISH_SIGNS =
  /[ñáéíóú]|(?<![\p{L}])(s[ií]|vamos|hacemos|tenemos|ustedes|tambi[eé]n|hasta|cuando)(?![\p{L}])/giu;

/**
 * True when what was said (or written back) is Spanish: an opening ¿ or ¡; two or more Spanish
 * words, one of them more than a little word; or two different Spanish spellings and words. One
 * rule for the caller's question and for a model's reply ("José" or "café" alone is English).
 */
export function isSpanish(message: string): boolean {
  if (/[¿¡]/.test(message)) return true;
  const words = new Set((message.match(SPANISH_WORDS) ?? []).map((w) => w.toLowerCase()));
  // "el", "la", "de", "en" alone turn up in English names ("El Camino", "De Soto"): need more.
  const strong = [...words].filter((w) => w.length > 3 || /[áéíóúñ]/.test(w));
  if (strong.length >= 1 && words.size >= 2) return true;
  const signs = new Set((message.match(SPANISH_SIGNS) ?? []).map((w) => w.toLowerCase()));
  return signs.size >= 2;
}

const INTENTS: [RegExp, AiIntent][] = [
  [/\b(ll[aá]m\w*|persona|hablar con|alguien)\b/iu, 'handoff'],
  [/\b(cita|agendar|programar|reservar)\b/iu, 'scheduling'],
  [/\b(cotizaci[oó]n|presupuesto|estimado)\b/iu, 'quote_request'],
  [/\b(cu[aá]nto|cuesta|cobran|precio|costo)\b/iu, 'pricing'],
  [/\b(vienen|trabajan en|van a|llegan|[aá]rea|zona)\b/iu, 'service_area'],
  [/\b(seguro|plantas|perro|gato|musgo|techo|limpian|lavan)\b/iu, 'service_inquiry'],
];

/** What a Spanish-speaking caller wants, from their words. */
export function spanishIntent(message: string): AiIntent {
  return INTENTS.find(([pattern]) => pattern.test(message))?.[1] ?? 'other';
}

/** The language to answer in: the model path answers a Spanish speaker in Spanish. */
export const languageOf = (message: string): ReplyLanguage => (isSpanish(message) ? 'es-US' : 'en-US');
