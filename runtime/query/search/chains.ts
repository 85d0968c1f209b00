/**
 * Chains (README.md § One essential list): while one list is scanned, each other word's strongest
 * non-essential lists that have dense forms (at most DENSE_CHAIN: the word's chain) bound a
 * candidate by their exact scores at its doc, and the word whose bound falls most without its
 * chain may be required: below a threshold, a posting can pass only if the chain holds its doc.
 */
import { minTf, saturation } from './bm25.ts';
import type { Cursor } from './cursor.ts';
import { denseX } from './dense.ts';
import { DENSE_CHAIN } from './knobs.ts';
import type { MaxScorePass } from './max-score.ts';

export class Chains {
  readonly #pass: MaxScorePass;
  /** Per word: its chain (empty for none, and for the scanned word). */
  readonly #chainOf: Cursor[][] = [];
  /** Per word: the list after its chain, whose suffixBound bounds the word's other lists ... */
  readonly #afterChain: (Cursor | null)[];
  /** ... and the least over languages of that suffixBound (0 for none). */
  readonly #afterChainMin: Float64Array;
  /**
   * Per word with a chain, per language its group: the languages' distinct pairs (scale of the
   * scanned list, bound of the word's lists after the chain), each with its own threshold
   * (workspace.chainMinTf).
   */
  readonly #groupOf: Uint8Array[] = [];
  readonly #groupScale: number[][] = [];
  readonly #groupBound: number[][] = [];
  /** Per word: the window bounds of the other words after it (but the scanned one's), summed. */
  readonly #windowAfter: Float64Array;
  /** The essential-list version the chains were built for (−1: not built). */
  version = -1;
  /** The words with a chain. */
  words = 0;
  /** The required word's chain bitsets (a posting below its group's threshold must find its doc in one), and how many (0: none required). */
  readonly required: Uint32Array[] = [];
  requiredCount = 0;
  /** Per language, its group in the required word's groups, and the lowest and highest group thresholds. */
  requiredGroupOf: Uint8Array = new Uint8Array(0);
  minTfLow = Infinity;
  minTfHigh = 0;

  constructor(pass: MaxScorePass) {
    this.#pass = pass;
    this.#windowAfter = new Float64Array(pass.W);
    this.#afterChain = new Array<Cursor | null>(pass.W).fill(null);
    this.#afterChainMin = new Float64Array(pass.W);
  }

  /** The window's non-essential bounds changed (c's word scannedWord scanned). */
  windowChanged(scannedWord: number): void {
    const { W, windowNonEssential: winNon } = this.#pass;
    let after = 0;
    for (let w = W - 1; w >= 0; w--) {
      this.#windowAfter[w] = after;
      if (w !== scannedWord) after += winNon[w]!;
    }
  }

  /** Per other word than the scanned list c's, its chain, the list after it, and the groups of languages. They depend on the non-essential lists only. */
  build(c: Cursor): void {
    const pass = this.#pass;
    const scannedWord = c.word;
    const { scaleOf } = c;
    const L = pass.parts.postings.ix.languages.length;
    this.version = pass.version;
    this.words = 0;
    for (let w = 0; w < pass.W; w++) {
      const chain = (this.#chainOf[w] ??= []);
      chain.length = 0;
      const lists = pass.nonEssentialOf[w]!;
      if (w === scannedWord) continue;
      for (let j = 0; j < lists.length && j < DENSE_CHAIN; j++) {
        const list = lists[j]!;
        const dense = list.dense === undefined ? (list.dense = pass.parts.dense.get(list.term)) : list.dense;
        if (!dense) break;
        chain.push(list);
      }
      if (chain.length === 0) continue;
      const next = lists[chain.length] ?? null;
      this.#afterChain[w] = next;
      let m = next ? Infinity : 0;
      if (next) for (const b of next.suffixBound) if (b < m) m = b;
      this.#afterChainMin[w] = m;
      const groupOf = (this.#groupOf[w] ??= new Uint8Array(L));
      const gScale: number[] = (this.#groupScale[w] = []);
      const gBound: number[] = (this.#groupBound[w] = []);
      for (let l = 0; l < groupOf.length; l++) {
        const b = next ? next.suffixBound[l]! : 0;
        let g = 0;
        while (g < gScale.length && !(gScale[g] === scaleOf[l] && gBound[g] === b)) g++;
        if (g === gScale.length) {
          gScale.push(scaleOf[l]!);
          gBound.push(b);
        }
        groupOf[l] = g;
      }
      this.words++;
    }
  }

  /**
   * Chooses the required word (requiredCount 0 when none): the other word whose bound falls most
   * for a doc none of its chain's lists holds (then only its lists after the chain may hold it,
   * bounded by the next one's suffixBound for the doc's language), with a threshold per group
   * above the scan's lowest (lowMinTf).
   */
  require(c: Cursor, ownBound: number, lowMinTf: number, theta: number, thetaBySlack: number): void {
    this.requiredCount = 0;
    if (this.words === 0) return;
    const pass = this.#pass;
    const { W, windowNonEssential: winNon } = pass;
    const scannedWord = c.word;
    let requiredWord = -1;
    let gain = 0;
    for (let w = 0; w < W; w++) {
      if (w === scannedWord || this.#chainOf[w]!.length === 0) continue;
      const g = winNon[w]! - Math.min(winNon[w]!, this.#afterChainMin[w]!);
      if (g > gain) {
        gain = g;
        requiredWord = w;
      }
    }
    if (requiredWord < 0) return;
    const chainMinTf = pass.parts.workspace.chainMinTf;
    let restOthers = 0;
    for (let w = 0; w < W; w++) if (w !== scannedWord && w !== requiredWord) restOthers += winNon[w]!;
    const gScale = this.#groupScale[requiredWord]!;
    const gBound = this.#groupBound[requiredWord]!;
    let any = false;
    this.minTfLow = Infinity;
    this.minTfHigh = 0;
    for (let g = 0; g < gScale.length; g++) {
      const b = gBound[g]! < winNon[requiredWord]! ? gBound[g]! : winNon[requiredWord]!;
      const m = minTf(c.inverses[gScale[g]!]!, ownBound, restOthers + b, theta, thetaBySlack);
      chainMinTf[g] = m;
      if (m > lowMinTf) any = true;
      if (m < this.minTfLow) this.minTfLow = m;
      if (m > this.minTfHigh) this.minTfHigh = m;
    }
    this.requiredGroupOf = this.#groupOf[requiredWord]!;
    if (any) for (const list of this.#chainOf[requiredWord]!) this.required[this.requiredCount++] = list.dense!.bits;
  }

  /**
   * The candidate's bound (`own`: its word's score or bound, scannedWord its word) with each other word
   * whose chain bounds it by those lists' exact scores at doc doc and its other lists' bound; false
   * as soon as the words so far and the others' window bounds cannot reach θ.
   */
  mayEnter(doc: number, lang: number, scannedWord: number, own: number): boolean {
    const pass = this.#pass;
    const { W, windowNonEssential: winNon, slack, top } = pass;
    const windowAfter = this.#windowAfter;
    let v = own;
    for (let w = 0; w < W; w++) {
      if (w === scannedWord) continue;
      let b = winNon[w]!;
      const chain = this.#chainOf[w]!;
      if (chain.length > 0) {
        const next = this.#afterChain[w];
        let l = next ? next.suffixBound[lang]! : 0;
        for (let j = 0; j < chain.length; j++) {
          const list = chain[j]!;
          if (list.suffixBound[lang]! <= l) break; // it and the lists after it bound no higher
          const dense = list.dense!;
          if ((dense.bits[doc >>> 5]! & (1 << (doc & 31))) !== 0) {
            const e = saturation(list.scaleFor(lang), denseX(dense.bits, dense.rank, dense.xs, doc));
            if (e > l) l = e;
          }
        }
        if (l < b) {
          b = l;
          if (!top.mayEnter((v + b + windowAfter[w]!) * slack, doc)) return false;
        }
      }
      v += b;
    }
    return top.mayEnter(v * slack, doc);
  }
}
