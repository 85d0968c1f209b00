/**
 * The pruned document-at-a-time pass (README.md § MaxScore), as Lucene's MaxScoreBulkScorer: its
 * state in fields, its steps in named methods. Lists sorted by bound split into non-essential
 * ones (no doc found only through them can reach θ) and essential ones, of which only the
 * driving lists are walked (driving-lists.ts); a doc they find is completed from the others
 * (completion.ts). Block-max windows (block-max.ts) and the one-essential-list scan
 * (single-list-scan.ts) skip what cannot rank; seeding (seed.ts) starts θ high.
 */
import { saturation } from './bm25.ts';
import { tfAt } from './block-cache.ts';
import { BlockMax } from './block-max.ts';
import { Completion } from './completion.ts';
import { END, type Cursor } from './cursor.ts';
import type { DenseForms } from './dense.ts';
import { DrivingLists } from './driving-lists.ts';
import { SUM_SLACK } from './knobs.ts';
import type { Postings } from './postings.ts';
import type { Seeder } from './seed.ts';
import { SingleListScan } from './single-list-scan.ts';
import { TopK, type SearchHit } from './top-k.ts';
import type { PassWorkspace } from './workspace.ts';

/** What a pass reads from its searcher. */
export interface PassParts {
  postings: Postings;
  dense: DenseForms;
  seeder: Seeder;
  workspace: PassWorkspace;
}

export class MaxScorePass {
  readonly parts: PassParts;
  /** The number of query words. */
  readonly W: number;
  readonly allowed: Uint8Array | undefined;
  /** Score every posting (no pruning): the reference (tests). */
  readonly exhaustive: boolean;
  /** Sums of bounds are inflated by this before they may prune (several words: float rounding of sums in another order). */
  readonly slack: number;
  readonly top: TopK;
  /** Every list, by bound ascending (then word, term). */
  readonly byBound: Cursor[];
  /** MaxScore's bound of the docs found only in byBound[0 .. i]: Σ over words of the largest bound of the word's lists there (× slack). */
  readonly #prefixBound: Float64Array;
  /** byBound[0 .. nonEssentialCount) are non-essential for MaxScore (θ only rises, so this only grows). */
  nonEssentialCount = 0;
  /** The lists that drive the pass (walked doc by doc), and how many. */
  essential: Cursor[];
  essentialCount: number;
  /** Per word: its lists that are not driving, strongest first, probed for the docs the driving lists find. */
  readonly nonEssentialOf: Cursor[][] = [];
  /** Per word: the largest bound of its non-driving lists. */
  readonly nonEssentialMax: Float64Array;
  /** Per word: the words with non-driving lists, the largest bound first (the order they are probed in). */
  readonly probeOrder: number[] = [];
  /** Per word: the largest bound of its non-driving lists within the current block-max window. */
  readonly windowNonEssential: Float64Array;
  /** Per word: its best score so far at the doc being scored. */
  readonly wordScore: Float64Array;
  /** Nothing unseen can beat θ any more. */
  done = false;
  /** θ rose since the essential lists were chosen: choose again before the next doc. */
  stale = false;
  /** How many times the essential lists were chosen (caches keyed by it are rebuilt). */
  version = 0;
  /** The essential lists changed since the last block-max window. */
  essentialChanged = false;
  /** Dense forms of the non-driving lists are used (after DENSE_AFTER candidates). */
  useDense = false;
  /** The docs scored by seeding (ascending), not scored again, and the first not yet passed. */
  #seeded: Uint32Array = new Uint32Array(0);
  #seedAt = 0;
  /** The index's per-doc values (Postings), kept at hand for the per-doc steps. */
  readonly #norms: Float32Array;
  readonly #fieldCount: number;
  readonly #docLanguage: Uint8Array;
  readonly #driving: DrivingLists;
  readonly #completion: Completion;
  readonly #blockMax: BlockMax;
  readonly #scan: SingleListScan;

  constructor(parts: PassParts, cursors: readonly Cursor[], W: number, limit: number, allowed: Uint8Array | undefined, exhaustive: boolean) {
    this.parts = parts;
    this.W = W;
    this.allowed = allowed;
    this.exhaustive = exhaustive;
    this.slack = W > 1 ? SUM_SLACK : 1;
    this.top = new TopK(limit);
    this.#norms = parts.postings.norms;
    this.#fieldCount = parts.postings.fieldCount;
    this.#docLanguage = parts.postings.docLanguage;
    const order = cursors.slice().sort((a, b) => a.ub - b.ub || a.word - b.word || a.term - b.term);
    this.byBound = order;
    // MaxScore over lists: by bound ascending, a prefix of lists is non-essential while no doc
    // found only in them can reach θ (a word scores its best candidate, so its lists' bounds do
    // not add up).
    this.#prefixBound = new Float64Array(order.length);
    const m = new Float64Array(W);
    let sum = 0;
    order.forEach((c, i) => {
      sum += c.ub - m[c.word]!; // ascending: c.ub is the word's largest so far
      m[c.word] = c.ub;
      this.#prefixBound[i] = sum * this.slack;
    });
    this.essential = order.slice();
    this.essentialCount = order.length;
    this.nonEssentialMax = new Float64Array(W);
    this.windowNonEssential = new Float64Array(W);
    this.wordScore = new Float64Array(W);
    for (let w = 0; w < W; w++) this.nonEssentialOf.push([]);
    this.#setSuffixBounds();
    this.#driving = new DrivingLists(this);
    this.#completion = new Completion(this);
    this.#blockMax = new BlockMax(this);
    this.#scan = new SingleListScan(this);
  }

  /**
   * A word's non-driving lists are probed strongest first (byBound reversed): per language, the
   * largest bound from each list on (each list's in one buffer: the previous list's of its word
   * and its own).
   */
  #setSuffixBounds(): void {
    const { ix } = this.parts.postings;
    const termMax = ix.termMax;
    const L = ix.languages.length;
    const order = this.byBound;
    const buf = this.parts.workspace.suffixBounds(order.length * L);
    const prev: number[] = new Array<number>(this.W).fill(-1);
    for (let i = 0; i < order.length; i++) {
      const c = order[i]!;
      const m = termMax[c.term]!;
      const at = i * L;
      const p = prev[c.word]!;
      const scale = c.scale;
      for (let l = 0; l < L; l++) {
        const b = saturation(scale[l]!, m);
        const q = p < 0 ? 0 : buf[p + l]!;
        buf[at + l] = b > q ? b : q;
      }
      prev[c.word] = at;
      c.suffixBound = buf.subarray(at, at + L);
    }
  }

  /** The best hits. */
  run(): SearchHit[] {
    const { allowed, exhaustive, top } = this;
    if (!exhaustive) this.#seed();
    for (;;) {
      if (this.done) break;
      if (this.stale) {
        this.#driving.choose();
        this.#blockMax.listsChanged();
        if (this.done) break;
      }
      if (allowed) this.#passExcluded(allowed);
      const low = this.#lowestDoc();
      if (low === END) break;
      if (top.full && !exhaustive && this.#blockMax.skip(low)) continue;
      const d = this.#loadNext();
      if (top.full && !exhaustive) {
        if (d >= this.#blockMax.windowEnd) continue; // past the window: check the next one first
        if (this.essentialCount === 1) {
          this.#scan.scanBlock(this.essential[0]!);
          if (this.done) break;
          continue;
        }
      }
      if (allowed && !allowed[d]) {
        this.#seekAllowed(allowed, d);
        continue;
      }
      this.#scoreEssential(d);
    }
    return top.hits;
  }

  /** The docs of the strongest list's best blocks (and docs holding every word) scored first, so θ starts high. */
  #seed(): void {
    const seeds = this.parts.seeder.seeds(this.byBound, this.W, this.allowed, this.top.limit, this.slack);
    if (!seeds) return;
    const { docs, scores } = seeds;
    const W = this.W;
    this.#seeded = docs;
    for (let k = 0; k < docs.length; k++) {
      const d = docs[k]!;
      let total = 0;
      for (let w = 0, at = k * W; w < W; w++, at++) total += scores[at]!;
      if (total > 0 && !(this.top.full && !this.top.mayEnter(total, d))) this.offer(d, total);
    }
  }

  /** Every essential list past the excluded docs of its loaded block, a byte test each (a sparse mask: most are). */
  #passExcluded(allowed: Uint8Array): void {
    const essential = this.essential;
    for (let k = 0, E = this.essentialCount; k < E; k++) {
      const c = essential[k]!;
      while (c.loaded && allowed[c.doc] === 0) {
        const docs = c.docs;
        const n = docs.length;
        let i = c.i + 1;
        while (i < n && allowed[docs[i]!] === 0) i++;
        c.i = i - 1;
        c.next();
      }
    }
  }

  /** The lowest doc any essential list may hold next. */
  #lowestDoc(): number {
    let low = END;
    const essential = this.essential;
    for (let k = 0, E = this.essentialCount; k < E; k++) {
      const x = essential[k]!.doc;
      if (x < low) low = x;
    }
    return low;
  }

  /** The next doc: the blocks of the lists that may hold it read. */
  #loadNext(): number {
    let d = END;
    const essential = this.essential;
    for (let k = 0, E = this.essentialCount; k < E; k++) {
      const c = essential[k]!;
      if (!c.loaded) {
        if (c.doc > d || c.doc === END) continue;
        c.load();
      }
      if (c.doc < d) d = c.doc;
    }
    return d;
  }

  /**
   * Every essential list on to the next allowed doc after the excluded d, past the excluded ones
   * without a step each (a sparse mask over a dense list). Scanning for the next allowed doc costs
   * at most the mask's length over the whole pass.
   */
  #seekAllowed(allowed: Uint8Array, d: number): void {
    let t = d + 1;
    while (t < allowed.length && allowed[t] === 0) t++;
    const target = t < allowed.length ? t : END;
    for (let k = 0; k < this.essentialCount; k++) this.essential[k]!.shallowSeek(target);
  }

  /** Doc d scored by the essential lists on it (the best candidate per word), then completed. */
  #scoreEssential(d: number): void {
    const norms = this.#norms;
    const F = this.#fieldCount;
    const lang = this.#docLanguage[d]!;
    const wordScore = this.wordScore;
    for (let w = 0; w < this.W; w++) wordScore[w] = 0;
    const essential = this.essential;
    for (let k = 0, E = this.essentialCount; k < E; k++) {
      const c = essential[k]!;
      if (c.doc !== d) continue;
      const s = saturation(c.scaleFor(lang), tfAt(c.docs, c.tfs, c.xs, c.i, norms, F));
      if (s > wordScore[c.word]!) wordScore[c.word] = s;
      c.next();
    }
    this.complete(d, lang);
  }

  /**
   * Finishes doc d given its essential word scores in wordScore: the non-driving lists probed
   * (completion.ts) while d can still beat θ, then the exact total (word scores summed in query
   * order: the same sum as exhaustive scoring) offered unless seeding scored d already.
   */
  complete(d: number, lang: number): void {
    if (this.essentialCount < this.byBound.length && !this.#completion.probe(d, lang)) return;
    const wordScore = this.wordScore;
    let total = 0;
    for (let w = 0; w < this.W; w++) total += wordScore[w]!;
    if (total <= 0 || (this.top.full && !this.top.mayEnter(total, d))) return;
    const seeded = this.#seeded;
    while (this.#seedAt < seeded.length && seeded[this.#seedAt]! < d) this.#seedAt++;
    if (this.#seedAt < seeded.length && seeded[this.#seedAt] === d) return;
    this.offer(d, total);
  }

  /**
   * Adds a doc that can enter the top (the caller checked). When θ rises, MaxScore's non-essential
   * prefix grows, and the essential lists are chosen again before the next doc (stale).
   */
  offer(d: number, total: number): void {
    const raised = this.top.add(d, total);
    if (!raised || this.exhaustive) return;
    const theta = this.top.theta;
    const order = this.byBound;
    const before = this.nonEssentialCount;
    while (this.nonEssentialCount < order.length && this.#prefixBound[this.nonEssentialCount]! < theta) this.nonEssentialCount++;
    if (this.nonEssentialCount === order.length) this.done = true;
    // (Driving lists are chosen among several of MaxScore's essential lists only.)
    else if (this.nonEssentialCount !== before || (this.W > 1 && order.length - this.nonEssentialCount > 1)) this.stale = true;
  }
}
