/**
 * Where an offline client's dataset lives: a directory laid out like dist/data/ (holding
 * `current`) or one version directory (holding `manifest.json`), reached through a Source. The
 * query core reads bytes synchronously (runtime/format/shard.ts ByteSource); a Source is the
 * asynchronous side that gets them there. See README.md in this folder for the design.
 */
import type { ByteSource } from '../format/shard.ts';

/** Bytes [start, end) of a file of the version directory. */
export interface ByteRange {
  path: string;
  start: number;
  end: number;
}

/**
 * Thrown by a lazy ByteSource when a read needs bytes it does not hold yet. The client catches it,
 * has the Source fetch every range named (Source.fetchRanges, one batch) and runs the request
 * again: the core is synchronous and deterministic, so a re-run reads the same ranges and, with
 * them at hand, goes further (each run holds more bytes, so the loop ends).
 */
export class NeedBytes extends Error {
  override name = 'NeedBytes';
  constructor(readonly ranges: readonly ByteRange[]) {
    super(`bytes not fetched yet: ${ranges.map((r) => `${r.path} [${r.start}, ${r.end})`).join(', ')}`);
  }
}

export interface Source {
  /** The directory or URL the paths are relative to, for messages. */
  readonly location: string;
  /**
   * A whole file (path relative to the location, '/'-separated), or undefined when there is no
   * such file (ENOENT, HTTP 404). Rejects on any other failure.
   */
  get(path: string): Promise<Uint8Array | undefined>;
  /**
   * Optional: positional reads of a large file (record shards, the search index) without
   * holding it whole: file descriptors (fileSource), or ranges fetched on demand that throw
   * NeedBytes until fetched (lazy mode). Absent: the file is got whole.
   */
  byteSource?(path: string, size: number, sha256?: string): ByteSource;
  /**
   * Optional (lazy mode): every file, not only the large ones, is read through byteSource, so
   * opening fetches the manifest alone and each reader is built on its first use. A small file
   * is then given with its manifest SHA-256: the source fetches it whole on its first read and
   * checks it before any byte is used.
   */
  readonly lazyFiles?: boolean;
  /** Optional: the SHA-256 (hex) of a file without holding it whole (fileSource streams it). */
  sha256?(path: string): Promise<string>;
  /** Optional (lazy mode): fetches the ranges a NeedBytes named, so that the next run finds them. */
  fetchRanges?(ranges: readonly ByteRange[]): Promise<void>;
  /**
   * Optional (lazy mode that reads on over zeros, lazy-http-source.ts): how many reads ever missed
   * (a run during which it grew read zeros and is thrown away), and the ranges missed since the
   * last call (fetched as one batch before the run is repeated).
   */
  missCount?(): number;
  takeMisses?(): ByteRange[];
  /**
   * Optional (a persistent cache, cache/cached-ranges.ts): a run met corrupt bytes; drops every
   * block taken from the cache, in memory and in the cache, and resolves to true when there was
   * any (the run is then repeated over bytes from the network).
   */
  forgetCached?(): Promise<boolean>;
  /** Optional (a persistent cache): the version directory answered from ('' or '<name>/'); the cache may drop the location's other versions. */
  keepOnly?(dir: string): Promise<void>;
}

/** A path inside the location: relative, '/'-separated, no '..' or empty segment (a dataset lists only such paths). */
export function isSafePath(p: string): boolean {
  return p !== '' && !p.startsWith('/') && p.split('/').every((s) => s !== '' && s !== '.' && s !== '..' && !s.includes('\\'));
}
