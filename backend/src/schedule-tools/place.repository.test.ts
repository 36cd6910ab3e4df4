import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { openDatabase } from '../db/database.ts';
import { addressKey, placeRepository } from './place.repository.ts';

// One point per house: spellings of one address share it; two houses never do.

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'washdesk-places-'));
const db = openDatabase(path.join(dir, 'places.sqlite'), loadConfig({ DATA_DIR: dir }).migrationsDir);
afterAll(() => {
  db.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('places', () => {
  it('folds case, spacing and punctuation only', () => {
    expect(addressKey('12 Elm St.,  Garberville, CA 95542')).toBe(
      addressKey('12 elm st garberville ca 95542'),
    );
    expect(addressKey('12 Elm St, Garberville')).not.toBe(addressKey('12 Elm Street, Garberville'));
    expect(addressKey('12 Elm St, Garberville')).not.toBe(addressKey('21 Elm St, Garberville'));
  });

  it('keeps a pin over any later geocoder answer, and a miss until a pin', () => {
    const places = placeRepository(db);
    places.found('1 Miss Rd, Redway', null, 'census');
    expect(places.get('1 MISS RD REDWAY')).toMatchObject({
      latitude: null,
      longitude: null,
      source: 'census',
    });
    places.pin('1 Miss Rd, Redway', { latitude: 40.12, longitude: -123.82 });
    places.found('1 miss rd, redway', { latitude: 0, longitude: 0 }, 'census');
    expect(places.get('1 Miss Rd, Redway')).toMatchObject({
      latitude: 40.12,
      longitude: -123.82,
      source: 'pin',
    });
    expect([...places.of(['1 Miss Rd, Redway', 'Nowhere 9']).keys()]).toEqual([
      addressKey('1 Miss Rd, Redway'),
    ]);
  });
});
