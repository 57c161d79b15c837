/**
 * A streaming ZIP writer for the Excel files (decision 032) and the survey pack's ZIP: entries are deflated by Node's zlib
 * (native code, on the thread pool) instead of a JavaScript deflate, which took three quarters of an
 * export's time. Each entry streams: its sizes and CRC go in a data descriptor after the data
 * (general purpose flag bit 3), so nothing is buffered; entries are written one after another.
 * Plain ZIP (no ZIP64): files and entries stay far below 4 GB.
 */
import { once } from 'node:events';
import type { Writable } from 'node:stream';
import { crc32, createDeflateRaw, deflateRawSync } from 'node:zlib';

const FLAGS = 0x0808; // bit 3: sizes in a data descriptor; bit 11: UTF-8 names
const DEFLATE = 8;
const DOS_DATE = 0x21; // 1980-01-01: the files carry no meaningful time

interface Written {
  name: Buffer;
  crc: number;
  compressed: number;
  size: number;
  offset: number;
}

export interface ZipEntry {
  /** Adds data (text as UTF-8, or bytes); resolves when the entry can take more (backpressure from the client). */
  write(data: string | Uint8Array): Promise<void>;
  end(): Promise<void>;
}

export class ZipWriter {
  private offset = 0;
  private readonly entries: Written[] = [];
  private readonly out: Writable;

  constructor(out: Writable) {
    this.out = out;
  }

  private put(chunk: Buffer): boolean {
    this.offset += chunk.length;
    return this.out.write(chunk);
  }

  private localHeader(name: Buffer): Buffer {
    const header = Buffer.alloc(30);
    header.writeUInt32LE(0x04034b50, 0);
    header.writeUInt16LE(20, 4);
    header.writeUInt16LE(FLAGS, 6);
    header.writeUInt16LE(DEFLATE, 8);
    header.writeUInt16LE(0, 10);
    header.writeUInt16LE(DOS_DATE, 12);
    header.writeUInt16LE(name.length, 26);
    return Buffer.concat([header, name]);
  }

  private descriptor(entry: Written): Buffer {
    const d = Buffer.alloc(16);
    d.writeUInt32LE(0x08074b50, 0);
    d.writeUInt32LE(entry.crc, 4);
    d.writeUInt32LE(entry.compressed, 8);
    d.writeUInt32LE(entry.size, 12);
    return d;
  }

  /** A small entry in one piece. */
  add(name: string, data: string) {
    const raw = Buffer.from(data, 'utf8');
    const packed = deflateRawSync(raw, { level: 1 });
    const entry = { name: Buffer.from(name, 'utf8'), crc: crc32(raw), compressed: packed.length, size: raw.length, offset: this.offset };
    this.put(this.localHeader(entry.name));
    this.put(packed);
    this.put(this.descriptor(entry));
    this.entries.push(entry);
  }

  /** A streamed entry; nothing else may be written until its end() has resolved. */
  entry(name: string): ZipEntry {
    const entry = { name: Buffer.from(name, 'utf8'), crc: 0, compressed: 0, size: 0, offset: this.offset };
    this.put(this.localHeader(entry.name));
    const deflate = createDeflateRaw({ level: 1 });
    deflate.on('data', (chunk: Buffer) => {
      entry.compressed += chunk.length;
      if (!this.put(chunk)) {
        deflate.pause();
        this.out.once('drain', () => deflate.resume());
      }
    });
    const ended = once(deflate, 'end');
    return {
      write: async (data) => {
        const raw = typeof data === 'string' ? Buffer.from(data, 'utf8') : Buffer.from(data.buffer, data.byteOffset, data.byteLength);
        entry.crc = crc32(raw, entry.crc);
        entry.size += raw.length;
        if (!deflate.write(raw)) await once(deflate, 'drain');
      },
      end: async () => {
        deflate.end();
        await ended;
        this.put(this.descriptor(entry));
        this.entries.push(entry);
      },
    };
  }

  /** The central directory and its end record. */
  finish() {
    const start = this.offset;
    for (const e of this.entries) {
      const h = Buffer.alloc(46);
      h.writeUInt32LE(0x02014b50, 0);
      h.writeUInt16LE(20, 4);
      h.writeUInt16LE(20, 6);
      h.writeUInt16LE(FLAGS, 8);
      h.writeUInt16LE(DEFLATE, 10);
      h.writeUInt16LE(0, 12);
      h.writeUInt16LE(DOS_DATE, 14);
      h.writeUInt32LE(e.crc, 16);
      h.writeUInt32LE(e.compressed, 20);
      h.writeUInt32LE(e.size, 24);
      h.writeUInt16LE(e.name.length, 28);
      h.writeUInt32LE(e.offset, 42);
      this.put(Buffer.concat([h, e.name]));
    }
    const end = Buffer.alloc(22);
    end.writeUInt32LE(0x06054b50, 0);
    end.writeUInt16LE(this.entries.length, 8);
    end.writeUInt16LE(this.entries.length, 10);
    end.writeUInt32LE(this.offset - start, 12);
    end.writeUInt32LE(start, 16);
    this.put(end);
    this.out.end();
  }
}
