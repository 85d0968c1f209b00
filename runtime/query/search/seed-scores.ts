/**
 * The seed docs' word scores (README.md § Seeding), list by list, with the seeds that cannot rank
 * among the seeds left out before a longer list is read for them.
 */
import { gallop, kthSmallest, lowerBound } from './arrays.ts';
import { saturation } from './bm25.ts';
import { tfAt } from './block-cache.ts';
import type { Cursor } from './cursor.ts';
import { denseX, type DenseForms, type DenseTerm } from './dense.ts';
import { SEED_PRUNE_BLOCKS } from './knobs.ts';
import type { Postings } from './postings.ts';

export class SeedScorer {
  readonly #postings: Postings;
  readonly #dense: DenseForms;
  /** Workspace (valid until the next call): W scores per seed, and per seed whether it is left out, the seeds left, their lower bounds. */
  #scores = new Float64Array(0);
  #dead = new Uint8Array(0);
  #alive = new Int32Array(0);
  #lowerBounds = new Float64Array(0);

  constructor(postings: Postings, dense: DenseForms) {
    this.#postings = postings;
    this.#dense = dense;
  }

  /**
   * The seed docs' word scores (docs ascending; W per doc, each word's best candidate, in a
   * workspace valid until the next call), list by list (byUb: by bound ascending): through a
   * frequent list's dense form when one is cached (a bit test per doc), else walking the docs and
   * the list's blocks that may hold them together. The same float operations as a cursor's (the
   * tf~ of a cached block or of a dense form are tfTilde's). A seed left out scores 0.
   */
  scores(docs: Uint32Array, byUb: readonly Cursor[], W: number, limit: number, slack: number): Float64Array {
    const n = docs.length;
    if (this.#scores.length < n * W) this.#scores = new Float64Array(n * W * 2);
    const out = this.#scores;
    for (let at = 0; at < n * W; at++) out[at] = 0;
    if (this.#dead.length < n) {
      this.#dead = new Uint8Array(n * 2);
      this.#alive = new Int32Array(n * 2);
      this.#lowerBounds = new Float64Array(n * 2);
    }
    const dead = this.#dead;
    const alive = this.#alive; // the seeds left, ascending
    for (let k = 0; k < n; k++) {
      dead[k] = 0;
      alive[k] = k;
    }
    let nAlive = n;
    const lo = new Float64Array(W);
    const loStale = new Uint8Array(W).fill(1);
    const { norms, fieldCount: F, docLanguage } = this.#postings;
    // The lists with a dense form first (a bit test per seed), then the others; each strongest
    // first: a word's score is its best list's, so a block whose bound is no more than the word's
    // score so far at each of its docs cannot change them, and is not read.
    // (A dense form is not built for seeds: the pass may not need it, and a build reads the whole list.)
    const forms: (DenseTerm | undefined)[] = [];
    for (const c of byUb) forms.push(c.dense !== undefined ? (c.dense ?? undefined) : this.#dense.cached(c.term));
    let scored = 0; // lists done
    for (let pass = 0; pass < 2; pass++) {
      for (let li = byUb.length - 1; li >= 0; li--) {
        const dense = forms[li];
        if ((dense !== undefined) !== (pass === 0)) continue;
        const c = byUb[li]!;
        const { word: w, scale, uniform, last, max, maxScale } = c;
        if (!dense && scored > 0 && last.length > SEED_PRUNE_BLOCKS && nAlive > limit) {
          const kept = this.#leaveOut(byUb, forms, li, W, nAlive, limit, slack);
          if (kept < nAlive) for (let v = 0; v < W; v++) loStale[v] = 1;
          nAlive = kept;
        }
        scored++;
        if (dense) {
          const { bits, rank, xs } = dense;
          const ub = c.ub;
          loStale[w] = 1;
          for (let k = 0; k < n; k++) {
            const d = docs[k]!;
            if (dead[k] !== 0 || out[k * W + w]! >= ub || (bits[d >>> 5]! & (1 << (d & 31))) === 0) continue;
            const x = denseX(bits, rank, xs, d);
            const s = saturation(uniform >= 0 ? uniform : scale[docLanguage[d]!]!, x);
            if (s > out[k * W + w]!) out[k * W + w] = s;
          }
          continue;
        }
        // The least score so far of the word among the seeds left (recomputed once scores or seeds
        // changed; it only rises): a block bounded by it is not read.
        if (loStale[w] !== 0) {
          loStale[w] = 0;
          let m = Infinity;
          for (let k = 0, at = w; k < n; k++, at += W) if (dead[k] === 0 && out[at]! < m) m = out[at]!;
          lo[w] = m;
        }
        if (c.ub <= lo[w]!) continue;
        loStale[w] = 1;
        let j = 0;
        for (let k = 0; k < n; ) {
          // The block that may hold docs[k], and the docs up to its last.
          if (last[j]! < docs[k]!) j = lowerBound(last, docs[k]!, j + 1, last.length);
          if (j >= last.length) break;
          const kEnd = gallop(docs, last[j]! + 1, k + 1, n); // docs[k .. kEnd) are within the block's range
          const bound = saturation(maxScale, max[j]!); // at least the score of any of the block's docs (as Cursor.blockUb)
          let q = bound <= lo[w]! ? kEnd : k;
          while (q < kEnd && (dead[q] !== 0 || out[q * W + w]! >= bound)) q++;
          if (q === kEnd) {
            k = kEnd;
            continue;
          }
          const b = this.#postings.read(c.term, j);
          const bd = b.docs;
          const m = bd.length;
          // The docs and the block intersected, each side galloping to the other's next doc (the
          // seeds are often one block's docs, a short range where a list holds few docs).
          let i = lowerBound(bd, docs[k]!, 0, m);
          while (k < kEnd && i < m) {
            const d = docs[k]!;
            const e = bd[i]!;
            if (d < e) k = gallop(docs, e, k + 1, kEnd);
            else if (d > e) i = gallop(bd, d, i + 1, m);
            else {
              const x = tfAt(bd, b.tfs, b.xs, i, norms, F);
              const s = saturation(uniform >= 0 ? uniform : scale[docLanguage[d]!]!, x);
              if (s > out[k * W + w]!) out[k * W + w] = s;
              k++;
              i++;
            }
          }
          k = kEnd;
        }
      }
    }
    // A dead seed scores 0 here: it is not offered.
    for (let k = 0; k < n; k++) if (dead[k] !== 0) for (let at = k * W; at < (k + 1) * W; at++) out[at] = 0;
    return out;
  }

  /**
   * Before a list that may read blocks (byUb[li]): the seeds that cannot be among the `limit` best
   * seeds are left out (dead). A seed scores at least its word scores so far (summed in word
   * order) and at most, per word, the larger of its score so far and the largest bound of the
   * word's lists to come; one whose upper bound is below the limit-th largest lower bound would
   * not enter the top (nor ever after: θ only rises), so the seeds' top is the same without it,
   * and so is θ. Returns how many seeds are left.
   */
  #leaveOut(byUb: readonly Cursor[], forms: readonly (DenseTerm | undefined)[], li: number, W: number, nAlive: number, limit: number, slack: number): number {
    const out = this.#scores;
    const dead = this.#dead;
    const alive = this.#alive;
    const lbs = this.#lowerBounds;
    const rem = new Float64Array(W); // per word, the largest bound of its lists to come
    for (let r = 0; r <= li; r++) {
      const o = byUb[r]!;
      if (forms[r] === undefined && o.ub > rem[o.word]!) rem[o.word] = o.ub;
    }
    for (let a = 0; a < nAlive; a++) {
      let lb = 0;
      for (let v = 0, at = alive[a]! * W; v < W; v++, at++) lb += out[at]!;
      lbs[a] = lb;
    }
    const kth = kthSmallest(lbs, nAlive, nAlive - limit);
    let kept = 0;
    for (let a = 0; a < nAlive; a++) {
      const k = alive[a]!;
      let ub = 0;
      for (let v = 0, at = k * W; v < W; v++, at++) ub += out[at]! > rem[v]! ? out[at]! : rem[v]!;
      if (ub * slack < kth) dead[k] = 1;
      else alive[kept++] = k;
    }
    return kept;
  }
}
