/**
 * Compiles the search index (FORMAT.md § 15): every recipe's searchable fields are analysed
 * (runtime/format/text: normalise, tokenise, stem by the recipe's language) into per-field term
 * frequencies, accumulated doc by doc in typed arrays, then written as a sorted term dictionary
 * with column postings. Deterministic: terms sorted by code units, postings by doc, no Map-order
 * or locale dependence.
 */
import { PATHS } from '../../runtime/format/constants.ts';
import type { Recipe } from '../../runtime/format/recipe.ts';
import {
  averageFieldLengths,
  encodeSearchIndex,
  FIELD_COUNT,
  MAX_FIELD_LENGTH,
  MAX_TF,
  SEARCH_FIELDS,
  type SearchIndexData,
} from '../../runtime/format/search-index.ts';
import { normalizeText } from '../../runtime/format/text/normalize.ts';
import { stem } from '../../runtime/format/text/stem.ts';
import { MAX_WORD_LENGTH, tokenize } from '../../runtime/format/text/tokenize.ts';
import type { PartWriter } from './types.ts';

/** The text of each field (SEARCH_FIELDS order) of one recipe. Slugs ("main-course") split at hyphens. */
export function fieldTexts(r: Recipe): string[] {
  return [
    r.title,
    r.ingredients.map((i) => i.name).join('\n'),
    [...r.tags, ...r.categories, ...r.cuisines, ...r.courses].join('\n'),
    r.description,
    r.instructions.map((s) => s.text).join('\n'),
  ];
}

const compare = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** Postings are appended in chunks of this many (term, doc, tf×5) entries: no doubling copies. */
const CHUNK = 1 << 18;

interface PostingChunk {
  terms: Uint32Array;
  docs: Uint32Array;
  tfs: Uint8Array;
}

const newChunk = (): PostingChunk => ({ terms: new Uint32Array(CHUNK), docs: new Uint32Array(CHUNK), tfs: new Uint8Array(CHUNK * FIELD_COUNT) });

const ASCII = /^[\x00-\x7f]*$/;
const isWordCode = (c: number) => (c >= 97 && c <= 122) || (c >= 48 && c <= 57) || (c >= 65 && c <= 90);

/**
 * Accumulates the index one doc at a time (docs ascending) in typed arrays: each distinct token
 * is stemmed and interned once per language (a cache from token to term id), each posting costs
 * 13 bytes (term id, doc, five tf bytes), and the postings are grouped by term with one stable
 * counting sort at the end, so each term's docs stay ascending. The terms are exactly those of
 * analyze() (runtime/format/text): ASCII text takes a scanner with the same result.
 */
export class SearchIndexBuilder {
  readonly #docCount: number;
  readonly #termIds = new Map<string, number>();
  readonly #termStrings: string[] = [];
  #termCounts = new Uint32Array(1024);
  readonly #chunks: PostingChunk[] = [];
  #fill = CHUNK;
  readonly #languageIds = new Map<string, number>();
  /** Per language: normalised token → term id (its stem's, or its own for CJK grams). */
  readonly #tokenIds = new Map<string, Map<string, number>>();
  readonly #docLanguage: Uint8Array;
  readonly #lengths: Uint16Array;
  #added = 0;
  // Per-doc accumulation: slot of a term in this doc (valid when #seenIn[term] === doc + 1).
  #seenIn = new Uint32Array(1024);
  #slotOf = new Uint32Array(1024);
  #docTerms = new Uint32Array(256);
  #docTfs = new Uint8Array(256 * FIELD_COUNT);

  constructor(docCount: number) {
    this.#docCount = docCount;
    this.#docLanguage = new Uint8Array(docCount);
    this.#lengths = new Uint16Array(docCount * FIELD_COUNT);
  }

  #intern(term: string): number {
    let id = this.#termIds.get(term);
    if (id !== undefined) return id;
    id = this.#termStrings.length;
    this.#termIds.set(term, id);
    this.#termStrings.push(term);
    if (id >= this.#termCounts.length) {
      const grow = (a: Uint32Array) => {
        const b = new Uint32Array(a.length * 2);
        b.set(a);
        return b;
      };
      this.#termCounts = grow(this.#termCounts);
      this.#seenIn = grow(this.#seenIn);
      this.#slotOf = grow(this.#slotOf);
    }
    return id;
  }

  add(doc: number, r: Recipe): void {
    if (doc !== this.#added || doc >= this.#docCount) throw new Error(`search index: doc ${doc} out of order`);
    this.#added++;
    const F = FIELD_COUNT;
    let lang = this.#languageIds.get(r.language);
    if (lang === undefined) {
      lang = this.#languageIds.size;
      if (lang > 255) throw new Error('search index: more than 255 languages');
      this.#languageIds.set(r.language, lang);
    }
    this.#docLanguage[doc] = lang;
    let cache = this.#tokenIds.get(r.language);
    if (!cache) this.#tokenIds.set(r.language, (cache = new Map()));
    const language = r.language;
    const mark = doc + 1;
    let n = 0; // distinct terms in this doc
    const texts = fieldTexts(r);
    for (let f = 0; f < F; f++) {
      let count = 0;
      const hit = (token: string, word: boolean) => {
        let id = cache.get(token);
        if (id === undefined) {
          id = this.#intern(word ? stem(token, language) : token);
          cache.set(token, id);
        }
        count++;
        let slot: number;
        if (this.#seenIn[id] === mark) slot = this.#slotOf[id]!;
        else {
          slot = n++;
          this.#seenIn[id] = mark;
          this.#slotOf[id] = slot;
          if (slot >= this.#docTerms.length) {
            const t = new Uint32Array(this.#docTerms.length * 2);
            t.set(this.#docTerms);
            this.#docTerms = t;
            const u = new Uint8Array(this.#docTfs.length * 2);
            u.set(this.#docTfs);
            this.#docTfs = u;
          }
          this.#docTerms[slot] = id;
          this.#docTfs.fill(0, slot * F, slot * F + F);
        }
        const at = slot * F + f;
        if (this.#docTfs[at]! < MAX_TF) this.#docTfs[at]!++;
      };
      const text = normalizeText(texts[f]!);
      if (ASCII.test(text)) {
        // tokenize() on ASCII: maximal runs of [A-Za-z0-9], words over MAX_WORD_LENGTH dropped.
        for (let i = 0; i < text.length; ) {
          if (!isWordCode(text.charCodeAt(i))) {
            i++;
            continue;
          }
          let j = i + 1;
          while (j < text.length && isWordCode(text.charCodeAt(j))) j++;
          if (j - i <= MAX_WORD_LENGTH) hit(text.slice(i, j), true);
          i = j;
        }
      } else {
        for (const t of tokenize(text)) hit(t.text, t.kind === 'word');
      }
      this.#lengths[doc * F + f] = Math.min(count, MAX_FIELD_LENGTH);
    }
    for (let k = 0; k < n; k++) {
      const id = this.#docTerms[k]!;
      this.#termCounts[id]!++;
      if (this.#fill === CHUNK) {
        this.#chunks.push(newChunk());
        this.#fill = 0;
      }
      const chunk = this.#chunks[this.#chunks.length - 1]!;
      chunk.terms[this.#fill] = id;
      chunk.docs[this.#fill] = doc;
      chunk.tfs.set(this.#docTfs.subarray(k * F, k * F + F), this.#fill * F);
      this.#fill++;
    }
  }

  /** The finished index; the builder is spent afterwards. */
  data(): SearchIndexData {
    const N = this.#added;
    if (N !== this.#docCount) throw new Error(`search index: ${N} of ${this.#docCount} docs added`);
    const languages = [...this.#languageIds.keys()].sort(compare);
    const remap = new Uint8Array(256);
    for (const [l, id] of this.#languageIds) remap[id] = languages.indexOf(l);
    const docLanguage = this.#docLanguage.map((id) => remap[id]!);
    const T = this.#termStrings.length;
    this.#termIds.clear();
    this.#tokenIds.clear();
    const order = Array.from({ length: T }, (_, i) => i).sort((a, b) => compare(this.#termStrings[a]!, this.#termStrings[b]!));
    const terms = order.map((id) => this.#termStrings[id]!);
    const termStarts = new Uint32Array(T + 1);
    const cursor = new Uint32Array(T); // by term id: next free posting slot
    let P = 0;
    order.forEach((id, i) => {
      termStarts[i] = P;
      cursor[id] = P;
      P += this.#termCounts[id]!;
    });
    termStarts[T] = P;
    const docs = new Uint32Array(P);
    const tfs = new Uint8Array(P * FIELD_COUNT);
    const chunks = this.#chunks.splice(0);
    chunks.forEach((chunk, c) => {
      const n = c === chunks.length - 1 ? this.#fill : CHUNK;
      const F = FIELD_COUNT;
      const ctfs = chunk.tfs;
      for (let j = 0; j < n; j++) {
        const p = cursor[chunk.terms[j]!]!++;
        docs[p] = chunk.docs[j]!;
        for (let f = 0, a = p * F, b = j * F; f < F; f++) tfs[a + f] = ctfs[b + f]!;
      }
      chunks[c] = undefined as unknown as PostingChunk; // release as we go
    });
    return {
      fields: SEARCH_FIELDS,
      languages,
      docCount: N,
      terms,
      termStarts,
      docs,
      tfs,
      lengths: this.#lengths,
      docLanguage,
      avgFieldLengths: averageFieldLengths(this.#lengths, N, FIELD_COUNT),
    };
  }
}

export function buildSearchIndex(recipes: readonly Recipe[]): SearchIndexData {
  const builder = new SearchIndexBuilder(recipes.length);
  recipes.forEach((r, doc) => builder.add(doc, r));
  return builder.data();
}

export const searchWriter: PartWriter = {
  name: 'search index',
  begin({ recipeCount, emit }) {
    const builder = new SearchIndexBuilder(recipeCount);
    return {
      add: (doc, recipe) => builder.add(doc, recipe),
      finish: () => emit(PATHS.searchIndex, encodeSearchIndex(builder.data())),
    };
  },
};
