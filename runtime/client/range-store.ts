/**
 * The bytes a lazy source holds of its large files, in fixed blocks, and the misses of the run
 * in progress. The core reads synchronously; a read of bytes not held yet is a miss: it is noted
 * and then either thrown (a strict source) or answered with zeros so that the run goes on and
 * names every range it needs (a page of 20 records becomes one batch, not 20 round trips): zeros
 * only where nothing decoded from them is kept beyond the run (lazy-http-source.ts says where). A run that missed anything is thrown away
 * whatever it answered (Client takes the misses, has them fetched and runs again); an answer is
 * only ever built from a run without a miss, so only from fetched bytes.
 */
import type { ByteSource } from '../format/shard.ts';
import { NeedBytes, type ByteRange } from './source.ts';

/** Bytes per block: a record is a few hundred bytes; a whole block per miss keeps neighbours at hand. Default 16 KiB; 4-64 KiB is sensible. */
export const BLOCK_SIZE = 16 * 1024;
/** Misses after which a run stops (throws) instead of going on over zeros: bounds a run that zeros sent astray. */
const MAX_MISSES_PER_RUN = 4096;

export class RunAborted extends Error {
  override name = 'RunAborted';
}

export class RangeStore {
  readonly #blocks = new Map<string, Map<number, Uint8Array>>();
  #misses = new Map<string, Set<number>>();
  #missCount = 0;
  #missTotal = 0;

  constructor(readonly blockSize = BLOCK_SIZE) {}

  /** The misses of the run since the last call, as block-aligned ranges (clamped to each file's size later), and a fresh run. */
  takeMisses(): ByteRange[] {
    const out: ByteRange[] = [];
    for (const [path, blocks] of this.#misses) {
      for (const b of [...blocks].sort((x, y) => x - y)) out.push({ path, start: b * this.blockSize, end: (b + 1) * this.blockSize });
    }
    this.#misses = new Map();
    this.#missCount = 0;
    return out;
  }

  /** Misses ever noted: a run that sees it grow read zeros somewhere and must not be trusted. */
  get missTotal(): number {
    return this.#missTotal;
  }

  has(path: string, block: number): boolean {
    return this.#blocks.get(path)?.has(block) ?? false;
  }

  /** Keeps fetched bytes [start, start + bytes.length) of a file; start is block-aligned. */
  put(path: string, start: number, bytes: Uint8Array): void {
    let m = this.#blocks.get(path);
    if (!m) this.#blocks.set(path, (m = new Map()));
    for (let at = 0; at < bytes.length; at += this.blockSize) m.set((start + at) / this.blockSize, bytes.subarray(at, at + this.blockSize));
  }

  /** Forgets a block (one taken from a persistent cache that a run found corrupt). */
  drop(path: string, block: number): void {
    this.#blocks.get(path)?.delete(block);
  }

  /** Bytes held of all files (for measurements). */
  get heldBytes(): number {
    let n = 0;
    for (const m of this.#blocks.values()) for (const b of m.values()) n += b.length;
    return n;
  }

  /**
   * Reads of a file, answered from held blocks. A miss is noted; then a `strict` source throws
   * NeedBytes (for files whose readers cache what they decode, such as the search index's posting
   * blocks: zeros must never reach a cache that outlives the run), another answers zeros.
   */
  source(path: string, size: number, strict = false): ByteSource {
    const { blockSize } = this;
    const blocks = this.#blocks;
    /** [position, position + length) clamped to the file, and whether every block of it is held (a miss noted, or thrown when strict). */
    const locate = (position: number, length: number): { start: number; end: number; held: boolean } => {
      const start = Math.max(0, Math.min(position, size));
      const end = Math.max(start, Math.min(position + length, size));
      if (end === start) return { start, end, held: true };
      const first = Math.floor(start / this.blockSize);
      const last = Math.floor((end - 1) / this.blockSize);
      const held = this.#blocks.get(path);
      let missing = false;
      for (let b = first; b <= last; b++) {
        if (held?.has(b)) continue;
        missing = true;
        let s = this.#misses.get(path);
        if (!s) this.#misses.set(path, (s = new Set()));
        s.add(b);
      }
      if (missing) {
        this.#missTotal++;
        if (strict) throw new NeedBytes([{ path, start: first * this.blockSize, end: (last + 1) * this.blockSize }]);
        if (++this.#missCount > MAX_MISSES_PER_RUN) throw new RunAborted(`more than ${MAX_MISSES_PER_RUN} reads of bytes not fetched yet in one run`);
      }
      return { start, end, held: !missing };
    };
    /** Copies held bytes [start, end) into `into` at `at`, block by block (no bytes in between). */
    const copy = (start: number, end: number, into: Uint8Array, at: number): void => {
      const held = this.#blocks.get(path)!;
      for (let b = Math.floor(start / this.blockSize); b * this.blockSize < end; b++) {
        const from = Math.max(start, b * this.blockSize);
        const to = Math.min(end, (b + 1) * this.blockSize);
        into.set(held.get(b)!.subarray(from - b * this.blockSize, to - b * this.blockSize), at + from - start);
      }
    };
    return {
      size,
      spanGap: 0,
      read(position, length) {
        const { start, end, held } = locate(position, length);
        if (!held || end === start) return new Uint8Array(end - start);
        const first = Math.floor(start / blockSize);
        if (first === Math.floor((end - 1) / blockSize)) {
          const off = start - first * blockSize;
          return blocks.get(path)!.get(first)!.subarray(off, off + (end - start));
        }
        const out = new Uint8Array(end - start);
        copy(start, end, out, 0);
        return out;
      },
      readInto(position, length, into, at) {
        const { start, end, held } = locate(position, length);
        if (held) copy(start, end, into, at);
        else into.fill(0, at, at + (end - start));
        return end - start;
      },
    };
  }
}
