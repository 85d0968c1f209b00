/**
 * The one-essential-list scan (README.md § One essential list): with a single driving list, its
 * block is scanned in a tight loop, visiting only the postings whose tf~ reaches a threshold
 * derived from θ and the window's non-essential bounds (minTf), and, once dense forms are in
 * use, bounding each candidate by other words' frequent lists (their chains) before completing it.
 */
import { minTf, saturation } from './bm25.ts';
import { fill } from './block-cache.ts';
import type { Cursor } from './cursor.ts';
import { denseX } from './dense.ts';
import { DENSE_AFTER, DENSE_CHAIN } from './knobs.ts';
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
  /** How many chain bitsets a posting below a chain threshold must find its doc in (requiredBits), and the lowest and highest chain thresholds. */
  #requiredCount = 0;
  #chainMinTfLow = Infinity;
  #chainMinTfHigh = 0;
  /** What the thresholds were computed for (NaN θ: not computed). */
  #forTheta = NaN;
  #forCursor: Cursor | null = null;
  #forVersion = -1;
  #forDense = false;
  readonly #forWindow: Float64Array;
  /** Per word: the window bounds of the other words after it (but the scanned one's), summed. */
  readonly #windowAfter: Float64Array;
  // Chains: per other word, its strongest non-essential lists while they have a dense form (at
  // most DENSE_CHAIN), and the list after them, whose suffixBound bounds the word's others.
  readonly #chainOf: Cursor[][] = [];
  readonly #afterChain: (Cursor | null)[];
  /** ... the least over languages of its suffixBound (0 for none). */
  readonly #afterChainMin: Float64Array;
  /**
   * ... and per word with a chain, per language its group: the languages' distinct pairs (scale of
   * the scanned list, bound of the word's lists after the chain), each with its own threshold
   * (workspace.chainMinTf) below which a posting can pass only if one of the chain's lists holds
   * its doc (requiredBits: their bitsets, of the word with the largest such gain).
   */
  readonly #groupOf: Uint8Array[] = [];
  readonly #groupScale: number[][] = [];
  readonly #groupBound: number[][] = [];
  #requiredGroupOf: Uint8Array = new Uint8Array(0);
  readonly #requiredBits: Uint32Array[] = [];
  /** The essential-list version the chains were built for (−1: not built), and the words with a chain. */
  #chainsVersion = -1;
  #chainWords = 0;
  /** Candidates scanned so far (dense forms are used after DENSE_AFTER). */
  #scanned = 0;

  constructor(pass: MaxScorePass) {
    this.#pass = pass;
    this.#forWindow = new Float64Array(pass.W);
    this.#windowAfter = new Float64Array(pass.W);
    this.#afterChain = new Array<Cursor | null>(pass.W).fill(null);
    this.#afterChainMin = new Float64Array(pass.W);
  }

  /** The docs of c's current block (c the one essential list), from c.i on; c moves past the block. */
  scanBlock(c: Cursor): void {
    const pass = this.#pass;
    const { W, wordScore, allowed, slack, top } = pass;
    const { norms, fieldCount: F, docLanguage } = pass.parts.postings;
    const { minTfOf, candidates } = pass.parts.workspace;
    const cw = c.word;
    const blk = c.block!;
    if (!blk.filled) fill(blk, norms, F, docLanguage);
    const { docs, xs, scale, uniform, scaleOf } = c;
    const langs = blk.langs;
    const n = docs.length;
    this.#bounds(c);
    let nm = this.#nonEss;
    let rest = this.#rest;
    const nc = this.#candidates(c);
    for (let k = 0; k < nc; k++) {
      const i = candidates[k]!;
      const x = xs[i]!;
      const lang = langs[i]!;
      if (x < minTfOf[scaleOf[lang]!]!) continue;
      const dd = docs[i]!;
      const s = saturation(uniform >= 0 ? uniform : scale[lang]!, x);
      if (!top.mayEnter(((s > nm ? s : nm) + rest) * slack, dd)) continue;
      if (allowed && !allowed[dd]) continue;
      if (this.#chainWords > 0) {
        if (!this.#mayEnterWithChains(dd, lang, cw, s > nm ? s : nm)) continue;
      } else if (++this.#scanned === DENSE_AFTER && pass.essentialCount < pass.byBound.length) {
        pass.useDense = true;
        this.#bounds(c);
        nm = this.#nonEss;
        rest = this.#rest;
      }
      for (let w = 0; w < W; w++) wordScore[w] = 0;
      wordScore[cw] = s;
      const before = pass.version;
      pass.complete(dd, lang);
      if (pass.done) return;
      if (pass.version !== before || top.theta !== this.#forTheta) {
        this.#bounds(c);
        nm = this.#nonEss;
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
    let nc = 0;
    const xLo = this.#lowMinTf;
    if (!(xLo > 0)) {
      for (let j = c.i; j < n; j++) cand[nc++] = j;
      return nc;
    }
    const order = blk.order!;
    const langs = blk.langs;
    const words = (n + 31) >>> 5;
    const nReq = this.#requiredCount;
    const reqBits = this.#requiredBits;
    const ci = c.i;
    const groupOf = this.#requiredGroupOf;
    for (let k = 0; k < words; k++) marks[k] = 0;
    // By tf~ descending, in up to three runs: above every group's chain threshold (marked), then
    // above the lowest (a doc a chain list holds, or tf~ above its group's threshold), then below
    // every group's (a doc a chain list holds, found without a branch).
    let k = 0;
    const hiX = nReq > 0 && this.#chainMinTfHigh > xLo ? this.#chainMinTfHigh : xLo;
    for (; k < n; k++) {
      const j = order[k]!;
      if (!(xs[j]! >= hiX)) break;
      if (j >= ci) marks[j >>> 5]! |= 1 << (j & 31);
    }
    if (nReq > 0) {
      const loX = this.#chainMinTfLow > xLo ? this.#chainMinTfLow : xLo;
      const r0 = reqBits[0]!;
      for (; k < n; k++) {
        const j = order[k]!;
        const x = xs[j]!;
        if (!(x >= loX)) break;
        const d = docs[j]!;
        let bitsOf = r0[d >>> 5]!;
        for (let r = 1; r < nReq; r++) bitsOf |= reqBits[r]![d >>> 5]!;
        const pass = ((bitsOf >>> (d & 31)) & 1) | (x >= chainMinTf[groupOf[langs[j]!]!]! ? 1 : 0);
        marks[j >>> 5]! |= (pass & (j >= ci ? 1 : 0)) << (j & 31);
      }
      for (; k < n; k++) {
        const j = order[k]!;
        if (!(xs[j]! >= xLo)) break;
        const d = docs[j]!;
        let bitsOf = r0[d >>> 5]!;
        for (let r = 1; r < nReq; r++) bitsOf |= reqBits[r]![d >>> 5]!;
        marks[j >>> 5]! |= ((bitsOf >>> (d & 31)) & (j >= ci ? 1 : 0)) << (j & 31);
      }
    }
    for (let k = 0; k < words; k++) {
      for (let m = marks[k]!; m !== 0; m &= m - 1) cand[nc++] = (k << 5) | (31 - Math.clz32(m & -m));
    }
    return nc;
  }

  /**
   * The candidate's bound with each other word whose strongest lists have dense forms bounded by
   * those lists' exact scores at doc dd and its other lists' bound (suffixBound of the list after
   * the chain); false as soon as the words so far and the others' window bounds cannot reach θ.
   */
  #mayEnterWithChains(dd: number, lang: number, cw: number, own: number): boolean {
    const pass = this.#pass;
    const { W, windowNonEssential: winNon, slack, top } = pass;
    const windowAfter = this.#windowAfter;
    let v = own;
    for (let w = 0; w < W; w++) {
      if (w === cw) continue;
      let b = winNon[w]!;
      const chain = this.#chainOf[w]!;
      if (chain.length > 0) {
        const next = this.#afterChain[w];
        let l = next ? next.suffixBound[lang]! : 0;
        for (let j = 0; j < chain.length; j++) {
          const dom = chain[j]!;
          if (dom.suffixBound[lang]! <= l) break; // it and the lists after it bound no higher
          const dense = dom.dense!;
          if ((dense.bits[dd >>> 5]! & (1 << (dd & 31))) !== 0) {
            const e = saturation(dom.scaleFor(lang), denseX(dense.bits, dense.rank, dense.xs, dd));
            if (e > l) l = e;
          }
        }
        if (l < b) {
          b = l;
          if (!top.mayEnter((v + b + windowAfter[w]!) * slack, dd)) return false;
        }
      }
      v += b;
    }
    return top.mayEnter(v * slack, dd);
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
    const cw = c.word;
    const { inverses } = c;
    const minTfOf = pass.parts.workspace.minTfOf;
    const thetaBySlack = theta / slack;
    const nm = winNon[cw]!;
    let rest = 0;
    for (let w = 0; w < W; w++) if (w !== cw) rest += winNon[w]!;
    let after = 0;
    for (let w = W - 1; w >= 0; w--) {
      this.#windowAfter[w] = after;
      if (w !== cw) after += winNon[w]!;
    }
    // Per distinct scale, not per language (usually 1 to 3 scales).
    let xLo = Infinity;
    for (let j = 0; j < inverses.length; j++) {
      const m = minTf(inverses[j]!, nm, rest, theta, thetaBySlack);
      minTfOf[j] = m;
      if (m < xLo) xLo = m;
    }
    // The chains depend on the non-essential lists only (the same for every window).
    if (pass.useDense && this.#chainsVersion !== pass.version) this.#buildChains(c);
    this.#requiredCount = this.#chainWords > 0 ? this.#requireChain(c, nm, xLo, theta, thetaBySlack) : 0;
    this.#nonEss = nm;
    this.#rest = rest;
    this.#lowMinTf = xLo;
  }

  /** Per other word, its chain, the list after it, and the groups of languages (see the fields). */
  #buildChains(c: Cursor): void {
    const pass = this.#pass;
    const cw = c.word;
    const { scaleOf } = c;
    const L = pass.parts.postings.ix.languages.length;
    this.#chainsVersion = pass.version;
    this.#chainWords = 0;
    for (let w = 0; w < pass.W; w++) {
      const chain = (this.#chainOf[w] ??= []);
      chain.length = 0;
      const lists = pass.nonEssentialOf[w]!;
      if (w === cw) continue;
      for (let j = 0; j < lists.length && j < DENSE_CHAIN; j++) {
        const dom = lists[j]!;
        const dense = dom.dense === undefined ? (dom.dense = pass.parts.dense.get(dom.term)) : dom.dense;
        if (!dense) break;
        chain.push(dom);
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
      this.#chainWords++;
    }
  }

  /**
   * The other word whose bound falls most for a doc none of its chain's lists holds (then only its
   * lists after the chain may hold it, bounded by the next one's suffixBound for the doc's
   * language): below its group's chain threshold, a posting can pass only if one of the chain's
   * lists holds its doc, a bit test each. Returns how many chain bitsets are required (0: none).
   */
  #requireChain(c: Cursor, nm: number, xLo: number, theta: number, thetaBySlack: number): number {
    const pass = this.#pass;
    const { W, windowNonEssential: winNon } = pass;
    const cw = c.word;
    let rw = -1;
    let gain = 0;
    for (let w = 0; w < W; w++) {
      if (w === cw || this.#chainOf[w]!.length === 0) continue;
      const g = winNon[w]! - Math.min(winNon[w]!, this.#afterChainMin[w]!);
      if (g > gain) {
        gain = g;
        rw = w;
      }
    }
    if (rw < 0) return 0;
    const chainMinTf = pass.parts.workspace.chainMinTf;
    let restOthers = 0;
    for (let w = 0; w < W; w++) if (w !== cw && w !== rw) restOthers += winNon[w]!;
    const gScale = this.#groupScale[rw]!;
    const gBound = this.#groupBound[rw]!;
    let any = false;
    this.#chainMinTfLow = Infinity;
    this.#chainMinTfHigh = 0;
    for (let g = 0; g < gScale.length; g++) {
      const b = gBound[g]! < winNon[rw]! ? gBound[g]! : winNon[rw]!;
      const m = minTf(c.inverses[gScale[g]!]!, nm, restOthers + b, theta, thetaBySlack);
      chainMinTf[g] = m;
      if (m > xLo) any = true;
      if (m < this.#chainMinTfLow) this.#chainMinTfLow = m;
      if (m > this.#chainMinTfHigh) this.#chainMinTfHigh = m;
    }
    this.#requiredGroupOf = this.#groupOf[rw]!;
    let nReq = 0;
    if (any) for (const dom of this.#chainOf[rw]!) this.#requiredBits[nReq++] = dom.dense!.bits;
    return nReq;
  }
}
