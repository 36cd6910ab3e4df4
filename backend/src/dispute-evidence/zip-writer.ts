import { deflateRawSync } from 'node:zlib';

// A small ZIP writer (PKWARE APPNOTE 6.3, the subset every unzipper reads: no ZIP64, no encryption)
// for the dispute's evidence packet, so the packet needs no dependency. Text is deflated; photos,
// already JPEG, are stored as they are. Names are UTF-8 (flag bit 11). The whole archive is built
// in memory: a packet is a few photos and pages, far below ZIP's 4 GiB limits, which are checked.

const CRC_TABLE = (() => {
  const table = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    table[n] = c >>> 0;
  }
  return table;
})();

/** CRC-32 (IEEE 802.3), as ZIP records it for each file. */
export function crc32(bytes: Uint8Array): number {
  let c = 0xffffffff;
  for (let i = 0; i < bytes.length; i++) c = CRC_TABLE[(c ^ bytes[i]!) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

export interface ZipEntry {
  /** A relative path with forward slashes ("photos/1.jpg"). */
  name: string;
  data: Uint8Array | string;
  /** Store as is (already compressed, e.g. JPEG); otherwise deflated when that is smaller. */
  store?: boolean;
}

const STORED = 0;
const DEFLATED = 8;
const UTF8_NAMES = 1 << 11;
const LIMIT = 0xffffffff;

/** MS-DOS date and time (local fields, 2-second steps) of an instant, as ZIP keeps them. */
function dosTime(at: Date): { time: number; date: number } {
  const year = Math.max(1980, at.getUTCFullYear());
  return {
    time: (at.getUTCHours() << 11) | (at.getUTCMinutes() << 5) | Math.floor(at.getUTCSeconds() / 2),
    date: ((year - 1980) << 9) | ((at.getUTCMonth() + 1) << 5) | at.getUTCDate(),
  };
}

/** The archive's bytes; every entry is dated `at` (the packet's time, so a test can pin it). */
export function zip(entries: ZipEntry[], at: Date): Buffer {
  const { time, date } = dosTime(at);
  const localEntries: Buffer[] = [];
  const centrals: Buffer[] = [];
  const names = new Set<string>();
  let offset = 0;
  for (const entry of entries) {
    if (
      !entry.name ||
      entry.name.startsWith('/') ||
      entry.name.split('/').includes('..') ||
      names.has(entry.name)
    )
      throw new Error(`A ZIP entry name must be relative and unique: ${entry.name}`);
    names.add(entry.name);
    const name = Buffer.from(entry.name, 'utf8');
    const raw = typeof entry.data === 'string' ? Buffer.from(entry.data, 'utf8') : Buffer.from(entry.data);
    const deflated = entry.store ? null : deflateRawSync(raw);
    const useDeflate = deflated !== null && deflated.length < raw.length;
    const body = useDeflate ? deflated : raw;
    const crc = crc32(raw);
    if (raw.length >= LIMIT || offset + body.length >= LIMIT)
      throw new Error('The evidence packet is too large for a ZIP');

    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4); // version needed: 2.0 (deflate)
    local.writeUInt16LE(UTF8_NAMES, 6);
    local.writeUInt16LE(useDeflate ? DEFLATED : STORED, 8);
    local.writeUInt16LE(time, 10);
    local.writeUInt16LE(date, 12);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(body.length, 18);
    local.writeUInt32LE(raw.length, 22);
    local.writeUInt16LE(name.length, 26);
    local.writeUInt16LE(0, 28);

    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE((3 << 8) | 20, 4); // made by: Unix, 2.0
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(UTF8_NAMES, 8);
    central.writeUInt16LE(useDeflate ? DEFLATED : STORED, 10);
    central.writeUInt16LE(time, 12);
    central.writeUInt16LE(date, 14);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(body.length, 20);
    central.writeUInt32LE(raw.length, 24);
    central.writeUInt16LE(name.length, 28);
    // extra, comment, disk number, internal attributes: 0
    central.writeUInt32LE((0o100644 << 16) >>> 0, 38); // external: a regular file, rw-r--r--
    central.writeUInt32LE(offset, 42);

    localEntries.push(local, name, body);
    centrals.push(central, name);
    offset += local.length + name.length + body.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...localEntries, directory, end]);
}
