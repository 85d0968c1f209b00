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
import { CJK_CHAR, CJK_RUN_CHAR, MAX_WORD_LENGTH, tokenize, WORD_CHAR, wordClasses } from '../../runtime/format/text/tokenize.ts';
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

/** Whether text has a UTF-16 surrogate (the full tokenizer then runs). */
function hasSurrogate(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c >= 0xd800 && c <= 0xdfff) return true;
  }
  return false;
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
const HASH_SEED = 0x811c9dc5;
/** FNV-1a over code units, then the language: the token table's hash. */
const mixLanguage = (h: number, lang: number) => {
  h = Math.imul(h ^ lang, 16777619);
  return (h ^ (h >>> 15)) | 0;
};

/**
 * (language, token) → term id, an open-addressing hash table over the tokens' code units: a
 * token is looked up by its range in the text, with no string made for it (only a new token
 * is sliced, stemmed and interned).
 */
class TokenTable {
  /** Per slot 4 × i32: term id (−1: empty), hash, start in #pool, length | language << 16. */
  #slots = new Int32Array(4 << 16).fill(-1);
  #mask = (1 << 16) - 1;
  #pool = new Uint16Array(1 << 20);
  #poolUsed = 0;
  #size = 0;

  /** The id of text[i, j) in language `lang` (hash h), or −1. */
  get(text: string, i: number, j: number, lang: number, h: number): number {
    const mask = this.#mask;
    const slots = this.#slots;
    const n = j - i;
    const key = n | (lang << 16);
    for (let slot = h & mask; ; slot = (slot + 1) & mask) {
      const at = slot << 2;
      const id = slots[at]!;
      if (id < 0) return -1;
      if (slots[at + 1] !== h || slots[at + 3] !== key) continue;
      const pool = this.#pool;
      const start = slots[at + 2]!;
      let k = 0;
      while (k < n && pool[start + k] === text.charCodeAt(i + k)) k++;
      if (k === n) return id;
    }
  }

  set(text: string, i: number, j: number, lang: number, h: number, id: number): void {
    if (2 * (this.#size + 1) > this.#mask) this.#grow();
    const n = j - i;
    if (this.#poolUsed + n > this.#pool.length) {
      const pool = new Uint16Array(Math.max(2 * this.#pool.length, this.#poolUsed + n));
      pool.set(this.#pool);
      this.#pool = pool;
    }
    const start = this.#poolUsed;
    for (let k = 0; k < n; k++) this.#pool[start + k] = text.charCodeAt(i + k);
    this.#poolUsed += n;
    this.#put(id, h, start, n | (lang << 16));
    this.#size++;
  }

  #put(id: number, h: number, start: number, key: number): void {
    const mask = this.#mask;
    const slots = this.#slots;
    let slot = h & mask;
    while (slots[slot << 2]! >= 0) slot = (slot + 1) & mask;
    const at = slot << 2;
    slots[at] = id;
    slots[at + 1] = h;
    slots[at + 2] = start;
    slots[at + 3] = key;
  }

  #grow(): void {
    const old = this.#slots;
    this.#slots = new Int32Array(2 * old.length).fill(-1);
    this.#mask = (old.length >>> 1) - 1;
    for (let at = 0; at < old.length; at += 4) if (old[at]! >= 0) this.#put(old[at]!, old[at + 1]!, old[at + 2]!, old[at + 3]!);
  }
}

/**
 * Accumulates the index one doc at a time (docs ascending) in typed arrays: each distinct token
 * is stemmed and interned once per language (a hash table from (language, token) to term id,
 * looked up on the text's code units), each posting costs 13 bytes (term id, doc, five tf
 * bytes), and the postings are grouped by term with one stable counting sort at the end, so
 * each term's docs stay ascending. The terms are exactly those of analyze()
 * (runtime/format/text): text without CJK or surrogates takes a scanner with the same result.
 */
export class SearchIndexBuilder {
  readonly #docCount: number;
  readonly #termIds = new Map<string, number>();
  readonly #termStrings: string[] = [];
  #termCounts = new Uint32Array(1024);
  readonly #chunks: PostingChunk[] = [];
  #fill = CHUNK;
  readonly #languageIds = new Map<string, number>();
  readonly #tokens = new TokenTable();
  readonly #docLanguage: Uint8Array;
  readonly #lengths: Uint16Array;
  #added = 0;
  // Per-doc accumulation: slot of a term in this doc (valid when #seenIn[term] === doc + 1).
  #seenIn = new Uint32Array(1024);
  #slotOf = new Uint32Array(1024);
  #docTerms = new Uint32Array(256);
  #docTfs = new Uint8Array(256 * FIELD_COUNT);
  /** Distinct terms in the current doc, and its mark (doc + 1). */
  #n = 0;
  #mark = 0;

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

  /** The term id of token text[i, j) (hash h) in language `lang`: stemmed when it is a word. */
  #termOf(text: string, i: number, j: number, lang: number, language: string, h: number, word: boolean): number {
    const id = this.#tokens.get(text, i, j, lang, h);
    if (id >= 0) return id;
    const token = text.slice(i, j);
    const t = this.#intern(word ? stem(token, language) : token);
    this.#tokens.set(text, i, j, lang, h, t);
    return t;
  }

  /** Counts one occurrence of term `id` in field f of the current doc. */
  #count(id: number, f: number): void {
    const F = FIELD_COUNT;
    let slot: number;
    if (this.#seenIn[id] === this.#mark) slot = this.#slotOf[id]!;
    else {
      slot = this.#n++;
      this.#seenIn[id] = this.#mark;
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
  }

  /**
   * tokenize() on text without surrogates, from the code-unit classes (wordClasses): words are
   * runs of letters, marks and digits; a run with a CJK character is cut into CJK runs (their
   * unigrams and bigrams) and the pieces between them (words). Returns the number of terms.
   */
  #scan(text: string, f: number, lang: number, language: string): number {
    const classes = wordClasses();
    const len = text.length;
    let count = 0;
    const word = (i: number, j: number) => {
      if (j - i > MAX_WORD_LENGTH) return;
      let h = HASH_SEED;
      for (let k = i; k < j; k++) h = Math.imul(h ^ text.charCodeAt(k), 16777619);
      this.#count(this.#termOf(text, i, j, lang, language, mixLanguage(h, lang), true), f);
      count++;
    };
    const gram = (i: number, j: number) => {
      let h = HASH_SEED;
      for (let k = i; k < j; k++) h = Math.imul(h ^ text.charCodeAt(k), 16777619);
      this.#count(this.#termOf(text, i, j, lang, language, mixLanguage(h, lang), false), f);
      count++;
    };
    for (let i = 0; i < len; ) {
      if (!(classes[text.charCodeAt(i)]! & WORD_CHAR)) {
        i++;
        continue;
      }
      let j = i;
      let cjk = 0;
      for (let c: number; j < len && (c = classes[text.charCodeAt(j)]!) & WORD_CHAR; j++) cjk |= c;
      if (!(cjk & CJK_CHAR)) word(i, j);
      else {
        let at = i;
        for (let k = i; k < j; ) {
          if (!(classes[text.charCodeAt(k)]! & CJK_RUN_CHAR)) {
            k++;
            continue;
          }
          const r = k;
          while (k < j && classes[text.charCodeAt(k)]! & CJK_RUN_CHAR) k++;
          if (r > at) word(at, r);
          for (let p = r; p < k; p++) {
            gram(p, p + 1);
            if (p + 1 < k) gram(p, p + 2);
          }
          at = k;
        }
        if (j > at) word(at, j);
      }
      i = j;
    }
    return count;
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
    const language = r.language;
    this.#mark = doc + 1;
    this.#n = 0;
    const texts = fieldTexts(r);
    for (let f = 0; f < F; f++) {
      let count = 0;
      const text = normalizeText(texts[f]!);
      const len = text.length;
      if (ASCII.test(text)) {
        // tokenize() on ASCII: maximal runs of [A-Za-z0-9], words over MAX_WORD_LENGTH dropped.
        for (let i = 0; i < len; ) {
          let c = text.charCodeAt(i);
          if (!isWordCode(c)) {
            i++;
            continue;
          }
          let h = HASH_SEED;
          let j = i;
          do {
            h = Math.imul(h ^ c, 16777619);
            c = ++j < len ? text.charCodeAt(j) : 0;
          } while (j < len && isWordCode(c));
          if (j - i <= MAX_WORD_LENGTH) {
            this.#count(this.#termOf(text, i, j, lang, language, mixLanguage(h, lang), true), f);
            count++;
          }
          i = j;
        }
      } else if (!hasSurrogate(text)) {
        count += this.#scan(text, f, lang, language);
      } else {
        for (const t of tokenize(text)) {
          const s = t.text;
          let h = HASH_SEED;
          for (let k = 0; k < s.length; k++) h = Math.imul(h ^ s.charCodeAt(k), 16777619);
          this.#count(this.#termOf(s, 0, s.length, lang, language, mixLanguage(h, lang), t.kind === 'word'), f);
          count++;
        }
      }
      this.#lengths[doc * F + f] = Math.min(count, MAX_FIELD_LENGTH);
    }
    const n = this.#n;
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
      const tfs = chunk.tfs;
      const docTfs = this.#docTfs;
      for (let f = 0, a = this.#fill * F, b = k * F; f < F; f++) tfs[a + f] = docTfs[b + f]!;
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
