/**
 * Block-max windows (README.md § Block-max; as Tantivy's block_wand): a run of docs whose block
 * bounds (BlockMax of every essential list that may hold one of them, plus the non-essential
 * bounds) cannot beat θ is skipped without reading its postings.
 */
import { minTf, saturation } from './bm25.ts';
import { END, type Cursor } from './cursor.ts';
import type { MaxScorePass } from './max-score.ts';

export class BlockMax {
  readonly #pass: MaxScorePass;
  /** The current window: docs in [.., windowEnd) score at most #windowBound. */
  windowEnd = 0;
  #windowBound = Infinity;
  /** Per word: the best block bound of its essential lists that may hold a doc in the window. */
  readonly #blockWord: Float64Array;
  /** Per word: how many of its non-essential lists (the first) may hold another window's bounds (winUb, winMaxTf). */
  readonly #windowSet: Int32Array;
  /** One essential list's block skip: the BlockMax under which its blocks are skipped, for this θ and this essential set. */
  #skipMax = 0;
  #skipTheta = NaN;
  #skipVersion = -1;

  constructor(pass: MaxScorePass) {
    this.#pass = pass;
    this.#blockWord = new Float64Array(pass.W);
    this.#windowSet = new Int32Array(pass.W);
  }

  /** The non-essential lists were chosen again: each of them may hold an old window's bounds. */
  listsChanged(): void {
    const pass = this.#pass;
    for (let w = 0; w < pass.W; w++) this.#windowSet[w] = pass.nonEssentialOf[w]!.length;
  }

  /**
   * With the top full: whether the docs from `low` on up to the window's end cannot rank, in which
   * case the essential lists were moved past them (the pass goes on with the next doc).
   */
  skip(low: number): boolean {
    const pass = this.#pass;
    const { top } = pass;
    if (low >= this.windowEnd || pass.essentialChanged) {
      pass.essentialChanged = false;
      if (this.#newWindow(low)) return true;
    }
    if (!top.mayEnter(this.#windowBound, low)) {
      for (let k = 0; k < pass.essentialCount; k++) pass.essential[k]!.shallowSeek(this.windowEnd);
      return true;
    }
    return false;
  }

  /**
   * Every doc in [low, e) scores at most, per word, the larger of its non-essential bound and the
   * current block bounds of its essential lists that may hold a doc below e. True when the window
   * was skipped on the non-essential bounds over the whole lists already.
   */
  #newWindow(low: number): boolean {
    const pass = this.#pass;
    const { W, essential, essentialCount: E, nonEssentialMax, slack, top } = pass;
    const blockWord = this.#blockWord;
    let e = END;
    let live = 0;
    let liveCursor: Cursor | null = null;
    for (let k = 0; k < E; k++) {
      const c = essential[k]!;
      if (c.doc === END) continue;
      live++;
      liveCursor = c;
      const l = c.last[c.bi]! + 1;
      if (l < e) e = l;
    }
    for (let w = 0; w < W; w++) blockWord[w] = 0;
    for (let k = 0; k < E; k++) {
      const c = essential[k]!;
      if (c.doc >= e) continue;
      const s = c.blockUb();
      if (s > blockWord[c.word]!) blockWord[c.word] = s;
    }
    this.windowEnd = e;
    // First with each word's non-essential bound over its whole lists (nonEssentialMax, at least
    // its window bound): when that skips the window already, its window bounds are not needed
    // (they cost a seek per non-essential list; a one-word query skips most of its blocks so).
    let loose = 0;
    for (let w = 0; w < W; w++) loose += blockWord[w]! > nonEssentialMax[w]! ? blockWord[w]! : nonEssentialMax[w]!;
    loose *= slack;
    if (!top.mayEnter(loose, low)) {
      if (live === 1) this.#skipBlocksOf(liveCursor!);
      else for (let k = 0; k < E; k++) essential[k]!.shallowSeek(e);
      return true;
    }
    let bound = 0;
    for (let w = 0; w < W; w++) {
      const b = this.#windowBoundOf(w, low, e);
      bound += blockWord[w]! > b ? blockWord[w]! : b;
    }
    this.#windowBound = bound * slack;
    return false;
  }

  /**
   * One essential list left (the others exhausted): the windows that follow are its next blocks,
   * each skipped by the same rule while its BlockMax stays below the tf~ whose bound could reach θ
   * (minTf: conservative, so each of them would be skipped by the window too), found in a tight
   * loop over the block maxima instead of a window each.
   */
  #skipBlocksOf(c: Cursor): void {
    const pass = this.#pass;
    const theta = pass.top.theta;
    if (this.#skipTheta !== theta || this.#skipVersion !== pass.version) {
      this.#skipTheta = theta;
      this.#skipVersion = pass.version;
      let rest = 0;
      for (let w = 0; w < pass.W; w++) if (w !== c.word) rest += pass.nonEssentialMax[w]!;
      this.#skipMax = minTf(1 / c.maxScale, pass.nonEssentialMax[c.word]!, rest, theta, theta / pass.slack);
    }
    c.skipBlocks(this.#skipMax);
  }

  /**
   * Word w's non-essential lists: the largest block bound among their blocks that may hold a doc
   * in [low, e) (0 for a list with none there), set as the lists' winUb and the word's
   * windowNonEssential. Strongest first: once a list's bound over the whole list is no more than
   * the word's so far, neither it nor the weaker ones can raise it, and they keep that bound.
   */
  #windowBoundOf(w: number, low: number, e: number): number {
    const pass = this.#pass;
    const termMax = pass.parts.postings.ix.termMax;
    const lists = pass.nonEssentialOf[w]!;
    let best = 0;
    let j = 0;
    for (; j < lists.length; j++) {
      const c = lists[j]!;
      if (c.ub <= best) break;
      c.shallowSeek(low);
      c.winUb = 0;
      c.winMaxTf = 0;
      if (c.doc >= e) continue; // also END
      const { last, max } = c;
      let m = max[c.bi]!;
      for (let b = c.bi + 1; b < last.length && last[b - 1]! + 1 < e; b++) if (max[b]! > m) m = max[b]!;
      const s = saturation(c.maxScale, m);
      c.winUb = s;
      c.winMaxTf = m;
      if (s > best) best = s;
    }
    // (Those after the ones an earlier window set keep them from then.)
    const set = this.#windowSet[w]!;
    this.#windowSet[w] = j;
    for (; j < set; j++) {
      const c = lists[j]!;
      c.winUb = c.ub;
      c.winMaxTf = termMax[c.term]!;
    }
    pass.windowNonEssential[w] = best;
    return best;
  }
}
