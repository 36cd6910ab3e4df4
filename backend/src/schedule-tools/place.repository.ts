import type { PlaceSource } from '@washdesk/contract';
import type { Db } from '../db/database.ts';
import { nowIso } from '../db/database.ts';

// The one writer of `places` (migration 0042): each address's point, found once.

export interface Place {
  address: string;
  latitude: number | null;
  longitude: number | null;
  source: PlaceSource;
}

/**
 * An address's key: "12 Elm St.,  Garberville" and "12 elm st, garberville" are one house. Only
 * case, spacing and punctuation are folded — never abbreviations — so two real houses never merge.
 */
export const addressKey = (address: string) =>
  address
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[.,;#]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();

interface PlaceRow {
  address: string;
  latitude: number | null;
  longitude: number | null;
  source: PlaceSource;
}

export function placeRepository(db: Db) {
  const one = db.prepare<[string], PlaceRow>(
    'SELECT address, latitude, longitude, source FROM places WHERE address_key = ?',
  );
  const many = db.prepare<[string], PlaceRow & { address_key: string }>(
    `SELECT address_key, address, latitude, longitude, source FROM places
     WHERE address_key IN (SELECT value FROM json_each(?))`,
  );
  // A pin is what staff saw on the ground: the geocoder (or a fixture) never overwrites it.
  const found = db.prepare(`INSERT INTO places (address_key, address, latitude, longitude, source, updated_at)
    VALUES (@key, @address, @latitude, @longitude, @source, @now)
    ON CONFLICT (address_key) DO UPDATE SET latitude = excluded.latitude, longitude = excluded.longitude,
      source = excluded.source, updated_at = excluded.updated_at
    WHERE places.source <> 'pin'`);
  const pin = db.prepare(`INSERT INTO places (address_key, address, latitude, longitude, source, updated_at)
    VALUES (@key, @address, @latitude, @longitude, 'pin', @now)
    ON CONFLICT (address_key) DO UPDATE SET latitude = excluded.latitude, longitude = excluded.longitude,
      source = 'pin', updated_at = excluded.updated_at`);
  return {
    get: (address: string): Place | undefined => one.get(addressKey(address)),
    /** The places known for these addresses, by key. */
    of(addresses: readonly string[]): Map<string, Place> {
      const keys = [...new Set(addresses.map(addressKey))];
      return new Map(many.all(JSON.stringify(keys)).map(({ address_key, ...p }) => [address_key, p]));
    },
    /** What a geocoder (or a fixture) found; `null` point: it was asked and found nothing. */
    found(
      address: string,
      point: { latitude: number; longitude: number } | null,
      source: 'census' | 'fixture',
    ) {
      found.run({
        key: addressKey(address),
        address,
        latitude: point?.latitude ?? null,
        longitude: point?.longitude ?? null,
        source,
        now: nowIso(),
      });
    },
    /** Staff dropped a pin: it wins from now on. */
    pin(address: string, point: { latitude: number; longitude: number }) {
      pin.run({ key: addressKey(address), address, ...point, now: nowIso() });
    },
  };
}
export type PlaceRepository = ReturnType<typeof placeRepository>;
