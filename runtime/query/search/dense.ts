/**
 * Dense forms of frequent terms, for lookups by doc in O(1) instead of a search of the postings,
 * kept across queries (DENSE_CACHE_TERMS).
 */
import { tfTilde } from '../../format/search-index.ts';
import { FifoCache } from '../fifo-cache.ts';
import { DENSE_DF, DENSE_PACK } from './knobs.ts';
import type { Postings } from './postings.ts';

/**
 * A frequent term in a form for lookups by doc: bit d of `bits` is set when the term holds d (the
 * bitset is N/8 bytes, so it stays in cache), and its tf~ is then xs[rank(d)], rank(d) the number
 * of the term's docs below d (rank: per word of bits, the bits set before it): the tf~ are packed,
 * 4 bytes per posting, not per doc, so a lookup stays in cache where a per-doc array would not.
 * For a term in at least 1/DENSE_PACK of the docs, where packing saves less, xs[d] (rank null):
 * no rank to count (a walk over a mask's allowed docs finds most of them).
 */
export interface DenseTerm {
  bits: Uint32Array;
  rank: Uint32Array | null;
  xs: Float32Array;
}

/** The number of bits set in a 32-bit word. */
export function popcount(v: number): number {
  v = v - ((v >>> 1) & 0x55555555);
  v = (v & 0x33333333) + ((v >>> 2) & 0x33333333);
  v = (v + (v >>> 4)) & 0x0f0f0f0f;
  return Math.imul(v, 0x01010101) >>> 24;
}

/** The tf~ of a dense form at doc d, which it holds (its bit is set). */
export function denseX(bits: Uint32Array, rank: Uint32Array | null, xs: Float32Array, d: number): number {
  if (rank === null) return xs[d]!;
  const w = d >>> 5;
  return xs[rank[w]! + popcount(bits[w]! & ~(-1 << (d & 31)))]!; // + the docs below d in its word
}

/** The dense forms of a searcher's index, FIFO, at most `capacity`. */
export class DenseForms {
  readonly #postings: Postings;
  readonly #cache: FifoCache<number, DenseTerm>;

  constructor(postings: Postings, capacity: number) {
    this.#postings = postings;
    this.#cache = new FifoCache(capacity);
  }

  /** Whether a term of df postings is frequent enough to have a dense form (DENSE_DF). */
  frequent(df: number): boolean {
    return df * DENSE_DF >= this.#postings.ix.docCount;
  }

  /** Term t's dense form when one is cached (none is built). */
  cached(t: number): DenseTerm | undefined {
    return this.#cache.get(t);
  }

  /** Term t's dense form, built from one read of its postings if need be (the same tf~ as a decoded block's); null for a term not frequent enough. */
  get(t: number): DenseTerm | null {
    const { ix, norms, fieldCount: F } = this.#postings;
    if (ix.df(t) * DENSE_DF < ix.docCount) return null;
    let dense = this.#cache.get(t);
    if (dense) return dense;
    const bits = new Uint32Array((ix.docCount + 31) >>> 5);
    if (ix.df(t) * DENSE_PACK >= ix.docCount) {
      const xs = new Float32Array(ix.docCount);
      ix.forEachBlock(t, (docs, tfs) => {
        for (let i = 0; i < docs.length; i++) {
          const d = docs[i]!;
          bits[d >>> 5]! |= 1 << (d & 31);
          xs[d] = tfTilde(tfs, i * F, norms, d, F);
        }
      });
      dense = { bits, rank: null, xs };
    } else {
      const rank = new Uint32Array(bits.length);
      const xs = new Float32Array(ix.df(t));
      let p = 0; // the postings come in doc order
      ix.forEachBlock(t, (docs, tfs) => {
        for (let i = 0; i < docs.length; i++) {
          const d = docs[i]!;
          const w = d >>> 5;
          if (bits[w] === 0) rank[w] = p; // the first doc in its word: p docs below it
          bits[w]! |= 1 << (d & 31);
          xs[p++] = tfTilde(tfs, i * F, norms, d, F);
        }
      });
      // Words without a doc: the count of the docs below them.
      for (let w = 1; w < bits.length; w++) if (bits[w] === 0) rank[w] = rank[w - 1]! + popcount(bits[w - 1]!);
      dense = { bits, rank, xs };
    }
    this.#cache.add(t, dense);
    return dense;
  }
}
