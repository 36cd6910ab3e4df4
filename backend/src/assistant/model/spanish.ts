import type { ReplyLanguage } from '../assistant-turn.ts';

// Which language the caller speaks, from their words: Spanish function words and spellings that
// English sentences do not have. Two distinct signs are needed, so an English caller naming
// "Rio Dell" or saying "gracias" once at the end is still answered in English.
const SPANISH_SIGNS =
  /[¿¡ñáéíóú]|\b(hola|buenos|buenas|cuánto|cuanto|cuesta|cuestan|precio|usted|ustedes|limpiar|limpieza|lavar|casa|techo|hacen|tienen|puede|pueden|quiero|quisiera|necesito|gracias|por favor|dónde|donde|cuándo|cuando|qué|está|están|vienen|llegan|pies cuadrados|pisos?|para|una|mi|el|los|las|es|en|de|del|hasta|también|sí)\b/gi;

export function languageOf(message: string): ReplyLanguage {
  const signs = new Set((message.match(SPANISH_SIGNS) ?? []).map((w) => w.toLowerCase()));
  return signs.size >= 2 ? 'es-US' : 'en-US';
}
