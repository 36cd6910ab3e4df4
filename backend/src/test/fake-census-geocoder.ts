import http from 'node:http';
import type { AddressInfo } from 'node:net';

// The US Census geocoder's one-line-address lookup on 127.0.0.1, answering in its JSON shape
// (result.addressMatches[].coordinates { x: longitude, y: latitude }) from a table the test fills.
// It counts every lookup, so a test can prove an address is asked about once.

export interface FakeCensusGeocoder {
  /** GEOCODER and GEOCODER_BASE_URL pointing the server here. */
  env: Record<string, string>;
  /** Address (as sent) → its point; an address not here gets no match. */
  points: Map<string, { latitude: number; longitude: number }>;
  /** Every address looked up, in order. */
  lookups: string[];
  /** 'answer', or fail every lookup with a 503 (the service down). */
  mode: 'answer' | 'fail';
  close(): Promise<void>;
}

export async function startFakeCensusGeocoder(): Promise<FakeCensusGeocoder> {
  const fake: FakeCensusGeocoder = {
    env: {},
    points: new Map(),
    lookups: [],
    mode: 'answer',
    close: () => Promise.resolve(),
  };
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    if (url.pathname !== '/geocoder/locations/onelineaddress' || url.searchParams.get('format') !== 'json') {
      res.writeHead(404).end();
      return;
    }
    const address = url.searchParams.get('address') ?? '';
    fake.lookups.push(address);
    if (fake.mode === 'fail') {
      res.writeHead(503).end();
      return;
    }
    const point = fake.points.get(address);
    const addressMatches = point
      ? [{ matchedAddress: address.toUpperCase(), coordinates: { x: point.longitude, y: point.latitude } }]
      : [];
    res.writeHead(200, { 'Content-Type': 'application/json' });
    res.end(JSON.stringify({ result: { input: { address: { address } }, addressMatches } }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  fake.env = { GEOCODER: 'census', GEOCODER_BASE_URL: `http://127.0.0.1:${port}` };
  fake.close = () => new Promise((resolve) => server.close(() => resolve()));
  return fake;
}
