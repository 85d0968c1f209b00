/**
 * Query planning: each query word's candidate terms (exact per language, fuzzy, prefix), grouped
 * into one posting list per term with a scale per doc language, and the cursors of a query
 * (with an allowed-doc mask, only the languages of allowed docs count). See README.md § Plan.
 */
import type { SearchIndexReader } from '../../format/search-index.ts';
import { stem } from '../../format/text/stem.ts';
import type { Token } from '../../format/text/tokenize.ts';
import { FifoCache } from '../fifo-cache.ts';
import { idf, saturation } from './bm25.ts';
import { Cursor } from './cursor.ts';
import { FUZZY_WEIGHT, PLAN_CACHE_WORDS, PREFETCH_POSTINGS_BYTES, PREFIX_MAX_TERMS, PREFIX_MIN_LENGTH, PREFIX_WEIGHT } from './knobs.ts';
import type { Postings } from './postings.ts';
import { typoEdits, type TermDictionary } from './terms.ts';

export interface Candidate {
  term: number;
  weight: number;
  /** Allowed doc languages (index into ix.languages), or null for any. */
  langs: Uint8Array | null;
}

/** A list's scales per doc language, with what a Cursor reads off them (computed once per planned list). */
export interface Scales {
  /** Per doc language: weight · idf of the best candidate allowing it (0: none). */
  scale: Float64Array;
  maxScale: number;
  /** The scale when every language has the same one, else −1. */
  uniform: number;
  /** The distinct values of scale (usually 1 to 3), and per language the index of its own in them. */
  scales: number[];
  scaleOf: Uint8Array;
  /** 1 / each of scales (Infinity for 0). */
  inverses: number[];
}

export function scalesOf(scale: Float64Array): Scales {
  let maxScale = 0;
  let min = Infinity;
  for (let l = 0; l < scale.length; l++) {
    const s = scale[l]!;
    if (s > maxScale) maxScale = s;
    if (s < min) min = s;
  }
  const scales: number[] = [];
  const scaleOf = new Uint8Array(scale.length);
  for (let l = 0; l < scale.length; l++) {
    let j = scales.indexOf(scale[l]!);
    if (j < 0) j = scales.push(scale[l]!) - 1;
    scaleOf[l] = j;
  }
  return { scale, maxScale, uniform: maxScale === min ? maxScale : -1, scales, scaleOf, inverses: scales.map((v) => 1 / v) };
}

/** One posting list of a query word. */
export interface WordList {
  term: number;
  scales: Scales;
  ub: number;
}

/** What search reads off an allowed-doc mask: per language 1 when some allowed doc has it, and the share and number of docs allowed. */
export interface MaskStats {
  langs: Uint8Array;
  share: number;
  count: number;
  /** The allowed docs, ascending: listed on first need (term at a time over a dense form). */
  docs?: Uint32Array;
}

type WordKind = Token['kind'];

export class QueryPlanner {
  readonly #ix: SearchIndexReader;
  readonly #dict: TermDictionary;
  readonly #postings: Postings;
  /** Planned query words (candidates are a dictionary scan: typos), FIFO, at most PLAN_CACHE_WORDS. */
  readonly #plans = new FifoCache<string, readonly WordList[]>(PLAN_CACHE_WORDS);
  readonly #maskStats = new WeakMap<Uint8Array, MaskStats>();

  constructor(postings: Postings, dict: TermDictionary) {
    this.#ix = postings.ix;
    this.#postings = postings;
    this.#dict = dict;
  }

  /**
   * Each word's lists (cached per word) as cursors, with an upper bound of what they add to any
   * doc. With a mask, only the languages of allowed docs matter: a list's scales for the others
   * are raised or lowered to its largest allowed one (no allowed doc is scored with them), so the
   * bounds (MaxScore, block-max) are those of the allowed docs, and a list with none is dropped.
   */
  cursors(words: readonly Token[], lastWord: Token | undefined, mask: MaskStats | null): Cursor[] {
    const langs = mask?.langs;
    const termMax = this.#ix.termMax;
    const cursors: Cursor[] = [];
    const plans = words.map((w) => this.wordPlan(w.text, w.kind, lastWord?.kind === 'word' && w.text === lastWord.text));
    // Over ranges (the offline client), what these terms will read, in one round; nothing in memory.
    if (this.#ix.byRange) this.#ix.prefetch(plans.flat().map((l) => l.term), PREFETCH_POSTINGS_BYTES);
    words.forEach((w, wi) => {
      for (const l of plans[wi]!) {
        let { scales, ub } = l;
        if (langs) {
          const scale = scales.scale;
          let m = 0;
          for (let k = 0; k < scale.length; k++) if (langs[k] && scale[k]! > m) m = scale[k]!;
          if (m <= 0) continue;
          let same = true;
          for (let k = 0; k < scale.length; k++) if (!langs[k] && scale[k] !== m) same = false;
          if (!same) {
            scales = scalesOf(scale.map((v, k) => (langs[k] ? v : m)));
            ub = saturation(m, termMax[l.term]!);
          }
        }
        cursors.push(new Cursor(l.term, wi, scales, ub, this.#postings.bounds(l.term), this.#postings));
      }
    });
    return cursors;
  }

  /** Candidate terms of one query word (README.md § Plan). */
  candidates(word: string, kind: WordKind, last: boolean): Candidate[] {
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
    const dict = this.#dict;
    if (kind !== 'word') {
      const t = dict.id(word);
      if (t !== undefined) add(t, 1, null);
      return [...byTerm.values()];
    }
    // The word as each language of the dataset stems it.
    const L = this.#ix.languages.length;
    const forms = new Map<string, Uint8Array>();
    this.#ix.languages.forEach((lang, i) => {
      const s = stem(word, lang);
      let langs = forms.get(s);
      if (!langs) forms.set(s, (langs = new Uint8Array(L)));
      langs[i] = 1;
    });
    for (const [form, langs] of forms) {
      const t = dict.id(form);
      if (t !== undefined) add(t, 1, langs);
    }
    for (const [form, langs] of forms) {
      const k = typoEdits(word, form);
      if (k > 0) for (const [t, d] of dict.fuzzy(form, k)) add(t, FUZZY_WEIGHT[d] ?? 0, langs);
    }
    if (last && word.length >= PREFIX_MIN_LENGTH) {
      const { termStarts } = this.#ix;
      const df = (t: number) => termStarts[t + 1]! - termStarts[t]!;
      const completions = dict.withPrefix(word).sort((a, b) => df(b) - df(a) || a - b);
      for (const t of completions.slice(0, PREFIX_MAX_TERMS)) add(t, PREFIX_WEIGHT, null);
    }
    return [...byTerm.values()];
  }

  /** A word's posting lists: its candidates grouped by term, with scales per language and bounds. */
  wordPlan(word: string, kind: WordKind, last: boolean): readonly WordList[] {
    const key = `${kind}:${last ? 1 : 0}:${word}`;
    const cached = this.#plans.get(key);
    if (cached) return cached;
    const { termStarts, termMax, docCount: N } = this.#ix;
    const L = this.#ix.languages.length;
    const cands = this.candidates(word, kind, last);
    // One idf per word (like Lucene's "blended" rewrite): from its most frequent exact term, or
    // with no exact term from its most frequent expansion. A typo or completion that hits a rare
    // term must not outscore the word itself, nor a frequent expansion flatten an exact word.
    let df = 0;
    const exact = cands.some((c) => c.weight === 1);
    for (const c of cands) if (!exact || c.weight === 1) df = Math.max(df, termStarts[c.term + 1]! - termStarts[c.term]!);
    const wordIdf = idf(N, df);
    // One list per term: per language the largest weight · idf (scores are monotone in it).
    const scales = new Map<number, Float64Array>();
    for (const c of cands) {
      const s = c.weight * wordIdf;
      let scale = scales.get(c.term);
      if (!scale) scales.set(c.term, (scale = new Float64Array(L)));
      for (let l = 0; l < L; l++) if ((!c.langs || c.langs[l]) && s > scale[l]!) scale[l] = s;
    }
    const lists: WordList[] = [];
    for (const [term, scale] of scales) {
      let maxScale = 0;
      for (const s of scale) if (s > maxScale) maxScale = s;
      if (maxScale <= 0) continue;
      lists.push({ term, scales: scalesOf(scale), ub: saturation(maxScale, termMax[term]!) });
    }
    this.#plans.add(key, lists);
    return lists;
  }

  /** Per language, 1 when some allowed doc has it, and the share of allowed docs (cached per mask: masks are shared, not changed). */
  maskStats(allowed: Uint8Array): MaskStats {
    const hit = this.#maskStats.get(allowed);
    if (hit) return hit;
    const docLanguage = this.#ix.docLanguage;
    const langs = new Uint8Array(this.#ix.languages.length);
    const n = Math.min(allowed.length, docLanguage.length);
    let count = 0;
    for (let d = 0; d < n; d++) {
      if (allowed[d] === 0) continue;
      langs[docLanguage[d]!] = 1;
      count++;
    }
    const stats: MaskStats = { langs, share: n > 0 ? count / n : 0, count };
    this.#maskStats.set(allowed, stats);
    return stats;
  }
}
