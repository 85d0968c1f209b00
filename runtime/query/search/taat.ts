/**
 * Term at a time (README.md § Term at a time): every posting of every list is scored once, each
 * word keeping its best score per doc in the doc's slot; then each touched doc's total (its word
 * scores summed in query order, from 0) is offered to the top. The same float operations as the
 * pruned pass, so the same hits. Chosen on a small index, or with a sparse mask when few allowed
 * postings are to be scored.
 */
import { tfTilde } from '../../format/search-index.ts';
import { tfAt } from './block-cache.ts';
import { saturation } from './bm25.ts';
import type { Cursor } from './cursor.ts';
import { denseX, type DenseForms } from './dense.ts';
import { TAAT_CACHED_BLOCKS, TAAT_COST, TAAT_DENSE_LISTS, TAAT_DENSE_RATIO, TAAT_MAX_DOCS, TAAT_READ_SHARE } from './knobs.ts';
import type { MaskStats } from './plan.ts';
import type { Postings } from './postings.ts';
import { insertHit, type SearchHit } from './top-k.ts';

/** The docs a mask allows (below n), ascending. */
function allowedList(allowed: Uint8Array, n: number): Uint32Array {
  const end = Math.min(n, allowed.length);
  let count = 0;
  for (let d = 0; d < end; d++) if (allowed[d] !== 0) count++;
  const docs = new Uint32Array(count);
  for (let d = 0, k = 0; d < end; d++) if (allowed[d] !== 0) docs[k++] = d;
  return docs;
}

export class TermAtATime {
  readonly #postings: Postings;
  readonly #dense: DenseForms;
  /** TAAT_DENSE_LISTS, at most half the dense cache. */
  readonly #denseLists: number;
  /** Workspace: per doc its slot (−1: none; all −1 between queries), per slot its doc and W word scores. */
  #slotOf: Int32Array | undefined;
  #slotDoc = new Uint32Array(1024);
  #slotScores = new Float64Array(4096);
  /** Slots used by the current query, and its word count. */
  #slots = 0;
  #words = 0;

  constructor(postings: Postings, dense: DenseForms, denseCacheTerms: number) {
    this.#postings = postings;
    this.#dense = dense;
    this.#denseLists = Math.min(TAAT_DENSE_LISTS, Math.floor(denseCacheTerms / 2));
  }

  /** Whether term at a time is the cheaper way for this query (TAAT_MAX_DOCS, TAAT_COST). */
  suits(cursors: readonly Cursor[], mask: MaskStats | null): boolean {
    const ix = this.#postings.ix;
    if (ix.docCount <= TAAT_MAX_DOCS) return true;
    if (!mask || mask.share > 0.5) return false;
    let postings = 0;
    let read = 0;
    let denseLists = 0;
    for (const c of cursors) {
      const df = ix.df(c.term);
      postings += df;
      // A list walked through its dense form reads the allowed docs instead of its postings.
      if (denseLists < this.#denseLists && this.#throughDense(df, mask)) {
        denseLists++;
        read += mask.count;
      } else read += df;
    }
    return read / TAAT_READ_SHARE + postings * mask.share <= TAAT_COST;
  }

  /** Whether a frequent list of df postings is walked through its dense form, over the mask's allowed docs (TAAT_DENSE_RATIO). */
  #throughDense(df: number, mask: MaskStats | null): mask is MaskStats {
    return mask !== null && mask.count <= df * TAAT_DENSE_RATIO && this.#dense.frequent(df);
  }

  /** The best `limit` hits of the query's W words. */
  search(cursors: readonly Cursor[], W: number, limit: number, allowed: Uint8Array | undefined, mask: MaskStats | null): SearchHit[] {
    const { ix, norms, fieldCount: F, docLanguage } = this.#postings;
    const N = ix.docCount;
    this.#slotOf ??= new Int32Array(N).fill(-1);
    this.#slots = 0;
    this.#words = W;
    try {
      let denseLists = 0;
      for (const c of cursors) {
        const df = ix.df(c.term);
        // A frequent list and a sparse mask: the allowed docs looked up in the list's dense form
        // (its bitset, then its tf~), not its postings read.
        const dense = denseLists < this.#denseLists && this.#throughDense(df, mask) ? this.#dense.get(c.term) : null;
        if (dense) {
          denseLists++;
          const { bits, rank, xs } = dense;
          const docs = (mask!.docs ??= allowedList(allowed!, N));
          for (let k = 0; k < docs.length; k++) {
            const d = docs[k]!;
            if ((bits[d >>> 5]! & (1 << (d & 31))) === 0) continue;
            const sc = c.scaleFor(docLanguage[d]!);
            if (sc > 0) this.#add(d, c.word, sc, denseX(bits, rank, xs, d));
          }
          continue;
        }
        // A short list through the block cache; a long one in one read, not to evict the cache.
        const blocks = c.last.length;
        if (blocks <= TAAT_CACHED_BLOCKS) {
          for (let j = 0; j < blocks; j++) {
            const b = this.#postings.read(c.term, j);
            this.#scoreBlock(c, b.docs, b.tfs, b.xs, allowed, norms, F);
          }
        } else ix.forEachBlock(c.term, (docs, tfs) => this.#scoreBlock(c, docs, tfs, null, allowed, norms, F));
      }
      return this.#top(limit);
    } finally {
      const slotOf = this.#slotOf;
      const slotDoc = this.#slotDoc;
      for (let slot = 0; slot < this.#slots; slot++) slotOf[slotDoc[slot]!] = -1;
    }
  }

  /** One block of list c: with xs (a cached block) each tf~ is computed once and kept across queries. */
  #scoreBlock(c: Cursor, docs: Uint32Array, tfs: Uint8Array, xs: Float32Array | null, allowed: Uint8Array | undefined, norms: Float32Array, F: number): void {
    const docLanguage = this.#postings.docLanguage;
    for (let i = 0; i < docs.length; i++) {
      const d = docs[i]!;
      if (allowed !== undefined && allowed[d] === 0) continue;
      const sc = c.scaleFor(docLanguage[d]!);
      if (!(sc > 0)) continue;
      this.#add(d, c.word, sc, xs ? tfAt(docs, tfs, xs, i, norms, F) : tfTilde(tfs, i * F, norms, d, F));
    }
  }

  /** One allowed posting of word w: doc d, its scale and tf~ x; the word keeps its best score at d. */
  #add(d: number, w: number, sc: number, x: number): void {
    const score = saturation(sc, x);
    const W = this.#words;
    const slotOf = this.#slotOf!;
    let slot = slotOf[d]!;
    if (slot < 0) {
      slot = this.#slots++;
      if (slot >= this.#slotDoc.length || (slot + 1) * W > this.#slotScores.length) this.#growSlots(W);
      slotOf[d] = slot;
      this.#slotDoc[slot] = d;
      const slotScores = this.#slotScores;
      for (let at = slot * W, end = at + W; at < end; at++) slotScores[at] = 0;
    }
    const slotScores = this.#slotScores;
    const at = slot * W + w;
    if (score > slotScores[at]!) slotScores[at] = score;
  }

  /** The touched docs' totals (word scores summed in query order), the best `limit`. */
  #top(limit: number): SearchHit[] {
    const W = this.#words;
    const slotDoc = this.#slotDoc;
    const slotScores = this.#slotScores;
    const top: SearchHit[] = [];
    for (let slot = 0; slot < this.#slots; slot++) {
      let total = 0;
      for (let w = 0, at = slot * W; w < W; w++, at++) total += slotScores[at]!;
      if (total <= 0) continue;
      const d = slotDoc[slot]!;
      if (top.length === limit) {
        const kth = top[limit - 1]!;
        if (total < kth.score || (total === kth.score && d > kth.doc)) continue;
      }
      insertHit(top, limit, d, total);
    }
    return top;
  }

  /** Doubles the slot arrays, keeping their contents, with room for W scores per slot. */
  #growSlots(W: number): void {
    const docs = new Uint32Array(this.#slotDoc.length * 2);
    docs.set(this.#slotDoc);
    this.#slotDoc = docs;
    const scores = new Float64Array(docs.length * W);
    scores.set(this.#slotScores.subarray(0, Math.min(this.#slotScores.length, scores.length)));
    this.#slotScores = scores;
  }
}
