import { describe, expect, it } from 'vitest';
import {
  PLACES,
  milesBetween,
  serviceAreaConfigFrom,
  serviceAreaOf,
  serviceAreaReply,
} from './service-area.ts';

// The default SERVICE_AREA text of .env.example: the counties are read from it.
const config = serviceAreaConfigFrom({
  serviceArea: 'Mendocino, Humboldt and Trinity counties, especially Southern Humboldt',
});
const where = (said: string) => {
  const answer = serviceAreaOf(said, config);
  return 'place' in answer
    ? [answer.kind, answer.place.name, answer.place.county]
    : answer.kind === 'county'
      ? [answer.kind, answer.county, answer.served]
      : [answer.kind];
};

describe('the gazetteer', () => {
  it('holds the towns and places of the three counties with a county and a point in northern California', () => {
    for (const [name, county] of [
      ['Garberville', 'Humboldt'],
      ['Redway', 'Humboldt'],
      ['Shelter Cove', 'Humboldt'],
      ['Willits', 'Mendocino'],
      ['Ukiah', 'Mendocino'],
      ['Fort Bragg', 'Mendocino'],
      ['Mendocino', 'Mendocino'],
      ['Eureka', 'Humboldt'],
      ['Arcata', 'Humboldt'],
      ['Fortuna', 'Humboldt'],
      ['Weaverville', 'Trinity'],
      ['Hayfork', 'Trinity'],
      ['Miranda', 'Humboldt'],
      ['Whitethorn', 'Humboldt'],
      ['Petrolia', 'Humboldt'],
      ['Ferndale', 'Humboldt'],
      ['Laytonville', 'Mendocino'],
      ['Covelo', 'Mendocino'],
      ['Point Arena', 'Mendocino'],
      ['Gualala', 'Mendocino'],
      ['Hoopa', 'Humboldt'],
      ['Orick', 'Humboldt'],
      ['McKinleyville', 'Humboldt'],
    ]) {
      const place = PLACES.find((p) => p.name === name);
      expect(place, name).toMatchObject({ county });
      expect(place!.lat).toBeGreaterThan(38.5);
      expect(place!.lat).toBeLessThan(41.5);
      expect(place!.lon).toBeLessThan(-122.5);
    }
  });

  it('measures distances in miles (Garberville to Eureka is about 52 miles as the crow flies, 65 by road)', () => {
    const town = (n: string) => PLACES.find((p) => p.name === n)!;
    expect(Math.round(milesBetween(town('Garberville'), town('Eureka')))).toBeGreaterThan(45);
    expect(Math.round(milesBetween(town('Garberville'), town('Eureka')))).toBeLessThan(60);
    expect(Math.round(milesBetween(town('Garberville'), town('Redway')))).toBeLessThan(4);
  });

  it('reads the served counties from SERVICE_AREA', () => {
    expect(config.counties).toEqual(['Humboldt', 'Mendocino', 'Trinity']);
    expect(serviceAreaConfigFrom({ serviceArea: 'Eureka & Arcata' }).counties).toEqual([]);
  });
});

describe('serviceAreaOf, from sentences as callers say them', () => {
  it.each([
    ['do you come out to willits', 'Willits', 'Mendocino'],
    ["we're up in Fort Bragg", 'Fort Bragg', 'Mendocino'],
    ["we're up in Ft. Bragg", 'Fort Bragg', 'Mendocino'],
    ['out past Redway on Briceland road', 'Redway', 'Humboldt'],
    ['um, do you guys service garbage ville', 'Garberville', 'Humboldt'],
    ['I live in Garberville', 'Garberville', 'Humboldt'],
    ['we have a place in shelter cove', 'Shelter Cove', 'Humboldt'],
    ['44 Shelter Cove Road in Whitethorn', 'Whitethorn', 'Humboldt'],
    ['is weaverville too far for you', 'Weaverville', 'Trinity'],
    ['my house is in mckinleyville', 'McKinleyville', 'Humboldt'],
    ['my house is in McKinley ville', 'McKinleyville', 'Humboldt'],
    ['the property is over in Laytonville', 'Laytonville', 'Mendocino'],
    ['can you come to Point Arena next week', 'Point Arena', 'Mendocino'],
    ['I am in Willets', 'Willits', 'Mendocino'],
    ['we just moved to Miranda', 'Miranda', 'Humboldt'],
    ['we are near Hoopa', 'Hoopa', 'Humboldt'],
    ['9 Ocean View Road, Trinidad', 'Trinidad', 'Humboldt'],
    ['1500 Old Redwood Highway, Miranda', 'Miranda', 'Humboldt'],
  ])('"%s" is in the area: %s, %s County', (said, town, county) => {
    expect(where(said)).toEqual(['in-area', town, county]);
  });

  it.each([
    ['do you go as far as Crescent City', 'Crescent City', 'Del Norte'],
    ['what about Santa Rosa', 'Santa Rosa', 'Sonoma'],
    ["I'm calling from Redding", 'Redding', 'Shasta'],
    ['do you come out to Sacramento', 'Sacramento', 'Sacramento'],
    ['we are up in Weed', 'Weed', 'Siskiyou'],
    ['our cabin is at the sea ranch', 'The Sea Ranch', 'Sonoma'],
    ['Lakeport', 'Lakeport', 'Lake'],
  ])('"%s" is outside: %s, %s County', (said, town, county) => {
    expect(where(said)).toEqual(['outside', town, county]);
  });

  it.each([
    'there is weed growing all over my patio',
    'I have a wedding coming up and want the house clean',
    'it would be nice to get the roof done',
    'this is Miranda, I want a quote',
    'my name is Ruth Anderson',
    'good fortune to you',
    'a bodega near me',
    'how much for a two-story house',
    'the elk keep rubbing on the fence',
    'I moved here from New Orleans',
    'do you come out to Springfield',
    'will it wreck my shingles',
    '',
  ])('"%s" names no town', (said) => {
    expect(where(said)).toEqual(['unknown']);
  });

  it('answers a whole county named', () => {
    expect(where('anywhere in Trinity County?')).toEqual(['county', 'Trinity', true]);
    expect(where("we're in Humboldt")).toEqual(['county', 'Humboldt', true]);
    expect(where('do you do Lake County')).toEqual(['county', 'Lake', false]);
    expect(where('Mendocino County')).toEqual(['county', 'Mendocino', true]);
  });

  it('with a base location, a town of a served county past the radius goes to the office', () => {
    const based = serviceAreaConfigFrom({
      serviceArea: 'Mendocino, Humboldt and Trinity counties',
      baseLocation: 'Garberville',
      radiusMiles: 30,
    });
    expect(serviceAreaOf('we are in Redway', based)).toMatchObject({ kind: 'in-area', distanceMiles: 3 });
    const eureka = serviceAreaOf('do you come to Eureka', based);
    expect(eureka).toMatchObject({ kind: 'confirm-with-office', place: { name: 'Eureka' } });
    expect(serviceAreaReply(eureka, based)).toMatch(
      /^Eureka is in Humboldt County, about \d+ miles from Garberville, a bit past our usual 30 miles\. I'll have the office confirm/,
    );
    // A point works as well as a town; a base nobody can find stops the server at start.
    const point = serviceAreaConfigFrom({ serviceArea: 'Humboldt', baseLocation: '40.0864, -123.7991' });
    expect(point.base).toMatchObject({ lat: 40.0864, lon: -123.7991 });
    expect(() => serviceAreaConfigFrom({ serviceArea: 'Humboldt', baseLocation: 'Atlantis' })).toThrow(
      /neither a town/,
    );
  });

  it('says exactly what the tool found', () => {
    expect(serviceAreaReply(serviceAreaOf('do you come out to Willits', config), config)).toBe(
      'Yes, Willits is in Mendocino County, in our service area.',
    );
    expect(serviceAreaReply(serviceAreaOf('Crescent City?', config), config)).toBe(
      'Crescent City is in Del Norte County, which is outside our service area. We serve Humboldt, Mendocino and Trinity counties.',
    );
    expect(serviceAreaReply(serviceAreaOf('Springfield', config), config)).toBe(
      "I'm not sure where that is. I'll have the office confirm whether we can come out.",
    );
  });
});

describe('the wide gazetteer: every post office town of California, Oregon and Nevada', () => {
  it('places a town past the three counties with its county, and its state past the state line', () => {
    expect(where('do you go to Quincy')).toEqual(['outside', 'Quincy', 'Plumas']);
    expect(where('We are in Reno, Nevada')).toEqual(['outside', 'Reno', 'Washoe']);
    expect(serviceAreaReply(serviceAreaOf('We are in Reno, Nevada', config), config)).toBe(
      'Reno is in Washoe County, Nevada, which is outside our service area. We serve Humboldt, Mendocino and Trinity counties.',
    );
    expect(where('calling from Klamath Falls')).toEqual(['outside', 'Klamath Falls', 'Klamath']);
  });

  it('keeps the home town of a name two states share, unless the caller says the other state', () => {
    expect(where('do you come to Eureka')).toEqual(['in-area', 'Eureka', 'Humboldt']);
    expect(where('a place in Eureka, Nevada')).toEqual(['outside', 'Eureka', 'Eureka']);
    // Winnemucca is in Nevada's Humboldt County: the county's name is not the served county.
    expect(where('Winnemucca?')).toEqual(['outside', 'Winnemucca', 'Humboldt']);
  });

  it('does not guess a name many states share, nor take everyday words and first names for towns', () => {
    expect(where('Do you come out to Springfield?')).toEqual(['unknown']);
    expect(where('out to Springfield, Oregon')).toEqual(['outside', 'Springfield', 'Lane']);
    expect(where("this is Eugene, that's likely fine, cool")).toEqual(['unknown']);
    expect(where("we're down in Eugene")).toEqual(['outside', 'Eugene', 'Lane']);
    expect(where('it would be paradise to have it clean')).toEqual(['unknown']);
  });

  it('finds a town among two thousand fast enough for a phone turn', () => {
    const said =
      "hi um yeah we're out past the old mill road near Klamath Falls, do you guys come out that far";
    serviceAreaOf(said, config);
    const started = performance.now();
    for (let i = 0; i < 200; i++) serviceAreaOf(said, config);
    // Generous for a shared machine: the turn budget is 50 ms at p99.
    expect((performance.now() - started) / 200).toBeLessThan(5);
  });
});
