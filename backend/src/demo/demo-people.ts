// Fictional people and places for the demo data set. Phone numbers use the 555-01xx range,
// reserved for fiction; e-mail addresses use the reserved example.com domain.

export const FIRST_NAMES = [
  'Maya',
  'Daniel',
  'Rosa',
  'Ethan',
  'Priya',
  'Walt',
  'Hannah',
  'Luis',
  'Grace',
  'Owen',
  'Ivy',
  'Marcus',
  'Elena',
  'Theo',
  'Nora',
  'Sam',
  'Leah',
  'Carlos',
  'June',
  'Felix',
];
export const LAST_NAMES = [
  'Alder',
  'Brooks',
  'Castillo',
  'Dunn',
  'Eastman',
  'Fairweather',
  'Greer',
  'Holm',
  'Iverson',
  'Jensen',
  'Kowalski',
  'Lindqvist',
  'Moreno',
  'Nakamura',
  'Ortega',
  'Pruitt',
  'Quinlan',
  'Redwine',
];
export const STREETS = [
  'Redwood Dr',
  'Sprowel Creek Rd',
  'Elk Ridge Rd',
  'Old Briceland Rd',
  'Bear Canyon Rd',
  'Madrone Ln',
  'Harbor View Ct',
  'Fern Hollow Rd',
  'Tanoak Way',
  'Salmon Creek Rd',
];
export const TOWNS = [
  'Garberville',
  'Redway',
  'Miranda',
  'Fortuna',
  'Ferndale',
  'Eureka',
  'Arcata',
  'Shelter Cove',
  'Willits',
  'Fort Bragg',
  'Ukiah',
  'Weaverville',
];

/** A small deterministic random source, so every new demo database looks the same. */
export function seededRandom(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  const pick = <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)]!;
  return { next, int, pick };
}

export type Random = ReturnType<typeof seededRandom>;

/**
 * Demo person number `i`: always the same name, phone, e-mail and address, so a person who
 * writes, calls and books in the demo is recognisably one person (a random name per row put
 * strangers on one number, and the matching then merged them). `i` below 360 names distinct
 * people; their phones repeat every 100.
 */
export const demoPerson = (r: Random, i: number) => {
  // Drawn and dropped: the rest of the demo (dates, statuses, amounts) stays as it always was.
  r.pick(FIRST_NAMES);
  r.pick(LAST_NAMES);
  r.int(100, 9899);
  r.pick(STREETS);
  r.pick(TOWNS);
  const k = (i * 37) % (FIRST_NAMES.length * LAST_NAMES.length);
  const firstName = FIRST_NAMES[k % FIRST_NAMES.length]!;
  const lastName = LAST_NAMES[Math.floor(k / FIRST_NAMES.length)]!;
  return {
    firstName,
    lastName,
    name: `${firstName} ${lastName}`,
    phone: `(707) 555-01${String(i % 100).padStart(2, '0')}`,
    email: `${firstName}.${lastName}@example.com`.toLowerCase(),
    address: `${100 + ((i * 797) % 9800)} ${STREETS[i % STREETS.length]!}, ${TOWNS[(i * 5) % TOWNS.length]!}, CA`,
  };
};
