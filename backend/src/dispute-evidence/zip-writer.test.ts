import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { crc32, zip } from './zip-writer.ts';
import { unzipEntries } from './unzip-for-tests.ts';

describe('the evidence ZIP writer', () => {
  it('computes CRC-32 as zlib does', () => {
    for (const text of ['', 'a', 'The quick brown fox jumps over the lazy dog', 'é🙂'.repeat(300)]) {
      const bytes = Buffer.from(text, 'utf8');
      expect(crc32(bytes)).toBe(zlib.crc32(bytes));
    }
  });

  it('writes an archive that an independent reader and Info-ZIP unzip both read back exactly', () => {
    const photo = fs.readFileSync(
      path.resolve(
        import.meta.dirname,
        '../../../fixtures/photos',
        fs
          .readdirSync(path.resolve(import.meta.dirname, '../../../fixtures/photos'))
          .find((f) => f.endsWith('.jpg'))!,
      ),
    );
    const entries = [
      { name: 'summary.txt', data: 'Dispute du_1\n'.repeat(200) },
      { name: 'photos/1.jpg', data: photo, store: true },
      { name: 'messages/ünïcode.txt', data: 'Olá 🙂' },
      { name: 'empty.txt', data: '' },
    ];
    const archive = zip(entries, new Date('2026-05-04T10:20:30Z'));
    const read = unzipEntries(archive);
    expect([...read.keys()]).toEqual(entries.map((e) => e.name));
    expect(read.get('summary.txt')!.toString()).toBe('Dispute du_1\n'.repeat(200));
    expect(Buffer.compare(read.get('photos/1.jpg')!, photo)).toBe(0);
    expect(read.get('messages/ünïcode.txt')!.toString()).toBe('Olá 🙂');
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'washdesk-zip-'));
    try {
      fs.writeFileSync(path.join(dir, 'a.zip'), archive);
      // Info-ZIP's own test of every entry's CRC.
      const tested = execFileSync('unzip', ['-t', path.join(dir, 'a.zip')], { encoding: 'utf8' });
      expect(tested).toContain('No errors detected');
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('refuses names that would escape the folder it is unpacked in, and duplicates', () => {
    for (const name of ['../x', '/etc/x', 'a/../../x', ''])
      expect(() => zip([{ name, data: 'x' }], new Date())).toThrow();
    expect(() =>
      zip(
        [
          { name: 'a', data: '1' },
          { name: 'a', data: '2' },
        ],
        new Date(),
      ),
    ).toThrow();
  });
});
