/**
 * The search index as the searcher's parts read it: posting blocks through the block cache, block
 * bounds through their own cache, and the per-doc values every score needs (norms, languages).
 */
import { docNorms, type SearchIndexReader, type TermBlocks } from '../../format/search-index.ts';
import { FifoCache } from '../fifo-cache.ts';
import { BlockCache, type BlockSource, type DecodedBlock, type TermSlots } from './block-cache.ts';
import { BOUNDS_CACHE_TERMS } from './knobs.ts';

export class Postings implements BlockSource {
  readonly ix: SearchIndexReader;
  /** W_f / (1 − b_f + b_f · len_f / avg_f) per doc and field (the index's weights). */
  readonly norms: Float32Array;
  /** The number of fields (F: tf bytes per posting). */
  readonly fieldCount: number;
  readonly docLanguage: Uint8Array;
  readonly #bounds = new FifoCache<number, TermBlocks>(BOUNDS_CACHE_TERMS);
  /** Decoded blocks (FIFO, at most the capacity given). */
  readonly #blocks: BlockCache;

  constructor(ix: SearchIndexReader, blockCacheBlocks: number) {
    this.ix = ix;
    this.norms = docNorms(ix.lengths, ix.docCount, ix.avgFieldLengths, ix.fieldWeights, ix.fieldB);
    this.fieldCount = ix.fields.length;
    this.docLanguage = ix.docLanguage;
    this.#blocks = new BlockCache(blockCacheBlocks);
  }

  /** Term t's block bounds (last doc and BlockMax per block). */
  bounds(t: number): TermBlocks {
    let b = this.#bounds.get(t);
    if (b) return b;
    b = this.ix.blocks(t);
    this.#bounds.add(t, b);
    return b;
  }

  slots(t: number): TermSlots | undefined {
    return this.#blocks.slots(t);
  }

  /** Block j of term t, decoded (from the cache, or read and added to it). */
  read(t: number, j: number): DecodedBlock {
    const cache = this.#blocks;
    let b = cache.slots(t)?.blocks[j];
    if (b) return b;
    // One buffer per block: docs, tf~ (−1: not yet computed), tf bytes (a copy: the read's
    // buffer may be a shared pool slab).
    const ix = this.ix;
    const n = ix.df(t) - j * ix.blockSize;
    const size = n < ix.blockSize ? n : ix.blockSize;
    const F = this.fieldCount;
    const buf = new ArrayBuffer(8 * size + (F + 1) * size);
    const docs = new Uint32Array(buf, 0, size);
    const xs = new Float32Array(buf, 4 * size, size).fill(-1);
    const tfs = new Uint8Array(buf, 8 * size, F * size);
    const langs = new Uint8Array(buf, (8 + F) * size, size);
    tfs.set(ix.block(t, j, docs).tfs);
    b = { term: t, j, docs, tfs, xs, langs, filled: false, order: null };
    cache.add(t, j, ix.blockStarts[t + 1]! - ix.blockStarts[t]!, b);
    return b;
  }
}
