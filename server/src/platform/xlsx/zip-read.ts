import { inflateRawSync } from 'node:zlib';

/**
 * Reads named entries out of a ZIP archive held whole in memory (an uploaded workbook, already
 * limited in size), by its central directory. Stored and deflated entries only, no ZIP64, no
 * encryption: what spreadsheet programs write. Every entry is inflated to at most `maxEntryBytes`,
 * so a small archive that would inflate to gigabytes (a "zip bomb") is refused, not unpacked.
 */
export class ZipReader {
  private readonly data: Buffer;
  private readonly entries = new Map<string, ZipEntry>();

  constructor(data: Buffer) {
    this.data = data;
    const end = findEndOfDirectory(data);
    const count = data.readUInt16LE(end + 10);
    let at = data.readUInt32LE(end + 16);
    for (let i = 0; i < count; i++) {
      if (at + 46 > data.length || data.readUInt32LE(at) !== CENTRAL_HEADER)
        throw new ZipFormatError('central directory');
      const nameLength = data.readUInt16LE(at + 28);
      const entry: ZipEntry = {
        flags: data.readUInt16LE(at + 8),
        method: data.readUInt16LE(at + 10),
        compressed: data.readUInt32LE(at + 20),
        size: data.readUInt32LE(at + 24),
        offset: data.readUInt32LE(at + 42),
      };
      const name = data.toString('utf8', at + 46, at + 46 + nameLength);
      this.entries.set(name.replace(/^\//, ''), entry);
      at += 46 + nameLength + data.readUInt16LE(at + 30) + data.readUInt16LE(at + 32);
    }
  }

  has(name: string): boolean {
    return this.entries.has(name);
  }

  /** An entry's bytes, or null when the archive has no such entry. */
  read(name: string, maxEntryBytes: number): Buffer | null {
    const entry = this.entries.get(name);
    if (!entry) return null;
    if (entry.flags & ENCRYPTED) throw new ZipFormatError('encrypted entry');
    if (entry.size > maxEntryBytes) throw new ZipTooLargeError(name);
    const at = entry.offset;
    if (at + 30 > this.data.length || this.data.readUInt32LE(at) !== LOCAL_HEADER)
      throw new ZipFormatError('local header');
    const start = at + 30 + this.data.readUInt16LE(at + 26) + this.data.readUInt16LE(at + 28);
    const raw = this.data.subarray(start, start + entry.compressed);
    if (raw.length !== entry.compressed) throw new ZipFormatError('truncated entry');
    if (entry.method === STORED) return raw;
    if (entry.method !== DEFLATED) throw new ZipFormatError(`compression method ${entry.method}`);
    try {
      // The limit holds whatever the directory claims: inflation stops past it.
      return inflateRawSync(raw, { maxOutputLength: maxEntryBytes });
    } catch (error) {
      if ((error as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE') throw new ZipTooLargeError(name);
      throw new ZipFormatError('bad deflate data');
    }
  }
}

interface ZipEntry {
  flags: number;
  method: number;
  compressed: number;
  size: number;
  offset: number;
}

/** The bytes are not a ZIP archive this reader can read. */
export class ZipFormatError extends Error {}

/** An entry inflates to more than the reader allows. */
export class ZipTooLargeError extends Error {}

const LOCAL_HEADER = 0x04034b50;
const CENTRAL_HEADER = 0x02014b50;
const END_OF_DIRECTORY = 0x06054b50;
const STORED = 0;
const DEFLATED = 8;
const ENCRYPTED = 0x0001;

/** Whether the bytes start as a ZIP archive does (a workbook is one). */
export function looksLikeZip(data: Buffer): boolean {
  return data.length >= 4 && data.readUInt32LE(0) === LOCAL_HEADER;
}

/** The end-of-central-directory record: the last 22 bytes, or earlier by a comment of up to 64 KiB. */
function findEndOfDirectory(data: Buffer): number {
  for (let at = data.length - 22; at >= Math.max(0, data.length - 22 - 0xffff); at--) {
    if (data.readUInt32LE(at) === END_OF_DIRECTORY) return at;
  }
  throw new ZipFormatError('no end of central directory');
}
