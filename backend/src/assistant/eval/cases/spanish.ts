import type { AiIntent } from '@washdesk/contract';
import type { TurnCase } from '../eval-case.ts';

// Without a model, a Spanish-speaking caller hears, in Spanish, that the office will call back.
const spanish = (id: string, says: string, intent: AiIntent | readonly AiIntent[]): TurnCase => ({
  id: `spanish-${id}`,
  group: 'spanish',
  says,
  expect: { intent, spanish: true, must: [/oficina/i, /llam/i] },
});
const PRICE = ['pricing', 'quote_request'] as const;

export const SPANISH_CASES: readonly TurnCase[] = [
  spanish('price', 'Hola, ¿cuánto cuesta lavar una casa de dos pisos?', PRICE),
  spanish('area', '¿Vienen hasta Garberville?', 'service_area'),
  spanish('roof', 'Necesito una cotización para limpiar el techo.', PRICE),
  spanish('speak', '¿Hablan español?', ['other', 'handoff']),
  spanish('appointment', 'Quiero hacer una cita para el martes.', 'scheduling'),
  spanish('moss', 'Buenas tardes, tengo mucho musgo en el techo.', ['service_inquiry', 'quote_request']),
  spanish('driveway', '¿Cuánto cobran por limpiar la entrada de la casa?', PRICE),
  spanish('call-me', 'Me pueden llamar, por favor. Mi número es este.', 'handoff'),
  spanish('eureka', '¿Trabajan en Eureka?', 'service_area'),
  spanish('plants', '¿Es seguro para mis plantas y mi perro?', 'service_inquiry'),
];
