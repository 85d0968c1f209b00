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
import { analyze } from '../../runtime/format/text/analyze.ts';
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

/**
 * Accumulates the index one doc at a time (docs ascending) in typed arrays: each term string is
 * interned once, each posting costs 13 bytes (term id, doc, five tf bytes), and the postings are
 * grouped by term with one stable counting sort at the end, so each term's docs stay ascending.
 */
export class SearchIndexBuilder {
  readonly #docCount: number;
  readonly #termIds = new Map<string, number>();
  readonly #termStrings: string[] = [];
  readonly #termCounts: number[] = [];
  readonly #chunks: PostingChunk[] = [];
  #fill = CHUNK;
  readonly #languageIds = new Map<string, number>();
  readonly #docLanguage: Uint8Array;
  readonly #lengths: Uint16Array;
  #added = 0;

  constructor(docCount: number) {
    this.#docCount = docCount;
    this.#docLanguage = new Uint8Array(docCount);
    this.#lengths = new Uint16Array(docCount * FIELD_COUNT);
  }

  add(doc: number, r: Recipe): void {
    if (doc !== this.#added || doc >= this.#docCount) throw new Error(`search index: doc ${doc} out of order`);
    this.#added++;
    let lang = this.#languageIds.get(r.language);
    if (lang === undefined) {
      lang = this.#languageIds.size;
      if (lang > 255) throw new Error('search index: more than 255 languages');
      this.#languageIds.set(r.language, lang);
    }
    this.#docLanguage[doc] = lang;
    const perTerm = new Map<string, Uint8Array>();
    fieldTexts(r).forEach((text, f) => {
      const terms = analyze(text, r.language);
      this.#lengths[doc * FIELD_COUNT + f] = Math.min(terms.length, MAX_FIELD_LENGTH);
      for (const t of terms) {
        let tf = perTerm.get(t);
        if (!tf) perTerm.set(t, (tf = new Uint8Array(FIELD_COUNT)));
        tf[f] = Math.min(tf[f]! + 1, MAX_TF);
      }
    });
    for (const [t, tf] of perTerm) {
      let id = this.#termIds.get(t);
      if (id === undefined) {
        id = this.#termStrings.length;
        this.#termIds.set(t, id);
        this.#termStrings.push(t);
        this.#termCounts.push(0);
      }
      this.#termCounts[id]!++;
      if (this.#fill === CHUNK) {
        this.#chunks.push(newChunk());
        this.#fill = 0;
      }
      const chunk = this.#chunks[this.#chunks.length - 1]!;
      chunk.terms[this.#fill] = id;
      chunk.docs[this.#fill] = doc;
      chunk.tfs.set(tf, this.#fill * FIELD_COUNT);
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
      for (let j = 0; j < n; j++) {
        const p = cursor[chunk.terms[j]!]!++;
        docs[p] = chunk.docs[j]!;
        tfs.set(chunk.tfs.subarray(j * FIELD_COUNT, (j + 1) * FIELD_COUNT), p * FIELD_COUNT);
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
