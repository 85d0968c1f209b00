/**
 * A builder's postings written into their blocks of a search file (file-plan.ts), with the
 * Blocks section's bounds taken on the way.
 */
import { docNorms, FIELD_COUNT, SEARCH_BLOCK_SIZE } from '../../../runtime/format/search-index.ts';
import type { SearchPlacement } from './file-plan.ts';
import { CHUNK_BITS, CHUNK_MASK, type DocPostings, type PostingChunk } from './postings.ts';

/**
 * The file is written a window of docs at a time, at most this many postings (default 2^20;
 * more for a doc with more): the window's postings are sorted by term group (the terms whose ids
 * share all but the low GROUP_BITS bits; docs stay in order within a group) and written group by
 * group, so only a group's terms (their current blocks in the file, and their bounds) are written
 * to at a time instead of every term's, which keeps the writes within the caches and the TLB
 * (in doc order, nearly every posting goes to another term's block, far from the last one).
 */
const SCATTER_WINDOW = 1 << 20;
/** log2 of the terms in a group (default 8). */
const GROUP_BITS = 8;

/** log2 of SEARCH_BLOCK_SIZE. */
const BLOCK_BITS = Math.log2(SEARCH_BLOCK_SIZE);
if (!Number.isInteger(BLOCK_BITS)) throw new Error('search index: SEARCH_BLOCK_SIZE is no power of two');

/**
 * Writes every posting of a builder (`postings`) into its block of the Postings section of `out` (block j
 * of the term whose first posting is s at (s + j·B)·(4 + F): n docs, then n·F tf bytes), at
 * `placement` (planSearchFile: after the term's postings in the parts before this one), a
 * window of docs at a time, each window's postings by term group (SCATTER_WINDOW), in doc order
 * within a group, so each term's docs come out ascending; chunks are released as they are
 * done. On the way, each posting's tf~ (tfTilde with the doc's norms) goes into its block's max
 * in `blocks` (the Blocks section's layout: [last doc, max tf~ as float32 bits] per block), and
 * its doc into the block's last doc (the docs of a block ascend): the Blocks and TermMax
 * sections need no second pass over the postings. The chunks are gone afterwards.
 */
export function scatterPostings(postings: DocPostings, out: Uint8Array, placement: SearchPlacement, blocks: Uint32Array): void {
  const F = FIELD_COUNT;
  const B = SEARCH_BLOCK_SIZE;
  const W = 4 + F;
  const postingsAt = placement.postingsAt;
  const chunks = postings.chunks;
  const ends = postings.docEnds;
  const first = postings.firstDoc;
  const N = postings.docCount;
  // By term id, side by side (one cache line): postings placed so far, df, first posting, first block.
  const term = placement.terms;
  if (term.length !== 4 * postings.termCount) throw new Error(`search index: a placement of ${term.length / 4} terms for ${postings.termCount}`);
  const norms = docNorms(postings.lengths, N, placement.avgFieldLengths, placement.fieldWeights, placement.fieldB);
  const blockMax = new Float32Array(blocks.buffer, blocks.byteOffset, blocks.length);
  // The window's postings sorted by group: doc, term id, tf bytes; and where each group's start.
  let size = Math.min(SCATTER_WINDOW, postings.count);
  let wDocs = new Uint32Array(size);
  let wTerms = new Uint32Array(size);
  let wTfs = new Uint8Array(size * F);
  const groupStarts = new Uint32Array((postings.termCount >>> GROUP_BITS) + 2);
  let p = 0;
  for (let from = 0; from < N; ) {
    // Docs [from, to): whole docs, at most `size` postings unless the first doc alone has more.
    let to = from + 1;
    while (to < N && ends[to + 1]! - p <= size) to++;
    const end = ends[to]!;
    if (end - p > size) {
      size = end - p;
      wDocs = new Uint32Array(size);
      wTerms = new Uint32Array(size);
      wTfs = new Uint8Array(size * F);
    }
    // Counting sort by group.
    groupStarts.fill(0);
    for (let q = p; q < end; q++) groupStarts[(chunks[q >>> CHUNK_BITS]!.terms[q & CHUNK_MASK]! >>> GROUP_BITS) + 1]!++;
    for (let g = 1; g < groupStarts.length; g++) groupStarts[g]! += groupStarts[g - 1]!;
    for (let local = from, q = p; local < to; local++) {
      for (const e = ends[local + 1]!; q < e; q++) {
        const { terms, tfs } = chunks[q >>> CHUNK_BITS]!;
        const j = q & CHUNK_MASK;
        const id = terms[j]!;
        const i = groupStarts[id >>> GROUP_BITS]!++;
        wDocs[i] = local;
        wTerms[i] = id;
        for (let f = 0, a = i * F, b = j * F; f < F; f++) wTfs[a + f] = tfs[b + f]!;
      }
    }
    for (let c = p >>> CHUNK_BITS; c < end >>> CHUNK_BITS; c++) chunks[c] = undefined as unknown as PostingChunk; // release as we go
    for (let i = 0, count = end - p; i < count; i++) {
      const local = wDocs[i]!;
      const d = first + local;
      const t4 = 4 * wTerms[i]!;
      const k = term[t4]!++;
      const o = k % B;
      const blockFirst = k - o; // the block's first posting, counted from the term's
      const n = Math.min(B, term[t4 + 1]! - blockFirst);
      const block = postingsAt + (term[t4 + 2]! + blockFirst) * W;
      let a = block + 4 * o;
      out[a] = d;
      out[a + 1] = d >>> 8;
      out[a + 2] = d >>> 16;
      out[a + 3] = d >>> 24;
      a = block + 4 * n + o * F;
      // tfTilde, inline.
      let x = 0;
      for (let f = 0, b = i * F, n0 = local * F; f < F; f++) {
        const tf = wTfs[b + f]!;
        out[a + f] = tf;
        x += tf * norms[n0 + f]!;
      }
      x = Math.fround(x);
      const bi = 2 * (term[t4 + 3]! + (blockFirst >>> BLOCK_BITS));
      blocks[bi] = d;
      if (x > blockMax[bi + 1]!) blockMax[bi + 1] = x;
    }
    p = end;
    from = to;
  }
  chunks.length = 0;
}
