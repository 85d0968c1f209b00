/**
 * The files of one opened dataset. Record shards and the search index stay on disk and are read
 * by positional reads; every other file is read whole, on first use, into an aligned buffer
 * (bitmap frozen views and typed-array views need it) and kept: the bytes served are the bytes
 * hashed.
 */
import fs from 'node:fs';
import path from 'node:path';
import { PATHS } from '../format/constants.ts';
import { alignedBuffer } from '../format/bitmap.ts';
import { bufferSource, type ByteSource } from '../format/shard.ts';
import { DatasetError, REBUILD } from './dataset-error.ts';
import { fileSource, readWhole } from './file-source.ts';

/** Files that stay on disk and are read by positional reads (never loaded whole for serving). */
export const onDisk = (p: string) => p.startsWith('records/') || p === PATHS.searchIndex;

/** Bytes read (and hashed) per step of the background pass: about a millisecond of blocking each. */
export const VERIFY_CHUNK = 1 << 20;

export class DatasetFiles {
  readonly #bytes = new Map<string, Buffer>();
  readonly #sources = new Map<string, ByteSource>();
  /** Descriptors to release when the dataset is no longer served. */
  readonly #closers: (() => void)[] = [];

  /** `sizes`: every manifest-listed file, already checked on disk (manifest.ts listedSizes). */
  constructor(
    readonly dir: string,
    readonly sizes: ReadonlyMap<string, number>,
  ) {}

  fullPath(p: string): string {
    return path.join(this.dir, p);
  }

  sizeOf(p: string): number {
    const size = this.sizes.get(p);
    if (size === undefined) throw new DatasetError(`${this.fullPath(p)} is not listed in the manifest. ${REBUILD}`);
    return size;
  }

  /** An in-memory file's bytes, read whole on the first call. */
  load(p: string): Buffer {
    let b = this.#bytes.get(p);
    if (b) return b;
    const size = this.sizeOf(p);
    b = alignedFileBuffer(size);
    const got = readWhole(this.fullPath(p), b);
    if (got !== size) throw new DatasetError(`${this.fullPath(p)} ended early (${got} of ${size} bytes). ${REBUILD}`);
    this.#bytes.set(p, b);
    return b;
  }

  /** load() without blocking the event loop for more than one chunk read (the background pass's path). */
  async loadAsync(p: string): Promise<Buffer> {
    const ready = this.#bytes.get(p);
    if (ready) return ready;
    const size = this.sizeOf(p);
    const b = alignedFileBuffer(size);
    const fh = await fs.promises.open(this.fullPath(p), 'r');
    try {
      for (let at = 0; at < size; ) {
        const { bytesRead } = await fh.read(b, at, Math.min(VERIFY_CHUNK, size - at), at);
        if (bytesRead === 0) throw new DatasetError(`${this.fullPath(p)} ended early (${at} of ${size} bytes). ${REBUILD}`);
        at += bytesRead;
      }
    } finally {
      await fh.close();
    }
    // A request may have loaded the file meanwhile: keep (and so hash) the buffer it serves.
    const raced = this.#bytes.get(p);
    if (raced) return raced;
    this.#bytes.set(p, b);
    return b;
  }

  /** Positional reads: one descriptor per on-disk file (opened on first read and kept), or a view of the loaded bytes. */
  source(p: string): ByteSource {
    let s = this.#sources.get(p);
    if (s) return s;
    const size = this.sizeOf(p);
    if (onDisk(p)) {
      const f = fileSource(this.fullPath(p), size);
      this.#closers.push(() => f.close());
      s = f;
    } else {
      s = bufferSource(this.load(p));
    }
    this.#sources.set(p, s);
    return s;
  }

  /** Releases every descriptor and drops the loaded bytes (the dataset is no longer served). */
  close(): void {
    for (const close of this.#closers.splice(0)) close();
    this.#sources.clear();
    this.#bytes.clear();
  }

  /** Any file's bytes: in-memory files as kept, on-disk files read whole on each call. */
  file(p: string): Buffer {
    if (!onDisk(p)) return this.load(p);
    const src = this.source(p);
    return src.read(0, src.size);
  }
}

/** An aligned buffer for a file's bytes (bitmap views want 32-byte alignment), as a Buffer over the same memory. */
function alignedFileBuffer(size: number): Buffer {
  const bytes = alignedBuffer(size);
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}
