import type { Transform, Writable } from 'node:stream';
import { constants, crc32, createDeflateRaw } from 'node:zlib';

/**
 * A ZIP archive written front to back onto a stream, for files too large to hold: an entry's CRC and
 * sizes follow its data (a data descriptor, general purpose flag bit 3), so nothing is buffered but
 * what the compressor holds. Classic ZIP only (no ZIP64): an archive stops at 4 GiB, far beyond what
 * an export reaches, and says so rather than writing a broken file.
 */
export class ZipStream {
  private offset = 0;
  private readonly entries: CentralEntry[] = [];
  private readonly stamp = dosTime(new Date());

  private readonly out: Writable;

  constructor(out: Writable) {
    this.out = out;
  }

  /** A small entry known whole: stored as it is, its CRC and sizes in its header. */
  addFile(name: string, text: string): void {
    const data = Buffer.from(text);
    const entry = this.entry(name, STORED, 0, crc32(data), data.length, data.length);
    this.emit(localHeader(entry, this.stamp));
    this.emit(data);
  }

  /** A large entry written piece by piece through the compressor; `close` ends it. */
  openDeflated(name: string): DeflatedEntry {
    const entry = this.entry(name, DEFLATED, DATA_DESCRIPTOR, 0, 0, 0);
    this.emit(localHeader(entry, this.stamp));
    const deflate = createDeflateRaw({ level: constants.Z_DEFAULT_COMPRESSION });
    deflate.on('data', (chunk: Buffer) => {
      entry.compressed += chunk.length;
      this.emit(chunk);
    });
    deflate.on('error', (error) => this.out.destroy(error));
    // a download closed early stops the compressor too
    this.out.once('close', () => deflate.destroy());
    return {
      write: async (text: string) => {
        // a closed download: the writer sees it after this batch and stops (platform/http/xlsx.ts)
        if (deflate.destroyed) return;
        const data = Buffer.from(text);
        entry.crc = crc32(data, entry.crc);
        entry.size += data.length;
        if (!deflate.write(data)) await eventOrClose(deflate, 'drain');
      },
      close: async () => {
        if (deflate.destroyed) return;
        const ended = eventOrClose(deflate, 'end');
        deflate.end();
        await ended;
        checkSize(entry.size);
        this.emit(dataDescriptor(entry));
      },
    };
  }

  /** Writes the central directory and ends the stream. */
  finish(): void {
    const start = this.offset;
    for (const entry of this.entries) this.emit(centralHeader(entry, this.stamp));
    this.emit(endOfDirectory(this.entries.length, this.offset - start, start));
    this.out.end();
  }

  private entry(name: string, method: number, flags: number, crc: number, compressed: number, size: number) {
    const entry = { name: Buffer.from(name), method, flags, crc, compressed, size, offset: this.offset };
    this.entries.push(entry);
    return entry;
  }

  private emit(data: Buffer): void {
    this.offset += data.length;
    checkSize(this.offset);
    // a stream the client closed takes nothing more; the writer sees it and stops (platform/http/xlsx.ts)
    if (!this.out.destroyed) this.out.write(data);
  }
}

export interface DeflatedEntry {
  /** Adds text to the entry; waits while the compressor has more than it can take. */
  write(text: string): Promise<void>;
  /** Ends the entry once the compressor has given out everything. */
  close(): Promise<void>;
}

interface CentralEntry {
  name: Buffer;
  method: number;
  flags: number;
  crc: number;
  compressed: number;
  size: number;
  offset: number;
}

const STORED = 0;
const DEFLATED = 8;
const DATA_DESCRIPTOR = 0x0008;
const UTF8_NAMES = 0x0800;
const VERSION = 20;
const LIMIT = 0xffff_ffff;

/** Resolves on the event, or when the stream is closed (a closed download sends neither `drain` nor `end`). */
function eventOrClose(stream: Transform, event: 'drain' | 'end'): Promise<void> {
  if (stream.destroyed) return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      stream.off(event, done).off('close', done);
      resolve();
    };
    stream.on(event, done).on('close', done);
  });
}

function checkSize(bytes: number): void {
  if (bytes > LIMIT) throw new Error('the file would pass 4 GiB, more than a ZIP without ZIP64 holds');
}

/** A time as MS-DOS date and time words (local time, 2-second steps), as ZIP headers keep it. */
function dosTime(at: Date): { time: number; date: number } {
  const year = Math.max(at.getFullYear(), 1980);
  return {
    time: (at.getHours() << 11) | (at.getMinutes() << 5) | (at.getSeconds() >> 1),
    date: ((year - 1980) << 9) | ((at.getMonth() + 1) << 5) | at.getDate(),
  };
}

/** Writes little-endian fields one after another. */
function fields(parts: [bytes: 2 | 4, value: number][], tail: Buffer = Buffer.alloc(0)): Buffer {
  const size = parts.reduce((sum, [bytes]) => sum + bytes, 0);
  const out = Buffer.alloc(size + tail.length);
  let at = 0;
  for (const [bytes, value] of parts) at = bytes === 2 ? out.writeUInt16LE(value, at) : out.writeUInt32LE(value, at);
  tail.copy(out, at);
  return out;
}

function localHeader(e: CentralEntry, stamp: { time: number; date: number }): Buffer {
  // with a data descriptor, CRC and sizes are 0 here and follow the data
  const known = e.flags & DATA_DESCRIPTOR ? 0 : 1;
  return fields(
    [
      [4, 0x04034b50],
      [2, VERSION],
      [2, e.flags | UTF8_NAMES],
      [2, e.method],
      [2, stamp.time],
      [2, stamp.date],
      [4, e.crc * known],
      [4, e.compressed * known],
      [4, e.size * known],
      [2, e.name.length],
      [2, 0],
    ],
    e.name,
  );
}

function dataDescriptor(e: CentralEntry): Buffer {
  return fields([
    [4, 0x08074b50],
    [4, e.crc],
    [4, e.compressed],
    [4, e.size],
  ]);
}

function centralHeader(e: CentralEntry, stamp: { time: number; date: number }): Buffer {
  return fields(
    [
      [4, 0x02014b50],
      [2, VERSION],
      [2, VERSION],
      [2, e.flags | UTF8_NAMES],
      [2, e.method],
      [2, stamp.time],
      [2, stamp.date],
      [4, e.crc],
      [4, e.compressed],
      [4, e.size],
      [2, e.name.length],
      [2, 0], // extra field
      [2, 0], // comment
      [2, 0], // disk
      [2, 0], // internal attributes
      [4, 0], // external attributes
      [4, e.offset],
    ],
    e.name,
  );
}

function endOfDirectory(count: number, size: number, offset: number): Buffer {
  return fields([
    [4, 0x06054b50],
    [2, 0],
    [2, 0],
    [2, count],
    [2, count],
    [4, size],
    [4, offset],
    [2, 0],
  ]);
}
