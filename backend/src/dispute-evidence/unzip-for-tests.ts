import zlib from 'node:zlib';

/**
 * A reader for tests, written from the format (not from zip-writer.ts): the end record, then the
 * central directory, then each local header, inflating and checking every entry's CRC-32 with zlib's.
 */
export function unzipEntries(archive: Buffer): Map<string, Buffer> {
  const end = archive.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  if (end < 0) throw new Error('no end of central directory');
  const count = archive.readUInt16LE(end + 10);
  let at = archive.readUInt32LE(end + 16);
  const files = new Map<string, Buffer>();
  for (let i = 0; i < count; i++) {
    if (archive.readUInt32LE(at) !== 0x02014b50) throw new Error(`bad central header ${i}`);
    const method = archive.readUInt16LE(at + 10);
    const crc = archive.readUInt32LE(at + 16);
    const compressed = archive.readUInt32LE(at + 20);
    const size = archive.readUInt32LE(at + 24);
    const nameLength = archive.readUInt16LE(at + 28);
    const extra = archive.readUInt16LE(at + 30);
    const comment = archive.readUInt16LE(at + 32);
    const local = archive.readUInt32LE(at + 42);
    const name = archive.subarray(at + 46, at + 46 + nameLength).toString('utf8');
    if (archive.readUInt32LE(local) !== 0x04034b50) throw new Error(`bad local header ${name}`);
    const start = local + 30 + archive.readUInt16LE(local + 26) + archive.readUInt16LE(local + 28);
    const body = archive.subarray(start, start + compressed);
    const data = method === 8 ? zlib.inflateRawSync(body) : method === 0 ? Buffer.from(body) : null;
    if (!data) throw new Error(`method ${method} of ${name}`);
    if (data.length !== size || zlib.crc32(data) !== crc)
      throw new Error(`${name} does not match its CRC or size`);
    files.set(name, data);
    at += 46 + nameLength + extra + comment;
  }
  return files;
}
