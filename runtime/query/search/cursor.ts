/**
 * One term's posting list for one query word: a position moved forward block by block, reading a
 * block only when a doc in it is needed (shallowSeek moves on block bounds alone).
 */
import type { TermBlocks } from '../../format/search-index.ts';
import { lowerBound } from './arrays.ts';
import type { BlockSource, DecodedBlock, TermSlots } from './block-cache.ts';
import { saturation } from './bm25.ts';
import type { DenseTerm } from './dense.ts';
import type { Scales } from './plan.ts';

/** The doc of an exhausted cursor (past every doc). */
export const END = 0xffffffff;

const NO_DOCS = new Uint32Array(0);
const NO_XS = new Float32Array(0);
const NO_TFS = new Uint8Array(0);
const NO_BOUNDS = new Float64Array(0);

/** One term's list for one word (exported for tests). */
export class Cursor {
  readonly term: number;
  readonly word: number;
  /** Per doc language: weight · idf of the best candidate allowing it (0: none). */
  readonly scale: Float64Array;
  /** The scale when every language has the same one, else −1. */
  readonly uniform: number;
  /** The distinct values of scale (usually 1 to 3), and per language the index of its own in them. */
  readonly scales: number[];
  readonly scaleOf: Uint8Array;
  readonly inverses: number[];
  readonly maxScale: number;
  /** Upper bound of this list's score for any doc: saturation(maxScale, TermMax). */
  readonly ub: number;
  /** Non-essential: the bound within the current block-max window... */
  winUb = 0;
  /** ... and the largest BlockMax tf~ it comes from. */
  winMaxTf = 0;
  /**
   * Per doc language: the largest bound (saturation of the language's scale and TermMax) of this
   * list and of the lists of its word that follow it in the probing order (max-score.ts).
   */
  suffixBound: Float64Array = NO_BOUNDS;
  /** One of the essential lists that drive the pass (the others are seeked to their docs: max-score.ts). */
  drive = false;
  /** Dense form of a frequent term (dense.ts), null for another; undefined until looked up. */
  dense: DenseTerm | null | undefined = undefined;
  /** Per block: its last doc, and its BlockMax (the largest tf~ in it). */
  readonly last: Uint32Array;
  readonly max: Float32Array;
  readonly #blocks: BlockSource;
  /** Its term's cached blocks (BlockSource.slots; refreshed on a miss). */
  #slots: TermSlots | undefined;
  /** Current block; `loaded` says whether its postings are in docs/xs. */
  bi = 0;
  loaded = false;
  /** Loaded: the current posting's doc. Not loaded: no posting from here on is below it. END: exhausted. */
  doc = 0;
  i = 0;
  docs: Uint32Array = NO_DOCS;
  xs: Float32Array = NO_XS;
  tfs: Uint8Array = NO_TFS;
  block: DecodedBlock | null = null;

  constructor(term: number, word: number, scales: Scales, ub: number, bounds: TermBlocks, blocks: BlockSource) {
    this.term = term;
    this.word = word;
    this.scale = scales.scale;
    this.maxScale = scales.maxScale;
    this.uniform = scales.uniform;
    this.scales = scales.scales;
    this.scaleOf = scales.scaleOf;
    this.inverses = scales.inverses;
    this.ub = ub;
    this.last = bounds.last;
    this.max = bounds.max;
    this.#blocks = blocks;
    if (bounds.last.length === 0) this.doc = END;
  }

  /** The scale for a doc of language `lang`. */
  scaleFor(lang: number): number {
    return this.uniform >= 0 ? this.uniform : this.scale[lang]!;
  }

  /** Score bound of the current block. */
  blockUb(): number {
    return saturation(this.maxScale, this.max[this.bi]!);
  }

  /**
   * Moves past the current block and then past every following block whose BlockMax is below
   * `mx` (without reading them): to the first doc of the first block left, as shallowSeek to it.
   */
  skipBlocks(mx: number): void {
    const { last, max } = this;
    const n = last.length;
    let b = this.bi + 1;
    while (b < n && max[b]! < mx) b++;
    this.loaded = false;
    if (b >= n) {
      this.doc = END;
      return;
    }
    this.bi = b;
    this.doc = last[b - 1]! + 1;
  }

  /** Reads the current block and moves to its first doc ≥ the lower bound. */
  load(): void {
    let b = this.#slots?.blocks[this.bi];
    if (!b) {
      b = this.#blocks.read(this.term, this.bi);
      this.#slots = this.#blocks.slots(this.term);
    }
    const docs = b.docs;
    this.block = b;
    this.docs = docs;
    this.xs = b.xs;
    this.tfs = b.tfs;
    this.loaded = true;
    const t = this.doc;
    // The block's last doc is ≥ t by construction.
    const i = docs[0]! < t ? lowerBound(docs, t, 0, docs.length - 1) : 0;
    this.i = i;
    this.doc = docs[i]!;
  }

  next(): void {
    const i = ++this.i;
    if (i < this.docs.length) {
      this.doc = this.docs[i]!;
      return;
    }
    this.loaded = false;
    const b = ++this.bi;
    this.doc = b < this.last.length ? this.last[b - 1]! + 1 : END;
  }

  /** Moves (without reading) to the first posting with doc ≥ target: only block bounds are used. */
  shallowSeek(target: number): void {
    if (this.doc >= target) return;
    const last = this.last;
    if (last[this.bi]! >= target) {
      if (!this.loaded) {
        this.doc = target;
        return;
      }
      // Same block: gallop from the current posting (probes are usually a few postings ahead),
      // then binary search; the block's last doc is ≥ target.
      const docs = this.docs;
      let i = this.i + 1;
      const hi = docs.length - 1;
      if (docs[i]! < target) {
        let lo = i; // docs[lo] < target
        let step = 1;
        while (lo + step < hi && docs[lo + step]! < target) {
          lo += step;
          step <<= 1;
        }
        i = lowerBound(docs, target, lo + 1, lo + step < hi ? lo + step : hi);
      }
      this.i = i;
      this.doc = docs[i]!;
      return;
    }
    // Gallop, then binary search, over the block bounds.
    const n = last.length;
    let step = 1;
    const lo = this.bi + 1;
    while (lo + step < n && last[lo + step]! < target) step *= 2;
    const b = lowerBound(last, target, lo, Math.min(n, lo + step + 1));
    this.loaded = false;
    if (b >= n) {
      this.doc = END;
      return;
    }
    this.bi = b;
    this.doc = target;
  }
}
