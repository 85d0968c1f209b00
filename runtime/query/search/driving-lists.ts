/**
 * Choosing the essential lists again each time θ rose (README.md § Driving lists): MaxScore's
 * essential lists, or fewer driving ones. A word scores its best candidate, so MaxScore's
 * essential lists are a union; for a word w, a doc none of w's essential lists holds scores for
 * w at most its non-essential bound, and for each other word at most the largest bound of its
 * lists left out. The other words' strongest essential lists are added (the word whose bound
 * falls most first) until that sum is below θ; the w with the fewest postings to drive is kept.
 * A required word (the other words' bounds together below θ) may drive alone through all its
 * lists instead, when they hold fewer postings.
 */
import { END, type Cursor } from './cursor.ts';
import { SUM_SLACK } from './knobs.ts';
import type { MaxScorePass } from './max-score.ts';

export class DrivingLists {
  readonly #pass: MaxScorePass;
  /** Per word: the largest bound of its lists. */
  readonly #wordMax: Float64Array;
  /** Per word: the largest bound of its lists in MaxScore's non-essential prefix. */
  readonly #prefixMax: Float64Array;
  /** Per word: the bound left for a doc without the lists chosen so far, and its strongest essential list not chosen (an index in #maxScoreEssential; −1: none). */
  readonly #cap: Float64Array;
  readonly #capAt: Int32Array;
  /** MaxScore's essential lists: byBound[nonEssentialCount ..). */
  #maxScoreEssential: Cursor[];

  constructor(pass: MaxScorePass) {
    this.#pass = pass;
    const W = pass.W;
    this.#wordMax = new Float64Array(W);
    for (const c of pass.byBound) if (c.ub > this.#wordMax[c.word]!) this.#wordMax[c.word] = c.ub;
    this.#prefixMax = new Float64Array(W);
    this.#cap = new Float64Array(W);
    this.#capAt = new Int32Array(W);
    this.#maxScoreEssential = pass.essential;
  }

  /**
   * The essential lists again once θ rose: MaxScore's, or fewer driving ones; every other list is
   * non-essential (nonEssentialOf, strongest first). A list that turns essential moves on to the
   * frontier: the pass has dealt with every doc below it (the old essential lists are past it).
   */
  choose(): void {
    const pass = this.#pass;
    const { W, byBound: order } = pass;
    const df = (c: Cursor) => pass.parts.postings.ix.df(c.term);
    pass.stale = false;
    let frontier = END;
    for (let k = 0; k < pass.essentialCount; k++) if (pass.essential[k]!.doc < frontier) frontier = pass.essential[k]!.doc;
    const prefixMax = this.#prefixMax;
    for (let w = 0; w < W; w++) prefixMax[w] = 0;
    for (let i = 0; i < pass.nonEssentialCount; i++) {
      const c = order[i]!;
      if (c.ub > prefixMax[c.word]!) prefixMax[c.word] = c.ub;
    }
    const maxScoreEssential = (this.#maxScoreEssential = order.slice(pass.nonEssentialCount));
    const was = new Set(pass.essential);
    for (const c of order) c.drive = false;
    let best = -1;
    let bestDf = 0;
    if (W > 1) {
      for (const c of maxScoreEssential) bestDf += df(c);
      for (let w = 0; w < W; w++) {
        const postings = this.#drive(w, bestDf, false);
        if (postings < bestDf) {
          bestDf = postings;
          best = w;
        }
      }
    }
    // A required word (every doc that can still rank holds it: the other words' bounds together
    // stay below θ) may drive alone through all its lists, MaxScore's non-essential ones too.
    let required = -1;
    if (W > 1) {
      for (let w = 0; w < W; w++) {
        const postings = this.#required(w, bestDf);
        if (postings < bestDf) {
          bestDf = postings;
          required = w;
        }
      }
    }
    if (required >= 0) for (const c of order) c.drive = c.word === required;
    else if (best >= 0) this.#drive(best, Infinity, true);
    else for (const c of maxScoreEssential) c.drive = true;
    pass.essential = (required >= 0 ? order : maxScoreEssential).filter((c) => c.drive);
    pass.essentialCount = pass.essential.length;
    for (const c of pass.essential) if (!was.has(c)) c.shallowSeek(frontier);
    for (let w = 0; w < W; w++) {
      pass.nonEssentialOf[w]!.length = 0;
      pass.nonEssentialMax[w] = 0;
    }
    for (let i = order.length - 1; i >= 0; i--) {
      const c = order[i]!;
      if (c.drive) continue;
      pass.nonEssentialOf[c.word]!.push(c);
      if (c.ub > pass.nonEssentialMax[c.word]!) pass.nonEssentialMax[c.word] = c.ub;
    }
    const probeOrder = pass.probeOrder;
    probeOrder.length = 0;
    for (let w = 0; w < W; w++) if (pass.nonEssentialMax[w]! > 0) probeOrder.push(w);
    probeOrder.sort((a, b) => pass.nonEssentialMax[b]! - pass.nonEssentialMax[a]! || a - b);
    pass.version++;
    pass.essentialChanged = true;
    if (pass.essentialCount === 0) pass.done = true; // no doc left can beat θ
  }

  /** Chooses the driving lists for word w (marks them when `mark`): their postings (Infinity: none found under `most`). */
  #drive(w: number, most: number, mark: boolean): number {
    const pass = this.#pass;
    const { W } = pass;
    const ix = pass.parts.postings.ix;
    const theta = pass.top.theta;
    const maxScoreEssential = this.#maxScoreEssential;
    const cap = this.#cap;
    const capAt = this.#capAt;
    let df = 0;
    for (let v = 0; v < W; v++) {
      cap[v] = v === w ? this.#prefixMax[v]! : this.#wordMax[v]!;
      capAt[v] = -1;
    }
    for (let k = 0; k < maxScoreEssential.length; k++) {
      const c = maxScoreEssential[k]!;
      if (c.word === w) {
        df += ix.df(c.term);
        if (mark) c.drive = true;
      } else capAt[c.word] = k; // ascending: the last is the strongest
    }
    for (;;) {
      let b = 0;
      for (let v = 0; v < W; v++) b += cap[v]!;
      if (b * SUM_SLACK < theta) return df;
      if (df >= most) return Infinity;
      let fallsMost = -1;
      let fall = -1;
      for (let v = 0; v < W; v++) {
        const k = capAt[v]!;
        if (k < 0) continue;
        const f = cap[v]! - this.#capOf(this.#weaker(k, v), v);
        if (f > fall) {
          fall = f;
          fallsMost = v;
        }
      }
      if (fallsMost < 0) return Infinity; // (cannot happen: with every list of MaxScore's essential ones, the bound is MaxScore's, below θ)
      const k = capAt[fallsMost]!;
      df += ix.df(maxScoreEssential[k]!.term);
      if (mark) maxScoreEssential[k]!.drive = true;
      const weakerAt = this.#weaker(k, fallsMost);
      capAt[fallsMost] = weakerAt;
      cap[fallsMost] = this.#capOf(weakerAt, fallsMost);
    }
  }

  /** Word w's postings over all its lists when w is required (the others' bounds sum below θ), else Infinity; Infinity too once `most` is reached. */
  #required(w: number, most: number): number {
    const pass = this.#pass;
    let others = 0;
    for (let v = 0; v < pass.W; v++) if (v !== w) others += this.#wordMax[v]!;
    if (!(others * SUM_SLACK < pass.top.theta)) return Infinity;
    let df = 0;
    for (const c of pass.byBound) if (c.word === w && (df += pass.parts.postings.ix.df(c.term)) >= most) return Infinity;
    return df;
  }

  /** Word v's next weaker list in MaxScore's essential lists before index k (−1: none). */
  #weaker(k: number, v: number): number {
    const maxScoreEssential = this.#maxScoreEssential;
    let weakerAt = k - 1;
    while (weakerAt >= 0 && maxScoreEssential[weakerAt]!.word !== v) weakerAt--;
    return weakerAt;
  }

  /** The bound left for word v once its lists from index weakerAt on are chosen. */
  #capOf(weakerAt: number, v: number): number {
    return Math.max(weakerAt >= 0 ? this.#maxScoreEssential[weakerAt]!.ub : 0, this.#prefixMax[v]!);
  }
}
