import type { Dialogue, TurnCase } from '../eval-case.ts';

// Towns past the three counties (issue 34, item 5): a neighbouring county's town, another state's
// city. Each gets "outside our area" with its county, never a booking offer; a name shared by many
// states ("Springfield") with no state said is not guessed. Written as callers say them.
const outside = (id: string, says: string, town: string, county: string): TurnCase => ({
  id: `map-${id}`,
  group: 'outside-the-map',
  says,
  expect: {
    intent: 'service_area',
    area: { kind: 'outside', town, county },
    mustNot: [/\byes\b/i, /book|estimate/i],
  },
});
const inside = (id: string, says: string, town: string, county: string): TurnCase => ({
  id: `map-${id}`,
  group: 'outside-the-map',
  says,
  expect: { intent: 'service_area', area: { kind: 'in-area', town, county } },
});

export const OUTSIDE_THE_MAP_CASES: readonly TurnCase[] = [
  outside('medford', 'Do you come out to Medford?', 'Medford', 'Jackson'),
  outside('reno', "We're in Reno, Nevada, do you go that far?", 'Reno', 'Washoe'),
  outside(
    'klamath-falls',
    'um my cabin is up near Klamath Falls, could you do it',
    'Klamath Falls',
    'Klamath',
  ),
  outside(
    'grants-pass',
    "I'm calling from Grants Pass, do you guys work up here?",
    'Grants Pass',
    'Josephine',
  ),
  outside('bend', 'We just moved to Bend, Oregon. Do you come out there?', 'Bend', 'Deschutes'),
  outside('fresno', 'is Fresno in your area', 'Fresno', 'Fresno'),
  outside('san-jose', 'do you guys do houses in San Jose', 'San Jose', 'Santa Clara'),
  outside(
    'carson-city',
    'my daughter lives in Carson City, would you go out there',
    'Carson City',
    'Carson City',
  ),
  outside('susanville', 'Do you travel out to Susanville?', 'Susanville', 'Lassen'),
  outside('alturas', "I've got a rental in Alturas, do you service that?", 'Alturas', 'Modoc'),
  outside('paradise', 'we live up in Paradise, is that too far', 'Paradise', 'Butte'),
  outside('brookings', 'How about Brookings, just over the Oregon line?', 'Brookings', 'Curry'),
  outside('los-angeles', 'do you come down to Los Angeles', 'Los Angeles', 'Los Angeles'),
  outside('eugene', "We're down in Eugene. Do you come that far?", 'Eugene', 'Lane'),
  outside('las-vegas', 'hey do you do work out in las vegas', 'Las Vegas', 'Clark'),
  outside('springfield-oregon', 'Do you come out to Springfield, Oregon?', 'Springfield', 'Lane'),
  outside(
    'eureka-nevada',
    'We have a place in Eureka, Nevada too, would you come out there?',
    'Eureka',
    'Eureka',
  ),
  outside('quincy', 'do you go to Quincy', 'Quincy', 'Plumas'),
  outside('winnemucca', 'Winnemucca, do you come out there?', 'Winnemucca', 'Humboldt'),
  inside('eureka-home', 'Do you come out to Eureka?', 'Eureka', 'Humboldt'),
  inside('blocksburg', 'we are way out in Blocksburg, do you come out there', 'Blocksburg', 'Humboldt'),
  {
    id: 'map-springfield-no-state',
    group: 'outside-the-map',
    says: 'Do you come out to Springfield?',
    expect: { intent: 'service_area', area: { kind: 'unknown' }, mustNot: [/\byes\b/i] },
  },
  {
    id: 'map-name-not-town',
    group: 'outside-the-map',
    says: "Hi, this is Eugene, I'm in Ferndale, do you come out here?",
    expect: { intent: 'service_area', area: { kind: 'in-area', town: 'Ferndale', county: 'Humboldt' } },
  },
];

export const OUTSIDE_THE_MAP_DIALOGUES: readonly Dialogue[] = [
  {
    id: 'map-outside-then-booking-refused',
    group: 'outside-the-map',
    turns: [
      {
        says: "I'm over in Medford, can you come wash my house?",
        expect: { area: { kind: 'outside', town: 'Medford', county: 'Jackson' }, mustNot: [/book/i] },
      },
    ],
  },
];
