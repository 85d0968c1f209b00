/**
 * The files of one opened dataset, wherever they are: a FileDriver reaches them (the node driver
 * in file-source.ts reads a directory; the offline client hands over bytes it fetched or was
 * given). Record shards and the search index stay where they are and are read by positional
 * reads; every other file is read whole, on first use, into an aligned buffer (bitmap frozen
 * views and typed-array views need it), checked against its SHA-256 in the manifest when the
 * driver can hash (the server's, in every verify mode: FORMAT.md § 11, nothing is used
 * unchecked), and kept: the bytes served are the bytes hashed.
 */
import { PATHS } from '../format/constants.ts';
import { alignedBuffer } from '../format/bitmap.ts';
import { bufferSource, type ByteSource } from '../format/shard.ts';
import { DatasetError, joinPath, REBUILD } from './dataset-error.ts';

/** Files that stay where they are and are read by positional reads (never loaded whole for serving). */
export const onDisk = (p: string) => p.startsWith('records/') || p === PATHS.searchIndex;

/**
 * Files whose every range read is checked by its own CRC-32C (FORMAT.md § 11.1): a reader that
 * fetches ranges (the offline client in lazy mode) may read them in part, without the whole-file
 * SHA-256. The server keeps the catalog, the id table and the bitmap indexes in memory all the same (hashed on load).
 */
export const checkedByRange = (p: string) =>
  onDisk(p) || p === PATHS.catalog || p === PATHS.ids || p.startsWith('index/') || p === PATHS.pantryByTotal;

/** Bytes read (and hashed) per step of the background pass: about a millisecond of blocking each. */
export const VERIFY_CHUNK = 1 << 20;

/** How the files of one dataset version are reached. Paths are relative to the version directory. */
export interface FileDriver {
  /** The version directory (a path or URL), for messages. */
  readonly where: string;
  /**
   * True when the driver's positional reads fetch ranges that the readers check themselves (the
   * offline client in lazy mode): then the files `checkedByRange` names are read through source(),
   * never loaded whole.
   */
  readonly byRange?: boolean;
  /** Positional reads of a file of `size` bytes (the size is already checked against the manifest). */
  source(p: string, size: number): ByteSource;
  /** Reads a file from its start into `into` until it is full or the file ends; returns the bytes read. */
  readWhole(p: string, into: Uint8Array): number;
  /** readWhole without blocking for long (the server's background pass); default: readWhole. */
  readWholeAsync?(p: string, into: Uint8Array): Promise<number>;
  /**
   * A fresh SHA-256, to check each in-memory file against the manifest before its first use (the
   * server's node:crypto). Absent: the driver vouches for its bytes (the offline client checks
   * every file's SHA-256 at open).
   */
  sha256?(): Sha256;
}

/** An incremental SHA-256: feed bytes, then the lowercase hex digest. */
export interface Sha256 {
  update(bytes: Uint8Array): void;
  hex(): string;
}

/** Lets the event loop run between chunks (setTimeout: there on every platform, unlike setImmediate). */
const nextTask = () => new Promise<void>((r) => setTimeout(r, 0));

export class DatasetFiles {
  readonly #bytes = new Map<string, Uint8Array>();
  readonly #sources = new Map<string, ByteSource>();
  /** Descriptors to release when the dataset is no longer served. */
  readonly #closers: (() => void)[] = [];

  /** `sizes`: every manifest-listed file, already checked (listing.ts checkListing); `sha256`: their hex digests from the manifest. */
  constructor(
    readonly driver: FileDriver,
    readonly sizes: ReadonlyMap<string, number>,
    readonly sha256: ReadonlyMap<string, string> = new Map(),
  ) {}

  get dir(): string {
    return this.driver.where;
  }

  /** Throws a DatasetError unless `digest` is the manifest's SHA-256 for `p`. */
  #checkHash(p: string, digest: string): void {
    if (digest !== this.sha256.get(p)) throw new DatasetError(`${this.fullPath(p)} does not match its SHA-256 in the manifest (corrupt or altered). ${REBUILD}`);
  }

  fullPath(p: string): string {
    return joinPath(this.driver.where, p);
  }

  sizeOf(p: string): number {
    const size = this.sizes.get(p);
    if (size === undefined) throw new DatasetError(`${this.fullPath(p)} is not listed in the manifest. ${REBUILD}`);
    return size;
  }

  /** An in-memory file's bytes, read whole on the first call. */
  load(p: string): Uint8Array {
    let b = this.#bytes.get(p);
    if (b) return b;
    const size = this.sizeOf(p);
    b = alignedBuffer(size);
    this.#ended(p, this.driver.readWhole(p, b), size);
    const hash = this.driver.sha256?.();
    if (hash) {
      hash.update(b);
      this.#checkHash(p, hash.hex());
    }
    this.#bytes.set(p, b);
    return b;
  }

  /** load() without blocking the event loop for more than one chunk read or hash (the background pass's path). */
  async loadAsync(p: string): Promise<Uint8Array> {
    const ready = this.#bytes.get(p);
    if (ready) return ready;
    const size = this.sizeOf(p);
    const b = alignedBuffer(size);
    const got = this.driver.readWholeAsync ? await this.driver.readWholeAsync(p, b) : this.driver.readWhole(p, b);
    this.#ended(p, got, size);
    const hash = this.driver.sha256?.();
    if (hash) {
      for (let at = 0; at < size; at += VERIFY_CHUNK) {
        hash.update(b.subarray(at, at + VERIFY_CHUNK));
        await nextTask();
      }
      this.#checkHash(p, hash.hex());
    }
    // A request may have loaded the file meanwhile: keep (and so hash) the buffer it serves.
    const raced = this.#bytes.get(p);
    if (raced) return raced;
    this.#bytes.set(p, b);
    return b;
  }

  /** Positional reads: the driver's for on-disk files (opened on first read and kept), or a view of the loaded bytes. */
  source(p: string): ByteSource {
    let s = this.#sources.get(p);
    if (s) return s;
    const size = this.sizeOf(p);
    s = onDisk(p) || (this.driver.byRange && checkedByRange(p)) ? this.driver.source(p, size) : bufferSource(this.load(p));
    // A driver's source over a descriptor (file-source.ts) can release it.
    const closable = s as ByteSource & { close?: () => void };
    if (closable.close) this.#closers.push(() => closable.close!());
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
  file(p: string): Uint8Array {
    if (!onDisk(p)) return this.load(p);
    const src = this.source(p);
    return src.read(0, src.size);
  }

  #ended(p: string, got: number, size: number): void {
    if (got !== size) throw new DatasetError(`${this.fullPath(p)} ended early (${got} of ${size} bytes). ${REBUILD}`);
  }
}
