/**
 * The one-essential-list scan (README.md § One essential list): with a single driving list, its
 * block is scanned in a tight loop, visiting only the postings whose tf~ reaches a threshold
 * derived from θ and the window's non-essential bounds (minTf), and, once dense forms are in
 * use, bounding each candidate by other words' frequent lists (their chains) before completing it.
 */
import { minTf, saturation } from './bm25.ts';
import { fill } from './block-cache.ts';
import type { Cursor } from './cursor.ts';
import { Chains } from './chains.ts';
import { DENSE_AFTER } from './knobs.ts';
import type { MaxScorePass } from './max-score.ts';

export class SingleListScan {
  readonly #pass: MaxScorePass;
  // The thresholds of the scanned list (bounds), kept while none of what they derive from changes
  // (the window bounds are often the same from block to block).
  /** The scanned word's non-essential bound in the window, and the other words' summed. */
  #nonEss = 0;
  #rest = 0;
  /** The lowest of workspace.minTfOf. */
  #lowMinTf = Infinity;
  /** What the thresholds were computed for (NaN θ: not computed). */
  #forTheta = NaN;
  #forCursor: Cursor | null = null;
  #forVersion = -1;
  #forDense = false;
  readonly #forWindow: Float64Array;
  /** Other words' chains of frequent lists (chains.ts). */
  readonly #chains: Chains;
  /** Candidates scanned so far (dense forms are used after DENSE_AFTER). */
  #scanned = 0;

  constructor(pass: MaxScorePass) {
    this.#pass = pass;
    this.#forWindow = new Float64Array(pass.W);
    this.#chains = new Chains(pass);
  }

  /** The docs of c's current block (c the one essential list), from c.i on; c moves past the block. */
  scanBlock(c: Cursor): void {
    const pass = this.#pass;
    const { W, wordScore, allowed, slack, top } = pass;
    const { norms, fieldCount: F, docLanguage } = pass.parts.postings;
    const { minTfOf, candidates } = pass.parts.workspace;
    const word = c.word;
    const blk = c.block!;
    if (!blk.filled) fill(blk, norms, F, docLanguage);
    const { docs, xs, scale, uniform, scaleOf } = c;
    const langs = blk.langs;
    const n = docs.length;
    this.#bounds(c);
    let ownBound = this.#nonEss;
    let rest = this.#rest;
    const count = this.#candidates(c);
    for (let k = 0; k < count; k++) {
      const i = candidates[k]!;
      const x = xs[i]!;
      const lang = langs[i]!;
      if (x < minTfOf[scaleOf[lang]!]!) continue;
      const doc = docs[i]!;
      const s = saturation(uniform >= 0 ? uniform : scale[lang]!, x);
      if (!top.mayEnter(((s > ownBound ? s : ownBound) + rest) * slack, doc)) continue;
      if (allowed && !allowed[doc]) continue;
      if (this.#chains.words > 0) {
        if (!this.#chains.mayEnter(doc, lang, word, s > ownBound ? s : ownBound)) continue;
      } else if (++this.#scanned === DENSE_AFTER && pass.essentialCount < pass.byBound.length) {
        pass.useDense = true;
        this.#bounds(c);
        ownBound = this.#nonEss;
        rest = this.#rest;
      }
      for (let w = 0; w < W; w++) wordScore[w] = 0;
      wordScore[word] = s;
      const before = pass.version;
      pass.complete(doc, lang);
      if (pass.done) return;
      if (pass.version !== before || top.theta !== this.#forTheta) {
        this.#bounds(c);
        ownBound = this.#nonEss;
        rest = this.#rest;
      }
    }
    c.i = n - 1;
    c.next();
  }

  /**
   * Lists the postings from c.i on whose tf~ reaches the lowest threshold (θ only rises during the
   * scan, and thresholds with it) in workspace.candidates, in doc order: most are below. Marked in
   * a bitset, then listed (a typed array's sort costs more than the scan saves). Returns how many.
   */
  #candidates(c: Cursor): number {
    const { candidates: cand, marks, chainMinTf } = this.#pass.parts.workspace;
    const { docs, xs } = c;
    const blk = c.block!;
    const n = docs.length;
    let count = 0;
    const lowMinTf = this.#lowMinTf;
    if (!(lowMinTf > 0)) {
      for (let j = c.i; j < n; j++) cand[count++] = j;
      return count;
    }
    const order = blk.order!;
    const langs = blk.langs;
    const words = (n + 31) >>> 5;
    const chains = this.#chains;
    const requiredCount = chains.requiredCount;
    const requiredBits = chains.required;
    const from = c.i;
    const groupOf = chains.requiredGroupOf;
    for (let k = 0; k < words; k++) marks[k] = 0;
    // By tf~ descending, in up to three runs: above every group's chain threshold (marked), then
    // above the lowest (a doc a chain list holds, or tf~ above its group's threshold), then below
    // every group's (a doc a chain list holds, found without a branch).
    let k = 0;
    const highMinTf = requiredCount > 0 && chains.minTfHigh > lowMinTf ? chains.minTfHigh : lowMinTf;
    for (; k < n; k++) {
      const j = order[k]!;
      if (!(xs[j]! >= highMinTf)) break;
      if (j >= from) marks[j >>> 5]! |= 1 << (j & 31);
    }
    if (requiredCount > 0) {
      const lowChainMinTf = chains.minTfLow > lowMinTf ? chains.minTfLow : lowMinTf;
      const r0 = requiredBits[0]!;
      for (; k < n; k++) {
        const j = order[k]!;
        const x = xs[j]!;
        if (!(x >= lowChainMinTf)) break;
        const d = docs[j]!;
        let bitsOf = r0[d >>> 5]!;
        for (let r = 1; r < requiredCount; r++) bitsOf |= requiredBits[r]![d >>> 5]!;
        const keep = ((bitsOf >>> (d & 31)) & 1) | (x >= chainMinTf[groupOf[langs[j]!]!]! ? 1 : 0);
        marks[j >>> 5]! |= (keep & (j >= from ? 1 : 0)) << (j & 31);
      }
      for (; k < n; k++) {
        const j = order[k]!;
        if (!(xs[j]! >= lowMinTf)) break;
        const d = docs[j]!;
        let bitsOf = r0[d >>> 5]!;
        for (let r = 1; r < requiredCount; r++) bitsOf |= requiredBits[r]![d >>> 5]!;
        marks[j >>> 5]! |= ((bitsOf >>> (d & 31)) & (j >= from ? 1 : 0)) << (j & 31);
      }
    }
    for (let k = 0; k < words; k++) {
      for (let m = marks[k]!; m !== 0; m &= m - 1) cand[count++] = (k << 5) | (31 - Math.clz32(m & -m));
    }
    return count;
  }

  /** The scanned list's thresholds from θ and the window's non-essential bounds (cached while those stay). */
  #bounds(c: Cursor): void {
    const pass = this.#pass;
    const { W, windowNonEssential: winNon, slack } = pass;
    const theta = pass.top.theta;
    if (this.#forCursor === c && this.#forTheta === theta && this.#forVersion === pass.version && this.#forDense === pass.useDense) {
      let w = 0;
      while (w < W && this.#forWindow[w] === winNon[w]) w++;
      if (w === W) return;
    }
    this.#forCursor = c;
    this.#forTheta = theta;
    this.#forVersion = pass.version;
    this.#forDense = pass.useDense;
    for (let w = 0; w < W; w++) this.#forWindow[w] = winNon[w]!;
    const word = c.word;
    const { inverses } = c;
    const minTfOf = pass.parts.workspace.minTfOf;
    const thetaBySlack = theta / slack;
    const ownBound = winNon[word]!;
    let rest = 0;
    for (let w = 0; w < W; w++) if (w !== word) rest += winNon[w]!;
    this.#chains.windowChanged(word);
    // Per distinct scale, not per language (usually 1 to 3 scales).
    let lowMinTf = Infinity;
    for (let j = 0; j < inverses.length; j++) {
      const m = minTf(inverses[j]!, ownBound, rest, theta, thetaBySlack);
      minTfOf[j] = m;
      if (m < lowMinTf) lowMinTf = m;
    }
    // The chains depend on the non-essential lists only (the same for every window).
    if (pass.useDense && this.#chains.version !== pass.version) this.#chains.build(c);
    this.#chains.require(c, ownBound, lowMinTf, theta, thetaBySlack);
    this.#nonEss = ownBound;
    this.#rest = rest;
    this.#lowMinTf = lowMinTf;
  }

}
