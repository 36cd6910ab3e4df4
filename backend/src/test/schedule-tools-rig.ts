import type { TestServer } from '../test/test-server.ts';
import { placeRepository } from '../schedule-tools/place.repository.ts';

// What the route and rain-day tests share: visits booked through the staff API as the dialog
// books them, and fixture points for their addresses (tests never geocode on the internet).

/** Southern Humboldt: the base (Garberville) and houses around it. */
export const BASE = { latitude: 40.0995, longitude: -123.7945 };
export const BASE_ENV = { SERVICE_BASE_LOCATION: `${BASE.latitude},${BASE.longitude}` };

export interface VisitSeed {
  name: string;
  phone: string;
  address: string;
  date: string;
  time: string;
}

export async function bookVisit(server: Pick<TestServer, 'send'>, v: VisitSeed): Promise<{ id: number }> {
  const res = await server.send('POST', '/api/appointments/create', {
    customerName: v.name,
    customerPhone: v.phone,
    address: v.address,
    serviceType: 'house-wash',
    preferredDate: v.date,
    preferredTime: v.time,
    allowOverlap: true,
  });
  if (res.status !== 201) throw new Error(`booking ${v.name}: ${res.status} ${await res.text()}`);
  return res.json();
}

/** Stores fixture points for addresses, as a demo or a test does (source 'fixture'). */
export function placeFixtures(server: Pick<TestServer, 'db'>, points: Record<string, [number, number]>) {
  const places = placeRepository(server.db);
  for (const [address, [latitude, longitude]] of Object.entries(points))
    places.found(address, { latitude, longitude }, 'fixture');
}
