import type { Dialogue, Turn, TurnCase, TurnExpectation } from '../eval-case.ts';

// Spanish callers with no model (issue 34, item 5): the area, price and booking tools answer in
// Spanish, not one call-back sentence whatever they ask. "Today" is Monday 23 November 2026.
const say = (says: string, expect: TurnExpectation = {}): Turn => ({ says, expect });
const ENGLISH = [/\b(the|is|would|your|square feet|our service area)\b/i];
const es = (id: string, says: string, expect: TurnExpectation): TurnCase => ({
  id: `es-${id}`,
  group: 'spanish-no-model',
  says,
  expect: { spanish: true, mustNot: ENGLISH, ...expect },
});

export const SPANISH_NO_MODEL_CASES: readonly TurnCase[] = [
  es('garberville', '¿Vienen hasta Garberville?', {
    intent: 'service_area',
    must: ['Garberville', 'Humboldt', /s[ií]/i],
  }),
  es('willits', 'Hola, ¿trabajan en Willits?', { intent: 'service_area', must: ['Willits', 'Mendocino'] }),
  es('reno', 'Buenas tardes, ¿ustedes van hasta Reno, Nevada?', {
    intent: 'service_area',
    must: ['Reno', 'Washoe', /fuera/i],
    mustNot: [...ENGLISH, /\bs[ií],/i],
  }),
  es('medford', '¿Trabajan en Medford?', { intent: 'service_area', must: ['Medford', 'Jackson', /fuera/i] }),
  es('house-price', '¿Cuánto cuesta lavar una casa de dos pisos de dos mil pies cuadrados?', {
    intent: ['pricing', 'quote_request'],
    price: { kind: 'priced', low: 880, high: 1430 },
  }),
  es('driveway-price', '¿Cuánto cobran por limpiar la entrada? Es como de ochocientos pies cuadrados.', {
    intent: ['pricing', 'quote_request'],
    price: { kind: 'priced', low: 240, high: 400 },
  }),
  es('roof-needs-size', '¿Cuánto cuesta limpiar el techo?', {
    intent: ['pricing', 'quote_request'],
    must: [/pies cuadrados/i],
  }),
  es('car', '¿Lavan carros?', { must: [/no (lavamos|hacemos|trabajamos)/i], mustNot: [...ENGLISH, /\$/] }),
];

export const SPANISH_NO_MODEL_DIALOGUES: readonly Dialogue[] = [
  {
    id: 'es-price-step-by-step',
    group: 'spanish-no-model',
    turns: [
      say('Hola, ¿cuánto cuesta lavar una casa?', {
        spanish: true,
        must: [/pies cuadrados/i],
        mustNot: ENGLISH,
      }),
      say('como dos mil pies cuadrados', { spanish: true, must: [/pisos?/i], mustNot: ENGLISH }),
      say('dos pisos', { spanish: true, price: { kind: 'priced', low: 880, high: 1430 }, mustNot: ENGLISH }),
    ],
  },
  {
    id: 'es-booking',
    group: 'spanish-no-model',
    turns: [
      say('Quiero hacer una cita para un presupuesto de lavado de casa', {
        intent: 'scheduling',
        spanish: true,
        must: [/nombre/i],
        mustNot: ENGLISH,
      }),
      say('Me llamo Rosa Díaz', { spanish: true, must: [/direcci[oó]n/i], mustNot: ENGLISH }),
      say('212 Oak Street, Redway', { spanish: true, must: [/d[ií]a/i] }),
      say('el miércoles a las 12', {
        spanish: true,
        must: ['Rosa Díaz', /mi[eé]rcoles 25 de noviembre/i, /12/],
      }),
      say('sí', { spanish: true, must: [/reservad/i, /mi[eé]rcoles 25 de noviembre/i] }),
    ],
    booked: { date: '2026-11-25', time: '12:00 PM', service: 'house-wash' },
  },
  {
    id: 'es-area-then-price',
    group: 'spanish-no-model',
    turns: [
      say('¿Vienen a Fortuna?', { spanish: true, must: ['Fortuna', 'Humboldt'], mustNot: ENGLISH }),
      say('¿Y cuánto por limpiar el techo? La casa es de un piso, mil quinientos pies cuadrados', {
        spanish: true,
        price: { kind: 'priced', low: 750, high: 1200 },
        mustNot: ENGLISH,
      }),
    ],
  },
];
