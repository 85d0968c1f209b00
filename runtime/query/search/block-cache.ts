/**
 * Decoded posting blocks (as Tantivy's block_segment_postings) and the cache that keeps them
 * across queries. A block's tf~ are computed when first needed, and once per cached block.
 */
import { tfTilde } from '../../format/search-index.ts';

/**
 * One decoded posting block: docs ascending, tf bytes, and each posting's tf~ (float32,
 * docNorms/tfTilde) filled in when first needed (−1 until then: a block is often read for a few
 * of its docs, and tf~ reads the doc's norms).
 */
export interface DecodedBlock {
  /** Its term and block number. */
  term: number;
  j: number;
  docs: Uint32Array;
  tfs: Uint8Array;
  xs: Float32Array;
  /** Each posting's doc language, once filled. */
  langs: Uint8Array;
  /** Every tf~ and language of the block is known (fill). */
  filled: boolean;
  /** Once filled: the postings' indices by tf~ descending (the one-essential-list scan visits those above its threshold only). */
  order: Uint16Array | null;
}

/** A term's decoded blocks in the cache (BlockCache): by block number, and how many. */
export interface TermSlots {
  blocks: (DecodedBlock | undefined)[];
  count: number;
}

/** Where cursors read blocks: through the cache (read), whose blocks of a term they look up first (slots). */
export interface BlockSource {
  read(t: number, j: number): DecodedBlock;
  slots(t: number): TermSlots | undefined;
}

/** tf~ of posting i of a block (docs, tfs, xs), computed once: tfTilde, the same float operations. */
export function tfAt(docs: Uint32Array, tfs: Uint8Array, xs: Float32Array, i: number, norms: Float32Array, F: number): number {
  const known = xs[i]!;
  if (known >= 0) return known;
  return (xs[i] = tfTilde(tfs, i * F, norms, docs[i]!, F));
}

/** Computes every unknown tf~ of a block and the languages (a list scanned posting by posting needs them all). */
export function fill(b: DecodedBlock, norms: Float32Array, F: number, docLanguage: Uint8Array): void {
  const { docs, tfs, xs, langs } = b;
  for (let i = 0; i < docs.length; i++) {
    if (xs[i]! < 0) tfAt(docs, tfs, xs, i, norms, F);
    langs[i] = docLanguage[docs[i]!]!;
  }
  b.order = byTfDescending(xs);
  b.filled = true;
}

const f32Scratch = new Float32Array(1);
const f32Bits = new Uint32Array(f32Scratch.buffer);

/**
 * Indices of xs (at most 2^16, tf~ ≥ 0) by value descending. One numeric sort of keys that pack the
 * value's float32 bits (ordered as the values, for values ≥ 0) above the index.
 */
export function byTfDescending(xs: Float32Array): Uint16Array {
  const n = xs.length;
  const keys = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    f32Scratch[0] = xs[i]!;
    keys[i] = f32Bits[0]! * 65536 + i;
  }
  keys.sort();
  const order = new Uint16Array(n);
  for (let k = 0; k < n; k++) order[k] = keys[n - 1 - k]! % 65536;
  return order;
}

/**
 * Decoded blocks kept across queries, FIFO over blocks (at most `capacity`), found by term then
 * block number: a cursor looks its term up once, then its blocks by index (a hash lookup per
 * block read otherwise). A term with a cached block has an array of a slot per block of it (at
 * most 8 bytes per block of the index in all).
 */
export class BlockCache {
  readonly #terms = new Map<number, TermSlots>();
  /** The blocks in the order added, with their term and number. */
  readonly #ring: (DecodedBlock | undefined)[];
  #next = 0;

  constructor(capacity: number) {
    this.#ring = new Array<DecodedBlock | undefined>(Math.max(0, capacity)).fill(undefined);
  }

  /** Term t's cached blocks (undefined when none): the object stays valid while it holds one. */
  slots(t: number): TermSlots | undefined {
    return this.#terms.get(t);
  }

  /** Adds block j of term t (of `n` blocks), not in the cache (no-op at capacity 0). */
  add(t: number, j: number, n: number, b: DecodedBlock): void {
    const ring = this.#ring;
    if (ring.length === 0) return;
    const old = ring[this.#next];
    if (old !== undefined) {
      const s = this.#terms.get(old.term)!;
      s.blocks[old.j] = undefined;
      if (--s.count === 0) this.#terms.delete(old.term);
    }
    ring[this.#next] = b;
    this.#next = (this.#next + 1) % ring.length;
    let s = this.#terms.get(t);
    if (!s) this.#terms.set(t, (s = { blocks: new Array<DecodedBlock | undefined>(n).fill(undefined), count: 0 }));
    s.blocks[j] = b;
    s.count++;
  }
}
