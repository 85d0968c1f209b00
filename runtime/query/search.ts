/**
 * Relevance search over the compiled search index (FORMAT.md § 15). Pure: no HTTP, no I/O.
 *
 * A query is normalised and tokenised like the documents (runtime/format/text). Each query
 * word expands to candidate terms, each with a weight:
 * - exact: the word stemmed by each language of the dataset; a stem only counts for documents
 *   of the language that produced it (so Italian "pasta" → "past" does not hit English "paste");
 * - prefix (the last word only, search as you type): dictionary terms starting with the word;
 * - fuzzy: terms within the allowed edits of a stemmed form (search-terms.ts rules).
 * A word scores a document with its best candidate (max, not sum); word scores add up.
 *
 * Scoring is BM25F (Robertson & Zaragoza): per field f, tf~ = Σ W_f · tf_f / (1 − b + b · len_f / avg_f)
 * (float32; W_f and b_f are the index header's, chosen at build time: search-index.ts);
 * score = weight · idf · tf~ / (k1 + tf~), idf = ln(1 + (N − df + 0.5) / (df + 0.5)).
 * Ties: score descending, then doc ascending (newer first).
 *
 * Document-at-a-time over posting blocks read on demand (FORMAT.md § 15), with exact pruning:
 * - MaxScore: each word has an upper bound (its best candidate's weight · idf · g(TermMax));
 *   the weakest words whose bounds sum below the current k-th score are "non-essential": only
 *   docs found through the other words are looked up in them (a seek by block bounds);
 * - block-max: a run of docs whose block bounds (BlockMax of every essential list) cannot beat
 *   the k-th score is skipped without reading its postings.
 * Docs are visited in ascending order, so a doc that only ties the k-th score loses (ties go to
 * the lower doc), which lets both rules skip on equality. The result is exactly the exhaustive
 * one (a test compares them).
 */
import {
  DEFAULT_FIELD_B,
  DEFAULT_FIELD_WEIGHTS,
  docNorms,
  SearchIndexReader,
  type SearchIndexData,
  type TermBlocks,
} from '../format/search-index.ts';
import { normalizeText } from '../format/text/normalize.ts';
import { stem } from '../format/text/stem.ts';
import { tokenizeQuery } from '../format/text/tokenize.ts';
import { maxEdits, TermDictionary } from './search-terms.ts';
import type { SearchHit } from './search-top.ts';

/** Build-time defaults (the index header carries the values in force). */
export const FIELD_WEIGHTS = DEFAULT_FIELD_WEIGHTS;
export const FIELD_B = DEFAULT_FIELD_B;
/** BM25 term-frequency saturation, default 1.2 (range 0.5..2). */
export const K1 = 1.2;
/** Candidate weights: exact 1; a prefix completion and a fuzzy match count less, so exact wins. */
export const PREFIX_WEIGHT = 0.6;
export const FUZZY_WEIGHT = [1, 0.45, 0.3];
/** The last word completes to at most this many terms (the most frequent), default 32 (range 8..256: more = better recall of rare completions, slower). */
export const PREFIX_MAX_TERMS = 32;
/** A prefix needs at least this many letters (1 would expand to a large part of the dictionary). */
export const PREFIX_MIN_LENGTH = 2;
/** Sums of bounds are inflated by this factor before they may prune (float rounding of sums in another order). */
const SUM_SLACK = 1 + 1e-12;
/** Block bounds of at most this many terms are cached (they are read once per term otherwise). */
const BLOCK_CACHE_TERMS = 4096;
const END = 0xffffffff;

export interface SearchOptions {
  query: string;
  limit: number;
  /** Allowed docs (1 = allowed), e.g. the AND of filter bitmaps; absent = every doc. */
  allowed?: Uint8Array;
  /** Score every posting (no pruning): the reference the pruned path must equal (tests). */
  exhaustive?: boolean;
}

export type { SearchHit };

interface Candidate {
  term: number;
  weight: number;
  /** Allowed doc languages (index into ix.languages), or null for any. */
  langs: Uint8Array | null;
}

/** A position in one candidate's posting list, moved forward block by block. */
class Cursor {
  readonly term: number;
  readonly word: number;
  readonly scale: number;
  /** Upper bound of this list's score for any doc: scale · g(TermMax). */
  readonly ub: number;
  readonly langs: Uint8Array | null;
  readonly #ix: SearchIndexReader;
  readonly blocks: TermBlocks;
  /** Current block; `loaded` says whether its postings are in docs/tfs. */
  bi = 0;
  loaded = false;
  /** Within a loaded block: current position and doc (END when exhausted). */
  i = 0;
  doc = 0;
  /** Unloaded: the first doc ≥ target in block bi is the current posting. */
  target = 0;
  docs: Uint32Array = new Uint32Array(0);
  tfs: Uint8Array = new Uint8Array(0);
  readonly #docsBuf: Uint32Array;

  constructor(ix: SearchIndexReader, blocks: TermBlocks, term: number, word: number, scale: number, ub: number, langs: Uint8Array | null) {
    this.#ix = ix;
    this.blocks = blocks;
    this.term = term;
    this.word = word;
    this.scale = scale;
    this.ub = ub;
    this.langs = langs;
    this.#docsBuf = new Uint32Array(ix.blockSize);
    if (blocks.last.length === 0) this.doc = END;
  }

  get exhausted(): boolean {
    return this.doc === END;
  }

  /** A doc no posting at or after the cursor is below (exact when loaded). */
  get lowerBound(): number {
    if (this.loaded || this.doc === END) return this.doc;
    return Math.max(this.target, this.bi > 0 ? this.blocks.last[this.bi - 1]! + 1 : 0);
  }

  /** A fresh cursor over the same list, at its start. */
  clone(): Cursor {
    return new Cursor(this.#ix, this.blocks, this.term, this.word, this.scale, this.ub, this.langs);
  }

  /** Reads the current block and moves to its first doc ≥ target. */
  load(): void {
    if (this.loaded || this.doc === END) return;
    const b = this.#ix.block(this.term, this.bi, this.#docsBuf);
    this.docs = b.docs;
    this.tfs = b.tfs;
    this.loaded = true;
    let i = 0;
    const t = this.target;
    if (t > 0) {
      let hi = b.docs.length;
      while (i < hi) {
        const mid = (i + hi) >>> 1;
        if (b.docs[mid]! < t) i = mid + 1;
        else hi = mid;
      }
    }
    this.i = i;
    this.doc = b.docs[i]!; // the block's last doc is ≥ target by construction
  }

  next(): void {
    if (++this.i < this.docs.length) {
      this.doc = this.docs[this.i]!;
      return;
    }
    this.#toBlock(this.bi + 1, 0);
  }

  /** Moves (without reading) to the first posting with doc ≥ target: only block bounds are used. */
  shallowSeek(target: number): void {
    if (this.doc === END || (this.loaded && this.doc >= target)) return;
    if (!this.loaded && target <= this.target) return;
    const last = this.blocks.last;
    let b = this.bi;
    if (last[b]! < target) {
      // Gallop, then binary search, over the block bounds.
      let step = 1;
      let lo = b + 1;
      while (lo + step < last.length && last[lo + step]! < target) step *= 2;
      let hi = Math.min(last.length, lo + step + 1);
      while (lo < hi) {
        const mid = (lo + hi) >>> 1;
        if (last[mid]! < target) lo = mid + 1;
        else hi = mid;
      }
      b = lo;
    } else if (this.loaded) {
      // Same block: move within it.
      let i = this.i;
      let hi = this.docs.length;
      while (i < hi) {
        const mid = (i + hi) >>> 1;
        if (this.docs[mid]! < target) i = mid + 1;
        else hi = mid;
      }
      this.i = i;
      this.doc = this.docs[i]!;
      return;
    }
    this.#toBlock(b, target);
  }

  /** Moves to the first posting with doc ≥ target, reading its block. */
  seek(target: number): void {
    this.shallowSeek(target);
    this.load();
  }

  #toBlock(b: number, target: number): void {
    this.loaded = false;
    if (b >= this.blocks.last.length) {
      this.doc = END;
      return;
    }
    this.bi = b;
    this.target = target;
    this.doc = 0;
  }
}

export class Searcher {
  readonly ix: SearchIndexReader;
  readonly dict: TermDictionary;
  /** W_f / (1 − b_f + b_f · len_f / avg_f) per doc and field (the index's weights). */
  readonly #norms: Float32Array;
  readonly #blockCache = new Map<number, TermBlocks>();

  constructor(index: SearchIndexReader | SearchIndexData) {
    const ix = index instanceof SearchIndexReader ? index : SearchIndexReader.fromData(index);
    this.ix = ix;
    this.dict = new TermDictionary(ix.terms);
    this.#norms = docNorms(ix.lengths, ix.docCount, ix.avgFieldLengths, ix.fieldWeights, ix.fieldB);
  }

  #blocks(t: number): TermBlocks {
    let b = this.#blockCache.get(t);
    if (b) return b;
    b = this.ix.blocks(t);
    if (this.#blockCache.size >= BLOCK_CACHE_TERMS) this.#blockCache.delete(this.#blockCache.keys().next().value!);
    this.#blockCache.set(t, b);
    return b;
  }

  /** Candidate terms of one query word (see the module comment). */
  candidates(word: string, kind: 'word' | 'cjk1' | 'cjk2', last: boolean): Candidate[] {
    // One candidate per (term, weight); the same term at another weight (exact for one language,
    // a typo for another) stays a separate candidate, and the per-doc max picks the right one.
    const byTerm = new Map<string, Candidate>();
    const add = (term: number, weight: number, langs: Uint8Array | null) => {
      const key = `${term}:${weight}`;
      const c = byTerm.get(key);
      if (!c) return void byTerm.set(key, { term, weight, langs });
      if (!c.langs || !langs) c.langs = null;
      else c.langs = c.langs.map((x, i) => x | langs[i]!);
    };
    if (kind !== 'word') {
      const t = this.dict.id(word);
      if (t !== undefined) add(t, 1, null);
      return [...byTerm.values()];
    }
    // The word as each language of the dataset stems it.
    const L = this.ix.languages.length;
    const forms = new Map<string, Uint8Array>();
    this.ix.languages.forEach((lang, i) => {
      const s = stem(word, lang);
      let langs = forms.get(s);
      if (!langs) forms.set(s, (langs = new Uint8Array(L)));
      langs[i] = 1;
    });
    for (const [form, langs] of forms) {
      const t = this.dict.id(form);
      if (t !== undefined) add(t, 1, langs);
    }
    // Edits allowed by the shorter of word and stem: a 3-letter stem of a 5-letter word gets none.
    const letters = Array.from(word).length;
    for (const [form, langs] of forms) {
      const k = maxEdits(Math.min(letters, Array.from(form).length));
      if (k > 0) for (const [t, d] of this.dict.fuzzy(form, k)) add(t, FUZZY_WEIGHT[d] ?? 0, langs);
    }
    if (last && word.length >= PREFIX_MIN_LENGTH) {
      const { termStarts } = this.ix;
      const df = (t: number) => termStarts[t + 1]! - termStarts[t]!;
      const completions = this.dict.withPrefix(word).sort((a, b) => df(b) - df(a) || a - b);
      for (const t of completions.slice(0, PREFIX_MAX_TERMS)) add(t, PREFIX_WEIGHT, null);
    }
    return [...byTerm.values()];
  }

  search(opts: SearchOptions): SearchHit[] {
    const tokens = tokenizeQuery(normalizeText(opts.query));
    const seen = new Set<string>();
    const words = tokens.filter((t) => !seen.has(t.text) && seen.add(t.text));
    const lastWord = tokens.at(-1);
    const { termStarts, termMax, docCount: N } = this.ix;
    const limit = Math.max(0, opts.limit);
    if (limit === 0 || words.length === 0) return [];
    const exhaustive = opts.exhaustive === true;

    // Plan: each word's candidates, idf and an upper bound of what it can add to any doc.
    const cursors: Cursor[] = [];
    words.forEach((w, wi) => {
      const last = lastWord?.kind === 'word' && w.text === lastWord.text;
      const cands = this.candidates(w.text, w.kind, last);
      // One idf per word (like Lucene's "blended" rewrite): from its most frequent exact term, or
      // with no exact term from its most frequent expansion. A typo or completion that hits a rare
      // term must not outscore the word itself, nor a frequent expansion flatten an exact word.
      let df = 0;
      const exact = cands.some((c) => c.weight === 1);
      for (const c of cands) if (!exact || c.weight === 1) df = Math.max(df, termStarts[c.term + 1]! - termStarts[c.term]!);
      const idf = Math.log(1 + (N - df + 0.5) / (df + 0.5));
      for (const c of cands) {
        const scale = c.weight * idf;
        const m = termMax[c.term]!;
        cursors.push(new Cursor(this.ix, this.#blocks(c.term), c.term, wi, scale, (scale * m) / (K1 + m), c.langs));
      }
    });
    return this.#run(cursors, words.length, limit, opts.allowed, exhaustive);
  }

  /** Document-at-a-time scoring with MaxScore and block-max pruning (module comment). */
  #run(cursors: Cursor[], W: number, limit: number, allowed: Uint8Array | undefined, exhaustive: boolean): SearchHit[] {
    const F = this.ix.fields.length;
    const norms = this.#norms;
    const docLanguage = this.ix.docLanguage;
    const slack = W > 1 ? SUM_SLACK : 1;
    // MaxScore over lists: by bound ascending, a prefix of lists is "non-essential" while no doc
    // found only in them can reach θ: Σ over words of the largest bound of the word's lists in the
    // prefix (a word scores its best candidate, so its lists' bounds do not add up).
    const order = cursors.slice().sort((a, b) => a.ub - b.ub || a.word - b.word || a.term - b.term);
    const cum: number[] = [];
    {
      const m = new Float64Array(W);
      let sum = 0;
      for (const c of order) {
        sum += c.ub - m[c.word]!; // ascending: c.ub is the word's largest so far
        m[c.word] = c.ub;
        cum.push(sum * slack);
      }
    }
    let nonEss = 0; // order[0 .. nonEss) are non-essential
    let ess = cursors;
    const nonEssMax = new Float64Array(W); // per word: the largest bound of its non-essential lists
    const nonEssOf: Cursor[][] = Array.from({ length: W }, () => []); // strongest first

    const top: SearchHit[] = [];
    let theta = -Infinity; // the k-th score once the top is full
    let kthDoc = -1; // ... and its doc
    let done = false; // nothing unseen can beat θ any more
    const wordScore = new Float64Array(W);
    const blockWord = new Float64Array(W);
    // A doc whose score is at most `bound` and whose number is at least `low` cannot enter the
    // top: below θ, or equal to it but after the k-th doc (ties go to the lower doc).
    const cannotEnter = (bound: number, low: number) => top.length === limit && (bound < theta || (bound === theta && low > kthDoc));
    const offer = (d: number, total: number) => {
      if (total <= 0 || cannotEnter(total, d)) return;
      let at = top.length;
      while (at > 0 && (top[at - 1]!.score < total || (top[at - 1]!.score === total && top[at - 1]!.doc > d))) at--;
      top.splice(at, 0, { doc: d, score: total });
      if (top.length > limit) top.pop();
      if (top.length < limit) return;
      const kth = top[limit - 1]!;
      const raised = kth.score > theta;
      theta = kth.score;
      kthDoc = kth.doc;
      if (raised && !exhaustive && cum[nonEss]! < theta) {
        // MaxScore: lists whose cumulative bound is below θ leave the essential set.
        while (nonEss < order.length && cum[nonEss]! < theta) {
          const c = order[nonEss++]!;
          if (c.ub > nonEssMax[c.word]!) nonEssMax[c.word] = c.ub;
          nonEssOf[c.word]!.unshift(c);
        }
        if (nonEss === order.length) done = true;
        else ess = order.slice(nonEss);
      }
    };

    const score = (c: Cursor, d: number): number => {
      if (c.langs && !c.langs[docLanguage[d]!]) return 0;
      const at = c.i * F;
      const tfs = c.tfs;
      let x = 0;
      const n = d * F;
      for (let f = 0; f < F; f++) x += tfs[at + f]! * norms[n + f]!;
      x = Math.fround(x);
      return (c.scale * x) / (K1 + x);
    };

    // Seeding: the docs of the strongest list's best block are scored in full first, so that θ
    // starts high and the pruning rules bite from the first doc. They are not scored again.
    let seeded: Set<number> | undefined;
    const strongest = order.at(-1);
    if (!exhaustive && strongest && strongest.blocks.max.length > 1) {
      const maxes = strongest.blocks.max;
      let best = 0;
      for (let b = 1; b < maxes.length; b++) if (maxes[b]! > maxes[best]!) best = b;
      const probe = strongest.clone();
      probe.shallowSeek(best > 0 ? strongest.blocks.last[best - 1]! + 1 : 0);
      probe.load();
      const docs = Array.from(probe.docs.subarray(probe.i)).filter((d) => !allowed || allowed[d]);
      seeded = new Set(docs);
      const probes = cursors.map((c) => c.clone());
      for (const d of docs) {
        wordScore.fill(0);
        for (const c of probes) {
          c.seek(d);
          if (c.doc === d) {
            const x = score(c, d);
            if (x > wordScore[c.word]!) wordScore[c.word] = x;
          }
        }
        let total = 0;
        for (let w = 0; w < W; w++) total += wordScore[w]!;
        offer(d, total);
      }
    }

    for (;;) {
      if (done) break;
      if (!exhaustive && top.length === limit) {
        // Block-max: every doc in [lowest essential doc, e) scores at most, per word, the larger
        // of its essential lists' current block bounds and its non-essential bound.
        let e = END;
        blockWord.set(nonEssMax);
        let any = false;
        for (const c of ess) {
          if (c.doc === END) continue;
          any = true;
          const last = c.blocks.last[c.bi]!;
          if (last + 1 < e) e = last + 1;
          const m = c.blocks.max[c.bi]!;
          const s = (c.scale * m) / (K1 + m);
          if (s > blockWord[c.word]!) blockWord[c.word] = s;
        }
        if (!any) break;
        let bound = 0;
        for (let w = 0; w < W; w++) bound += blockWord[w]!;
        let low = END;
        for (const c of ess) if (c.lowerBound < low) low = c.lowerBound;
        if (cannotEnter(bound * slack, low)) {
          for (const c of ess) c.shallowSeek(e);
          continue;
        }
      }

      // The next doc: read the blocks of the lists that may hold it.
      let d = END;
      for (const c of ess) {
        if (c.loaded) {
          if (c.doc < d) d = c.doc;
        } else if (c.doc !== END && c.lowerBound <= d) {
          c.load();
          if (c.doc < d) d = c.doc;
        }
      }
      if (d === END) break;
      if (allowed && !allowed[d]) {
        for (const c of ess) if (c.loaded && c.doc === d) c.next();
        continue;
      }

      // Essential lists: the best candidate at d per word.
      wordScore.fill(0);
      for (const c of ess) {
        if (!c.loaded || c.doc !== d) continue;
        const s = score(c, d);
        if (s > wordScore[c.word]!) wordScore[c.word] = s;
        c.next();
      }
      // Non-essential lists, word by word, while d can still beat θ.
      if (nonEss > 0) {
        let upper = 0;
        for (let w = 0; w < W; w++) upper += Math.max(wordScore[w]!, nonEssMax[w]!);
        let dropped = false;
        for (let w = 0; w < W && !dropped; w++) {
          if (nonEssMax[w]! <= wordScore[w]!) continue;
          if (cannotEnter(upper * slack, d)) {
            dropped = true;
            break;
          }
          let best = wordScore[w]!;
          for (const c of nonEssOf[w]!) {
            if (c.ub <= best) break;
            c.seek(d);
            if (c.doc === d) {
              const s = score(c, d);
              if (s > best) best = s;
            }
          }
          upper += best - nonEssMax[w]!;
          wordScore[w] = best;
        }
        if (dropped || cannotEnter(upper * slack, d)) continue;
      }
      // The exact score: word scores summed in query order (the same sum as exhaustive scoring).
      let total = 0;
      for (let w = 0; w < W; w++) total += wordScore[w]!;
      if (!seeded?.has(d)) offer(d, total);
      if (done) break;
    }
    return top;
  }
}
