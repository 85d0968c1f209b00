/**
 * Completing a doc the driving lists found (README.md § MaxScore): the non-driving lists probed
 * word by word, the largest bounds first, each word's strongest list first, with per-language
 * bounds (a list's scale for the doc's language; suffixBound: the largest bound of the lists
 * left to probe), until the doc's bound falls below θ.
 */
import { saturation } from './bm25.ts';
import { tfAt } from './block-cache.ts';
import { denseX } from './dense.ts';
import type { Cursor } from './cursor.ts';
import { DENSE_AFTER } from './knobs.ts';
import type { MaxScorePass } from './max-score.ts';

export class Completion {
  readonly #pass: MaxScorePass;
  /** Per word: its bound from the lists left to probe, for the doc's language. */
  readonly #wordBound: Float64Array;
  /** Docs completed so far (dense forms are used after DENSE_AFTER). */
  #completed = 0;
  readonly #norms: Float32Array;
  readonly #fieldCount: number;

  constructor(pass: MaxScorePass) {
    this.#pass = pass;
    this.#wordBound = new Float64Array(pass.W);
    this.#norms = pass.parts.postings.norms;
    this.#fieldCount = pass.parts.postings.fieldCount;
  }

  /**
   * Raises pass.wordScore at doc d (of language `lang`) to the exact word scores, word by word
   * while d can still beat θ: false as soon as it cannot (then the word scores are partial).
   */
  probe(d: number, lang: number): boolean {
    const pass = this.#pass;
    const { W, wordScore, windowNonEssential, nonEssentialOf, probeOrder, slack, top } = pass;
    const wordBound = this.#wordBound;
    if (!pass.useDense && ++this.#completed >= DENSE_AFTER) pass.useDense = true;
    let upper = 0;
    for (let w = 0; w < W; w++) {
      let b = windowNonEssential[w]!;
      if (b > 0) {
        const l = nonEssentialOf[w]![0]!.suffixBound[lang]!;
        if (l < b) b = l;
      }
      wordBound[w] = b;
      const a = wordScore[w]!;
      upper += a > b ? a : b;
    }
    for (let k = 0; k < probeOrder.length; k++) {
      const w = probeOrder[k]!;
      if (wordBound[w]! <= wordScore[w]!) continue;
      // d's bound without the word's lists; with them it is rest + the word's best (so far or
      // to come: suffixBound bounds the lists not yet probed).
      const rest = upper - wordBound[w]!;
      let best = wordScore[w]!;
      const lists = nonEssentialOf[w]!;
      for (let j = 0; j < lists.length; j++) {
        const c = lists[j]!;
        const bound = c.suffixBound[lang]!;
        if (bound <= best) break;
        const u = (rest + bound) * slack;
        if (!top.mayEnter(u, d)) return false;
        if (c.winUb <= best) continue;
        const sc = c.scaleFor(lang);
        if (c.uniform < 0 && saturation(sc, c.winMaxTf) <= best) continue;
        const s = this.#score(c, d, sc, best);
        if (s > best) best = s;
      }
      upper = rest + best;
      wordScore[w] = best;
    }
    return true;
  }

  /**
   * List c's score at d (of scale sc), when it may beat `best` (else at most `best`): through its
   * dense form once those are in use (no search of its postings), else its cursor moved to d,
   * reading the block only if its bound for d's language can beat `best`.
   */
  #score(c: Cursor, d: number, sc: number, best: number): number {
    if (this.#pass.useDense) {
      const dense = c.dense === undefined ? (c.dense = this.#pass.parts.dense.get(c.term)) : c.dense;
      if (dense) return (dense.bits[d >>> 5]! & (1 << (d & 31))) !== 0 ? saturation(sc, denseX(dense.bits, dense.rank, dense.xs, d)) : 0;
    }
    c.shallowSeek(d);
    if (c.doc !== d) return 0; // past d (also END), or not loaded and d may be in the block
    if (!c.loaded) {
      if (saturation(sc, c.max[c.bi]!) <= best) return 0;
      c.load();
    }
    return c.doc === d ? saturation(sc, tfAt(c.docs, c.tfs, c.xs, c.i, this.#norms, this.#fieldCount)) : 0;
  }
}
