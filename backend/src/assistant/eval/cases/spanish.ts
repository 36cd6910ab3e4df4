import type { TurnCase } from '../eval-case.ts';

// Without a model, a Spanish-speaking caller hears, in Spanish, that the office will call back.
const spanish = (id: string, says: string): TurnCase => ({
  id: `spanish-${id}`,
  group: 'spanish',
  says,
  expect: { spanish: true, must: [/oficina/i, /llam/i] },
});

export const SPANISH_CASES: readonly TurnCase[] = [
  spanish('price', 'Hola, ¿cuánto cuesta lavar una casa de dos pisos?'),
  spanish('area', '¿Vienen hasta Garberville?'),
  spanish('roof', 'Necesito una cotización para limpiar el techo.'),
  spanish('speak', '¿Hablan español?'),
  spanish('appointment', 'Quiero hacer una cita para el martes.'),
  spanish('moss', 'Buenas tardes, tengo mucho musgo en el techo.'),
  spanish('driveway', '¿Cuánto cobran por limpiar la entrada de la casa?'),
  spanish('call-me', 'Me pueden llamar, por favor. Mi número es este.'),
  spanish('eureka', '¿Trabajan en Eureka?'),
  spanish('plants', '¿Es seguro para mis plantas y mi perro?'),
];
