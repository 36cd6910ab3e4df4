// Finding an address's point, only when the server is told to (GEOCODER=census): the US Census
// Bureau's geocoder needs no key and covers US street addresses. Unconfigured, nothing leaves the
// server and staff drop a pin instead. Tests point GEOCODER_BASE_URL at a fake on 127.0.0.1.

export interface Geocoder {
  readonly source: 'census';
  /** The point of an address, null when the geocoder has none; throws when it could not be asked. */
  locate(address: string): Promise<{ latitude: number; longitude: number } | null>;
}

/** How long one lookup may take: a route read waits for at most this before answering without it. */
const LOOKUP_BUDGET_MS = 4000;

interface CensusAnswer {
  result?: { addressMatches?: { coordinates?: { x?: unknown; y?: unknown } }[] };
}

export function censusGeocoder(baseUrl: string, budgetMs = LOOKUP_BUDGET_MS): Geocoder {
  const base = baseUrl.replace(/\/+$/, '');
  return {
    source: 'census',
    async locate(address) {
      const url = new URL(`${base}/geocoder/locations/onelineaddress`);
      url.searchParams.set('address', address);
      url.searchParams.set('benchmark', 'Public_AR_Current');
      url.searchParams.set('format', 'json');
      const res = await fetch(url, { signal: AbortSignal.timeout(budgetMs) });
      if (!res.ok) throw new Error(`Census geocoder answered ${res.status}`);
      const body = (await res.json()) as CensusAnswer;
      const point = body.result?.addressMatches?.[0]?.coordinates;
      const [lon, lat] = [Number(point?.x), Number(point?.y)];
      if (!point || !Number.isFinite(lat) || !Number.isFinite(lon)) return null;
      if (Math.abs(lat) > 90 || Math.abs(lon) > 180) return null;
      return { latitude: lat, longitude: lon };
    },
  };
}
