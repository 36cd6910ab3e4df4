import type { TurnCase } from '../eval-case.ts';

const inArea = (id: string, says: string, town: string, county: string): TurnCase => ({
  id: `area-${id}`,
  group: 'service-area',
  says,
  expect: { intent: 'service_area', area: { kind: 'in-area', town, county } },
});
const outside = (id: string, says: string, town: string, county: string): TurnCase => ({
  id: `area-${id}`,
  group: 'service-area',
  says,
  expect: { intent: 'service_area', area: { kind: 'outside', town, county }, mustNot: [/\byes\b/i] },
});

export const SERVICE_AREA_CASES: readonly TurnCase[] = [
  // The first bullet: Willits got the Shelter Cove entry.
  inArea('willits', 'Do you come out to Willits?', 'Willits', 'Mendocino'),
  inArea('willits-lower', 'um yeah hi do you guys come out to willits', 'Willits', 'Mendocino'),
  inArea('fort-bragg', "We're up in Fort Bragg, is that too far for you?", 'Fort Bragg', 'Mendocino'),
  inArea(
    'redway-briceland',
    "I'm out past Redway on Briceland Road, do you come out that way?",
    'Redway',
    'Humboldt',
  ),
  inArea('garberville-misheard', 'do you service garbage ville', 'Garberville', 'Humboldt'),
  inArea('garberville', 'Hi, are you guys local to Garberville?', 'Garberville', 'Humboldt'),
  inArea('shelter-cove', 'Do you come out to Shelter Cove?', 'Shelter Cove', 'Humboldt'),
  inArea(
    'ukiah',
    'We have a rental in Ukiah that needs washing, do you work down there?',
    'Ukiah',
    'Mendocino',
  ),
  inArea('mendocino-village', 'Do you go to the town of Mendocino, on the coast?', 'Mendocino', 'Mendocino'),
  inArea('eureka', "I'm in Eureka, do you cover Eureka?", 'Eureka', 'Humboldt'),
  inArea('arcata', 'do you guys do work in Arcata', 'Arcata', 'Humboldt'),
  inArea('fortuna', 'Is Fortuna in your area?', 'Fortuna', 'Humboldt'),
  inArea('weaverville', 'How about Weaverville, do you get out that far?', 'Weaverville', 'Trinity'),
  inArea('hayfork', 'we live outside of Hayfork, would you come out there', 'Hayfork', 'Trinity'),
  inArea(
    'miranda',
    "We're in Miranda, right off the Avenue of the Giants. Do you come there?",
    'Miranda',
    'Humboldt',
  ),
  inArea('whitethorn', 'do you serve whitethorn', 'Whitethorn', 'Humboldt'),
  inArea('petrolia', "I know it's a drive, but do you go out to Petrolia?", 'Petrolia', 'Humboldt'),
  inArea('ferndale', 'Ferndale. Do you work in Ferndale?', 'Ferndale', 'Humboldt'),
  inArea('laytonville', 'are you able to come to Laytonville', 'Laytonville', 'Mendocino'),
  inArea('covelo', 'Do you travel to Covelo?', 'Covelo', 'Mendocino'),
  inArea(
    'point-arena',
    'We have a place near Point Arena. Is that in your service area?',
    'Point Arena',
    'Mendocino',
  ),
  inArea('gualala', 'do you come down as far as Gualala', 'Gualala', 'Mendocino'),
  inArea('hoopa', 'Do you do houses up in Hoopa?', 'Hoopa', 'Humboldt'),
  inArea('orick', 'Orick is pretty far north, do you go up there?', 'Orick', 'Humboldt'),
  inArea('mckinleyville', 'Do you come out to McKinleyville?', 'McKinleyville', 'Humboldt'),
  outside('crescent-city', 'Do you go as far as Crescent City?', 'Crescent City', 'Del Norte'),
  outside('santa-rosa', 'My sister is in Santa Rosa, do you work down there?', 'Santa Rosa', 'Sonoma'),
  outside('redding', "I'm calling from Redding. Do you come over this way?", 'Redding', 'Shasta'),
  outside('sacramento', 'Do you service Sacramento?', 'Sacramento', 'Sacramento'),
  outside('weed', 'my mom lives up in Weed, could you do her house', 'Weed', 'Siskiyou'),
  {
    id: 'area-unknown-springfield',
    group: 'service-area',
    says: 'Do you come out to Springfield?',
    expect: {
      intent: 'service_area',
      area: { kind: 'unknown' },
      mustNot: [/\byes\b/i, /in our (regular )?service area/i],
    },
  },
  {
    id: 'area-trinity-county',
    group: 'service-area',
    says: 'Do you work anywhere in Trinity County?',
    expect: { intent: 'service_area', area: { kind: 'county', county: 'Trinity', served: true } },
  },
];
