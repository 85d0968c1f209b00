/**
 * Compiles the search index (FORMAT.md § 15): every recipe's searchable fields are analysed
 * (runtime/format/text: normalise, tokenise, stem by the recipe's language) into per-field term
 * frequencies, accumulated doc by doc in typed arrays, then written as a sorted term dictionary
 * with column postings. Deterministic: terms sorted by code units, postings by doc, no Map-order
 * or locale dependence.
 */
import { PATHS } from '../../runtime/format/constants.ts';
import { alignUp, encodeContainer } from '../../runtime/format/container.ts';
import type { Recipe } from '../../runtime/format/recipe.ts';
import {
  averageFieldLengths,
  blockCountOf,
  DEFAULT_FIELD_B,
  DEFAULT_FIELD_WEIGHTS,
  docNorms,
  FIELD_COUNT,
  MAX_FIELD_LENGTH,
  MAX_TF,
  SEARCH_BLOCK_SIZE,
  SEARCH_FIELDS,
  tfTilde,
  type SearchIndexData,
} from '../../runtime/format/search-index.ts';
import { normalizeText } from '../../runtime/format/text/normalize.ts';
import { stem } from '../../runtime/format/text/stem.ts';
import { tokenize } from '../../runtime/format/text/tokenize.ts';
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

/**
 * A recipe's language and field texts as one string, for the search spill (spill.ts): their
 * lengths in UTF-16 code units ("2,12,40,0,0,310;"), then the strings back to back. Any text
 * goes: nothing is escaped. unpackSearchTexts reverses it.
 */
export function packSearchTexts(r: Recipe): string {
  const texts = fieldTexts(r);
  return `${r.language.length},${texts.map((t) => t.length).join(',')};${r.language}${texts.join('')}`;
}

export function unpackSearchTexts(packed: string): { language: string; texts: string[] } {
  const head = packed.indexOf(';');
  const lengths = packed.slice(0, head).split(',').map(Number);
  let at = head + 1;
  const parts = lengths.map((n) => packed.slice(at, (at += n)));
  if (parts.length !== FIELD_COUNT + 1 || at !== packed.length) throw new Error('search texts: malformed spill record');
  return { language: parts[0]!, texts: parts.slice(1) };
}

const compare = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/**
 * Postings are appended doc by doc in chunks of this many (term, tf×5) entries: no doubling
 * copies. The doc of a posting is not stored: docEnds[d + 1] is where doc d's postings end.
 */
const CHUNK_BITS = 18;
const CHUNK = 1 << CHUNK_BITS;
const CHUNK_MASK = CHUNK - 1;

interface PostingChunk {
  terms: Uint32Array;
  tfs: Uint8Array;
}

const newChunk = (): PostingChunk => ({ terms: new Uint32Array(CHUNK), tfs: new Uint8Array(CHUNK * FIELD_COUNT) });

const HASH_SEED = 0x811c9dc5;
/** FNV-1a over code units, then the language: the piece table's hash. */
const mixLanguage = (h: number, lang: number) => {
  h = Math.imul(h ^ lang, 16777619);
  return (h ^ (h >>> 15)) | 0;
};

/** ASCII white space (HT, LF, VT, FF, CR, space): what separates pieces. */
const isSpace = (c: number) => c === 32 || (c <= 13 && c >= 9);

/**
 * Pieces longer than this (code units) are analysed each time they occur, not remembered
 * (default 64, range 16..1000): longer runs without a space (URLs, unspaced CJK sentences)
 * rarely repeat.
 */
const MAX_REMEMBERED_PIECE = 64;

/**
 * (language, piece) → the term ids of its tokens, an open-addressing hash table over the
 * pieces' code units. A piece is a maximal run of text without ASCII white space. White space
 * is a hard boundary for analyze(): no normalisation step composes, reorders or changes the case
 * of anything across it (it is a starter that composes with nothing, neither cased nor
 * case-ignorable), and it is no word character; so a text's terms are its pieces' terms, in
 * order. Pieces repeat far more than they differ ("flour,", "minutes."), so a piece is looked up
 * by its range in the text, with no string made for it, and only a new piece is analysed.
 */
class PieceTable {
  /** Per slot 4 × i32: where its terms are in #lists (−1: empty), hash, start in #pool, length | language << 16. */
  #slots = new Int32Array(4 << 16).fill(-1);
  #mask = (1 << 16) - 1;
  #pool = new Uint16Array(1 << 20);
  #poolUsed = 0;
  #size = 0;
  /** Per piece: its token count n, then n term ids. */
  lists = new Int32Array(1 << 20);
  #listsUsed = 0;

  /** Where the terms of text[i, j) in language `lang` (hash h) are in `lists`, or −1. */
  get(text: string, i: number, j: number, lang: number, h: number): number {
    const mask = this.#mask;
    const slots = this.#slots;
    const n = j - i;
    const key = n | (lang << 16);
    for (let slot = h & mask; ; slot = (slot + 1) & mask) {
      const at = slot << 2;
      const list = slots[at]!;
      if (list < 0) return -1;
      if (slots[at + 1] !== h || slots[at + 3] !== key) continue;
      const pool = this.#pool;
      const start = slots[at + 2]!;
      let k = 0;
      while (k < n && pool[start + k] === text.charCodeAt(i + k)) k++;
      if (k === n) return list;
    }
  }

  /** Remembers the terms of text[i, j) (at most MAX_REMEMBERED_PIECE units); returns where they are in `lists`. */
  set(text: string, i: number, j: number, lang: number, h: number, terms: readonly number[]): number {
    if (2 * (this.#size + 1) > this.#mask) this.#grow();
    const n = j - i;
    if (this.#poolUsed + n > this.#pool.length) this.#pool = grown(this.#pool, this.#poolUsed + n);
    if (this.#listsUsed + 1 + terms.length > this.lists.length) this.lists = grown(this.lists, this.#listsUsed + 1 + terms.length);
    const start = this.#poolUsed;
    for (let k = 0; k < n; k++) this.#pool[start + k] = text.charCodeAt(i + k);
    this.#poolUsed += n;
    const list = this.#listsUsed;
    this.lists[list] = terms.length;
    this.lists.set(terms, list + 1);
    this.#listsUsed += 1 + terms.length;
    this.#put(list, h, start, n | (lang << 16));
    this.#size++;
    return list;
  }

  #put(list: number, h: number, start: number, key: number): void {
    const mask = this.#mask;
    const slots = this.#slots;
    let slot = h & mask;
    while (slots[slot << 2]! >= 0) slot = (slot + 1) & mask;
    const at = slot << 2;
    slots[at] = list;
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

/** A copy of `a` with room for at least `need` elements (at least twice its length). */
function grown<T extends Uint16Array | Int32Array | Uint32Array | Uint8Array>(a: T, need = 0): T {
  const b = new (a.constructor as new (n: number) => T)(Math.max(2 * a.length, need));
  b.set(a);
  return b;
}

/** A SearchIndexBuilder's docs as plain data (SearchIndexBuilder.part): structured-clonable. */
export interface SearchPart {
  /** By language id. */
  languages: string[];
  /** Per doc, its language id. */
  docLanguage: Uint8Array;
  /** Per doc, FIELD_COUNT field lengths. */
  lengths: Uint16Array;
  /** Doc d's postings are [docEnds[d], docEnds[d + 1]). */
  docEnds: Uint32Array;
  /** By term id. */
  terms: string[];
  /** The postings in chunks of CHUNK: term ids, and FIELD_COUNT tf bytes each. */
  termChunks: Uint32Array[];
  tfChunks: Uint8Array[];
}

/** Drops chunk c of a part (append: copied). */
function release(part: SearchPart, c: number): void {
  part.termChunks[c] = undefined as unknown as Uint32Array;
  part.tfChunks[c] = undefined as unknown as Uint8Array;
}

/** The buffers of a part, to transfer instead of copying. */
export const partBuffers = (part: SearchPart): ArrayBuffer[] =>
  [part.docLanguage, part.lengths, part.docEnds, ...part.termChunks, ...part.tfChunks].map((a) => a.buffer as ArrayBuffer);

/**
 * Accumulates the index one doc at a time (docs ascending) in typed arrays: each text is cut
 * into pieces at ASCII white space, each distinct piece is analysed once per language (analyze():
 * normalise, tokenise, stem; then remembered in a hash table looked up on the text's code units,
 * PieceTable), each posting costs 9 bytes (term id, five tf bytes; its doc is implied by the
 * per-doc ends), and encode() scatters the postings doc by doc straight into their blocks of the
 * file, so each term's docs stay ascending. The terms are exactly those of analyze() on the
 * whole text (runtime/format/text).
 */
export class SearchIndexBuilder {
  readonly #docCount: number;
  readonly #termIds = new Map<string, number>();
  readonly #termStrings: string[] = [];
  #termCounts = new Uint32Array(1024);
  readonly #chunks: PostingChunk[] = [];
  /** Postings so far; doc d's are [#docEnds[d], #docEnds[d + 1]). */
  #postings = 0;
  readonly #docEnds: Uint32Array;
  readonly #languageIds = new Map<string, number>();
  readonly #pieces = new PieceTable();
  /** Per language id: token → term id. */
  readonly #tokenTerms: Map<string, number>[] = [];
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
    this.#docEnds = new Uint32Array(docCount + 1);
  }

  #intern(term: string): number {
    let id = this.#termIds.get(term);
    if (id !== undefined) return id;
    id = this.#termStrings.length;
    this.#termIds.set(term, id);
    this.#termStrings.push(term);
    if (id >= this.#termCounts.length) {
      this.#termCounts = grown(this.#termCounts);
      this.#seenIn = grown(this.#seenIn);
      this.#slotOf = grown(this.#slotOf);
    }
    return id;
  }

  /** The term ids of the tokens of `piece` (analyze(), each distinct token stemmed once per language). */
  #analyse(piece: string, lang: number, language: string): number[] {
    const terms = (this.#tokenTerms[lang] ??= new Map());
    return tokenize(normalizeText(piece)).map((t) => {
      let id = terms.get(t.text);
      if (id === undefined) terms.set(t.text, (id = this.#intern(t.kind === 'word' ? stem(t.text, language) : t.text)));
      return id;
    });
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
        this.#docTerms = grown(this.#docTerms);
        this.#docTfs = grown(this.#docTfs);
      }
      this.#docTerms[slot] = id;
      for (let k = slot * F; k < slot * F + F; k++) this.#docTfs[k] = 0;
    }
    const at = slot * F + f;
    if (this.#docTfs[at]! < MAX_TF) this.#docTfs[at]!++;
  }

  add(doc: number, r: Recipe): void {
    this.addTexts(doc, r.language, fieldTexts(r));
  }

  /** add() from what it reads of a recipe: its language and fieldTexts. */
  addTexts(doc: number, language: string, texts: readonly string[]): void {
    if (doc !== this.#added || doc >= this.#docCount) throw new Error(`search index: doc ${doc} out of order`);
    this.#added++;
    const F = FIELD_COUNT;
    const lang = this.#languageId(language);
    this.#docLanguage[doc] = lang;
    this.#mark = doc + 1;
    this.#n = 0;
    const pieces = this.#pieces;
    for (let f = 0; f < F; f++) {
      const text = texts[f]!;
      const len = text.length;
      let count = 0;
      for (let i = 0; i < len; ) {
        let c = text.charCodeAt(i);
        if (isSpace(c)) {
          i++;
          continue;
        }
        let h = HASH_SEED;
        let j = i;
        do {
          h = Math.imul(h ^ c, 16777619);
          c = ++j < len ? text.charCodeAt(j) : 32;
        } while (!isSpace(c));
        h = mixLanguage(h, lang);
        let list = j - i <= MAX_REMEMBERED_PIECE ? pieces.get(text, i, j, lang, h) : -1;
        if (list < 0) {
          const terms = this.#analyse(text.slice(i, j), lang, language);
          if (j - i <= MAX_REMEMBERED_PIECE) list = pieces.set(text, i, j, lang, h, terms);
          else {
            for (const id of terms) this.#count(id, f);
            count += terms.length;
          }
        }
        if (list >= 0) {
          const lists = pieces.lists;
          const n = lists[list]!;
          for (let k = list + 1; k <= list + n; k++) this.#count(lists[k]!, f);
          count += n;
        }
        i = j;
      }
      this.#lengths[doc * F + f] = Math.min(count, MAX_FIELD_LENGTH);
    }
    this.#append(doc);
  }

  #languageId(language: string): number {
    let lang = this.#languageIds.get(language);
    if (lang === undefined) {
      lang = this.#languageIds.size;
      if (lang > 255) throw new Error('search index: more than 255 languages');
      this.#languageIds.set(language, lang);
    }
    return lang;
  }

  /**
   * The docs added so far as plain data, to carry to another thread (transfer partBuffers(part))
   * and append() to a builder there. The builder is spent afterwards.
   */
  part(): SearchPart {
    const n = this.#added;
    const chunks = this.#chunks.splice(0);
    return {
      languages: [...this.#languageIds.keys()],
      docLanguage: this.#docLanguage.slice(0, n),
      lengths: this.#lengths.slice(0, n * FIELD_COUNT),
      docEnds: this.#docEnds.slice(0, n + 1),
      terms: this.#termStrings.splice(0),
      termChunks: chunks.map((c) => c.terms),
      tfChunks: chunks.map((c) => c.tfs),
    };
  }

  /**
   * Adds the docs of `part` (another builder's, part()) as the next docs of this one: their
   * languages and terms are mapped to this builder's ids, their postings copied (the part's
   * chunks are released as they are copied, or taken over by a fresh builder: the part is
   * spent). Building doc ranges on two threads and appending them in order gives the same index
   * as one builder.
   */
  append(part: SearchPart): void {
    const F = FIELD_COUNT;
    const n = part.docLanguage.length;
    const first = this.#added;
    if (first + n > this.#docCount) throw new Error(`search index: ${first + n} docs for ${this.#docCount}`);
    const langs = part.languages.map((l) => this.#languageId(l));
    for (let d = 0; d < n; d++) this.#docLanguage[first + d] = langs[part.docLanguage[d]!]!;
    this.#lengths.set(part.lengths, first * F);
    const ids = Uint32Array.from(part.terms, (t) => this.#intern(t));
    let p = this.#postings;
    if (p + part.docEnds[n]! > 0xffffffff) throw new Error('search index: more than 2^32 postings');
    if (p === 0 && ids.every((id, t) => id === t)) {
      // The first part of a fresh builder keeps its term ids: its chunks are taken over, not copied.
      part.termChunks.forEach((terms, c) => this.#chunks.push({ terms, tfs: part.tfChunks[c]! }));
      for (let q = 0; q < part.docEnds[n]!; q++) this.#termCounts[part.termChunks[q >>> CHUNK_BITS]![q & CHUNK_MASK]!]!++;
      this.#docEnds.set(part.docEnds, first);
      this.#postings = part.docEnds[n]!;
      this.#added += n;
      return;
    }
    let q = 0;
    for (let d = 0; d < n; d++) {
      for (const end = part.docEnds[d + 1]!; q < end; q++, p++) {
        const id = ids[part.termChunks[q >>> CHUNK_BITS]![q & CHUNK_MASK]!]!;
        this.#termCounts[id]!++;
        const j = p & CHUNK_MASK;
        if (j === 0) this.#chunks.push(newChunk());
        const chunk = this.#chunks[p >>> CHUNK_BITS]!;
        chunk.terms[j] = id;
        const from = part.tfChunks[q >>> CHUNK_BITS]!;
        for (let f = 0, a = j * F, b = (q & CHUNK_MASK) * F; f < F; f++) chunk.tfs[a + f] = from[b + f]!;
        if ((q & CHUNK_MASK) === CHUNK_MASK) release(part, q >>> CHUNK_BITS);
      }
      this.#docEnds[first + d + 1] = p;
    }
    this.#postings = p;
    this.#added += n;
  }

  /** Appends the current doc's postings (its distinct terms, first-seen order) to the chunks. */
  #append(doc: number): void {
    const F = FIELD_COUNT;
    const n = this.#n;
    const docTfs = this.#docTfs;
    let p = this.#postings;
    if (p + n > 0xffffffff) throw new Error('search index: more than 2^32 postings');
    for (let k = 0; k < n; k++, p++) {
      const id = this.#docTerms[k]!;
      this.#termCounts[id]!++;
      const j = p & CHUNK_MASK;
      if (j === 0) this.#chunks.push(newChunk());
      const chunk = this.#chunks[p >>> CHUNK_BITS]!;
      chunk.terms[j] = id;
      const tfs = chunk.tfs;
      for (let f = 0, a = j * F, b = k * F; f < F; f++) tfs[a + f] = docTfs[b + f]!;
    }
    this.#postings = p;
    this.#docEnds[doc + 1] = p;
  }

  /** Languages sorted, docs' language ids remapped to them, and term ids in dictionary order. */
  #dictionary(): { languages: string[]; docLanguage: Uint8Array; order: Uint32Array } {
    const N = this.#added;
    if (N !== this.#docCount) throw new Error(`search index: ${N} of ${this.#docCount} docs added`);
    const languages = [...this.#languageIds.keys()].sort(compare);
    const remap = new Uint8Array(256);
    for (const [l, id] of this.#languageIds) remap[id] = languages.indexOf(l);
    const docLanguage = this.#docLanguage.map((id) => remap[id]!);
    this.#termIds.clear();
    const strings = this.#termStrings;
    const order = Uint32Array.from(strings, (_, i) => i).sort((a, b) => compare(strings[a]!, strings[b]!));
    return { languages, docLanguage, order };
  }

  /**
   * Walks every posting in doc order (docs ascending), handing each to `visit` with its term id,
   * the chunk tfs holding its F tf bytes and their offset; chunks are released as they are done.
   */
  #drain(visit: (doc: number, id: number, tfs: Uint8Array, at: number) => void): void {
    const chunks = this.#chunks;
    const ends = this.#docEnds;
    const F = FIELD_COUNT;
    let p = 0;
    for (let d = 0; d < this.#docCount; d++) {
      for (const end = ends[d + 1]!; p < end; p++) {
        const c = p >>> CHUNK_BITS;
        const j = p & CHUNK_MASK;
        const chunk = chunks[c]!;
        visit(d, chunk.terms[j]!, chunk.tfs, j * F);
        if (j === CHUNK_MASK) chunks[c] = undefined as unknown as PostingChunk; // release as we go
      }
    }
    chunks.length = 0;
  }

  /** The finished index as arrays (tests, evaluation); the builder is spent afterwards. */
  data(): SearchIndexData {
    const N = this.#added;
    const { languages, docLanguage, order } = this.#dictionary();
    const T = order.length;
    const terms = Array.from(order, (id) => this.#termStrings[id]!);
    const termStarts = new Uint32Array(T + 1);
    const cursor = new Uint32Array(T); // by term id: next free posting slot
    let P = 0;
    order.forEach((id, i) => {
      termStarts[i] = P;
      cursor[id] = P;
      P += this.#termCounts[id]!;
    });
    termStarts[T] = P;
    const F = FIELD_COUNT;
    const docs = new Uint32Array(P);
    const tfs = new Uint8Array(P * F);
    this.#drain((d, id, ctfs, b) => {
      const p = cursor[id]!++;
      docs[p] = d;
      for (let f = 0, a = p * F; f < F; f++) tfs[a + f] = ctfs[b + f]!;
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
      avgFieldLengths: averageFieldLengths(this.#lengths, N, F),
    };
  }

  /**
   * The finished file: the same bytes as encodeSearchIndex(this.data()), written straight into
   * one buffer of the file's size (postings scattered from the chunks into their blocks, then the
   * block and term bounds read off those blocks) instead of building the arrays, the sections and
   * then the container as copies of each other: at the end, the chunks (9 bytes a posting,
   * released as they are scattered) and the file are all there is. The builder is spent afterwards.
   */
  encode(): Buffer {
    const N = this.#added;
    const F = FIELD_COUNT;
    const B = SEARCH_BLOCK_SIZE;
    const { languages, docLanguage, order } = this.#dictionary();
    const T = order.length;
    const df = this.#termCounts;
    // By term id: first posting; by rank: TermStarts.
    const start = new Uint32Array(T);
    const termStarts = new Uint32Array(T + 1);
    let P = 0;
    let K = 0;
    order.forEach((id, i) => {
      termStarts[i] = P;
      start[id] = P;
      P += df[id]!;
      K += blockCountOf(df[id]!, B);
    });
    termStarts[T] = P;
    const termBytes = Buffer.from(Array.from(order, (id) => this.#termStrings[id]! + '\n').join(''), 'utf8');
    this.#termStrings.length = 0;
    const avgFieldLengths = averageFieldLengths(this.#lengths, N, F);
    const fieldWeights = [...DEFAULT_FIELD_WEIGHTS];
    const fieldB = [...DEFAULT_FIELD_B];
    const sizes = [termBytes.length, 4 * (T + 1), 4 * T, 8 * K, P * (4 + F), 2 * N * F, N];
    const sections: [number, number][] = [];
    let payloadLength = 0;
    for (const n of sizes) {
      sections.push([payloadLength, n]);
      payloadLength += alignUp(n);
    }
    // The key order of encodeSearchIndex's header: msgpack keeps it, so the bytes match.
    const header = {
      name: 'search',
      fields: [...SEARCH_FIELDS],
      languages,
      docCount: N,
      termCount: T,
      postingCount: P,
      blockSize: B,
      blockCount: K,
      avgFieldLengths,
      fieldWeights,
      fieldB,
      sections,
    };
    const head = encodeContainer('searchIndex', header, []);
    const out = Buffer.alloc(head.length + payloadLength);
    head.copy(out, 0);
    const at = (s: number) => head.length + sections[s]![0];
    out.set(termBytes, at(0));
    out.set(bytesOf(termStarts), at(1));
    out.set(bytesOf(this.#lengths), at(5));
    out.set(docLanguage, at(6));
    this.#scatter(bytes(out), at(4), start);
    this.#bounds(out, at(3), at(4), at(2), order, termStarts, docNorms(this.#lengths, N, avgFieldLengths, fieldWeights, fieldB));
    return out;
  }

  /**
   * Writes every posting into its block of the Postings section at `postingsAt` (block j of the
   * term whose first posting is s at (s + j·B)·(4 + F): n docs, then n·F tf bytes), walking the
   * chunks in doc order so each term's docs come out ascending; chunks are released as they are
   * done. The one random-access pass of the encoder: only writes, no arithmetic but positions.
   */
  #scatter(out: Uint8Array, postingsAt: number, start: Uint32Array): void {
    const F = FIELD_COUNT;
    const B = SEARCH_BLOCK_SIZE;
    const W = 4 + F;
    const df = this.#termCounts;
    const chunks = this.#chunks;
    const ends = this.#docEnds;
    const cursor = new Uint32Array(df.length); // by term id: postings placed so far
    let p = 0;
    for (let d = 0; d < this.#docCount; d++) {
      for (const end = ends[d + 1]!; p < end; p++) {
        const c = p >>> CHUNK_BITS;
        const j = p & CHUNK_MASK;
        const { terms, tfs } = chunks[c]!;
        const id = terms[j]!;
        const k = cursor[id]!++;
        const o = k % B;
        const first = k - o; // the block's first posting, counted from the term's
        const n = Math.min(B, df[id]! - first);
        const block = postingsAt + (start[id]! + first) * W;
        let a = block + 4 * o;
        out[a] = d;
        out[a + 1] = d >>> 8;
        out[a + 2] = d >>> 16;
        out[a + 3] = d >>> 24;
        a = block + 4 * n + o * F;
        for (let f = 0, b = j * F; f < F; f++) out[a + f] = tfs[b + f]!;
        if (j === CHUNK_MASK) chunks[c] = undefined as unknown as PostingChunk; // release as we go
      }
    }
    chunks.length = 0;
  }

  /**
   * Fills Blocks (each block's last doc and max tf~) and TermMax from the written postings, term
   * by term and block by block in file order: encodeSearchIndex's loop, reading the file itself.
   */
  #bounds(out: Buffer, blocksAt: number, postingsAt: number, termMaxAt: number, order: Uint32Array, termStarts: Uint32Array, norms: Float32Array): void {
    const F = FIELD_COUNT;
    const B = SEARCH_BLOCK_SIZE;
    const bytesOut = bytes(out);
    let k = 0;
    for (let t = 0; t < order.length; t++) {
      const end = termStarts[t + 1]!;
      let tmax = 0;
      for (let p = termStarts[t]!; p < end; p += B) {
        const n = Math.min(end, p + B) - p;
        const at = postingsAt + p * (4 + F);
        let bmax = 0;
        let d = 0;
        for (let i = 0; i < n; i++) {
          d = out.readUInt32LE(at + 4 * i);
          const x = tfTilde(bytesOut, at + 4 * n + i * F, norms, d, F);
          if (x > bmax) bmax = x;
        }
        out.writeUInt32LE(d, blocksAt + 8 * k);
        out.writeFloatLE(bmax, blocksAt + 8 * k + 4);
        k++;
        if (bmax > tmax) tmax = bmax;
      }
      out.writeFloatLE(tmax, termMaxAt + 4 * t);
    }
  }
}

/** A plain Uint8Array over a Buffer's bytes (element access without Buffer's subclass). */
const bytes = (b: Buffer) => new Uint8Array(b.buffer, b.byteOffset, b.byteLength);

const bytesOf = (a: ArrayBufferView) => Buffer.from(a.buffer, a.byteOffset, a.byteLength);

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
      add: (doc, entry) => builder.add(doc, entry.recipe()),
      finish: () => emit(PATHS.searchIndex, builder.encode()),
    };
  },
};
