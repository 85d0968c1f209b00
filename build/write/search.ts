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
  type SearchIndexData,
} from '../../runtime/format/search-index.ts';
import { normalizeText } from '../../runtime/format/text/normalize.ts';
import { stem } from '../../runtime/format/text/stem.ts';
import { tokenize } from '../../runtime/format/text/tokenize.ts';
import type { PartWriter } from './types.ts';
import { fieldTexts, SEARCH_RECORD_HEADER, searchLine, searchRecordRoom, writeSearchRecord, type SearchLines } from '../spill/search-record.ts';

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

/**
 * The file is written a window of docs at a time, at most this many postings (default 2^20;
 * more for a doc with more): the window's postings are sorted by term group (the terms whose ids
 * share all but the low GROUP_BITS bits; docs stay in order within a group) and written group by
 * group, so only a group's terms (their current blocks in the file, and their bounds) are written
 * to at a time instead of every term's, which keeps the writes within the caches and the TLB
 * (measured at 1M: the scatter in doc order spent most of its time on misses).
 */
const SCATTER_WINDOW = 1 << 20;
/** log2 of the terms in a group (default 8). */
const GROUP_BITS = 8;

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
 * The open-addressing slots of PieceTable and LineTable (linear probing, at most half full):
 * per slot 4 × i32, where the key's terms are in its table's `lists` (−1: empty), the key's
 * hash, where its units are in the table's pool, and its length | language << 16; and the term
 * lists themselves. Each table probes `slots` itself, comparing keys its own way.
 */
class KeySlots {
  slots = new Int32Array(4 << 16).fill(-1);
  mask = (1 << 16) - 1;
  #size = 0;
  /** Per key: its token count n, then n term ids. */
  lists = new Int32Array(1 << 20);
  listsUsed = 0;

  /** Appends `terms` to `lists` and files them under the key (hash h, units at `start`, length | language << 16); returns where they are. */
  add(terms: readonly number[], h: number, start: number, key: number): number {
    if (this.listsUsed + 1 + terms.length > this.lists.length) this.lists = grown(this.lists, this.listsUsed + 1 + terms.length);
    const list = this.listsUsed;
    this.lists[list] = terms.length;
    this.lists.set(terms, list + 1);
    this.listsUsed += 1 + terms.length;
    if (2 * (this.#size + 1) > this.mask) this.#grow();
    this.#put(list, h, start, key);
    this.#size++;
    return list;
  }

  #put(list: number, h: number, start: number, key: number): void {
    const mask = this.mask;
    const slots = this.slots;
    let slot = h & mask;
    while (slots[slot << 2]! >= 0) slot = (slot + 1) & mask;
    const at = slot << 2;
    slots[at] = list;
    slots[at + 1] = h;
    slots[at + 2] = start;
    slots[at + 3] = key;
  }

  #grow(): void {
    const old = this.slots;
    this.slots = new Int32Array(2 * old.length).fill(-1);
    this.mask = (old.length >>> 1) - 1;
    for (let at = 0; at < old.length; at += 4) if (old[at]! >= 0) this.#put(old[at]!, old[at + 1]!, old[at + 2]!, old[at + 3]!);
  }
}

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
  readonly #keys = new KeySlots();
  #pool = new Uint16Array(1 << 20);
  #poolUsed = 0;
  /** Per piece: its token count n, then n term ids. */
  get lists(): Int32Array {
    return this.#keys.lists;
  }

  /** Where the terms of text[i, j) in language `lang` (hash h) are in `lists`, or −1. */
  get(text: string, i: number, j: number, lang: number, h: number): number {
    const { slots, mask } = this.#keys;
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
    const n = j - i;
    if (this.#poolUsed + n > this.#pool.length) this.#pool = grown(this.#pool, this.#poolUsed + n);
    const start = this.#poolUsed;
    for (let k = 0; k < n; k++) this.#pool[start + k] = text.charCodeAt(i + k);
    this.#poolUsed += n;
    return this.#keys.add(terms, h, start, n | (lang << 16));
  }
}

/**
 * (language, line) → the term ids of its tokens, like PieceTable but over the UTF-8 bytes of a
 * whole line (a run of text between LFs: an ingredient name, a tag, a step) as the search spill
 * holds them. LF is white space, so a text's terms are its lines' terms in order; and recipes
 * share whole lines far more often than not (template steps, "salt"), so most lines cost one
 * hash over their bytes and one comparison, and only a new line is decoded and cut into pieces.
 */
class LineTable {
  readonly #keys = new KeySlots();
  #pool = Buffer.alloc(1 << 22);
  /** #pool as a plain Uint8Array (element access without Buffer's subclass). */
  #poolBytes = plainBytes(this.#pool);
  #poolUsed = 0;
  /** Per line: its token count n, then n term ids. */
  get lists(): Int32Array {
    return this.#keys.lists;
  }

  /** True when the table holds more than FULL_LINE_TABLE bytes or term ids (then start afresh). */
  get full(): boolean {
    return this.#poolUsed > FULL_LINE_TABLE || this.#keys.listsUsed > FULL_LINE_TABLE;
  }

  /** Where the terms of bytes[i, j) in language `lang` (hash h) are in `lists`, or −1. */
  get(bytes: Uint8Array, i: number, j: number, lang: number, h: number): number {
    const { slots, mask } = this.#keys;
    const n = j - i;
    const key = n | (lang << 16);
    for (let slot = h & mask; ; slot = (slot + 1) & mask) {
      const at = slot << 2;
      const list = slots[at]!;
      if (list < 0) return -1;
      if (slots[at + 1] !== h || slots[at + 3] !== key) continue;
      const start = slots[at + 2]!;
      if (n >= NATIVE_COMPARE) {
        if (this.#pool.compare(bytes, i, j, start, start + n) === 0) return list;
        continue;
      }
      const pool = this.#poolBytes;
      let k = i;
      const d = start - i;
      while (k < j && pool[d + k] === bytes[k]) k++;
      if (k === j) return list;
    }
  }

  /** Remembers the terms of bytes[i, j) (less than 2^16 bytes); returns where they are in `lists`. */
  set(bytes: Uint8Array, i: number, j: number, lang: number, h: number, terms: readonly number[]): number {
    const n = j - i;
    if (this.#poolUsed + n > this.#pool.length) {
      const pool = Buffer.alloc(Math.max(2 * this.#pool.length, this.#poolUsed + n));
      this.#pool.copy(pool);
      this.#pool = pool;
      this.#poolBytes = plainBytes(pool);
    }
    const start = this.#poolUsed;
    this.#poolBytes.set(bytes.subarray(i, j), start);
    this.#poolUsed += n;
    return this.#keys.add(terms, h, start, n | (lang << 16));
  }
}

/** Lines at least this long (bytes) are compared by memcmp (Buffer.compare), shorter ones byte by byte. */
const NATIVE_COMPARE = 40;
/** Lines longer than this (UTF-8 bytes; default 4096, at most 65535) are not remembered (LineTable). */
const MAX_REMEMBERED_LINE = 4096;
/** The line table starts afresh when it holds more bytes or term ids than this (default 2^25). */
const FULL_LINE_TABLE = 1 << 25;

/** A copy of `a` with room for at least `need` elements (at least twice its length). */
function grown<T extends Uint16Array | Int32Array | Uint32Array | Uint8Array>(a: T, need = 0): T {
  const b = new (a.constructor as new (n: number) => T)(Math.max(2 * a.length, need));
  b.set(a);
  return b;
}

/**
 * Accumulates the index one doc at a time (docs ascending) in typed arrays, from each recipe's
 * search record (addRecord; add and addTexts write one first): a line a spill part shares is
 * analysed once per language (#refTerms), any other text is looked up line by line on its UTF-8
 * bytes (LineTable) and a new line is cut into pieces at ASCII white space, each distinct piece
 * analysed once per language (analyze(): normalise, tokenise, stem; then remembered in a hash
 * table looked up on the text's code units, PieceTable). Each posting costs 9 bytes (term id,
 * five tf bytes; its doc is implied by the per-doc ends), and encode() (or scatter(), for one
 * range of docs of a file that several builders write) scatters the postings a window of docs at
 * a time straight into their blocks of the file, so each term's docs stay ascending. The terms are
 * exactly those of analyze() on the whole text (runtime/format/text).
 */
export class SearchIndexBuilder {
  /** Its docs are [#firstDoc, #firstDoc + #docCount). */
  readonly #firstDoc: number;
  readonly #docCount: number;
  readonly #termIds = new Map<string, number>();
  readonly #termStrings: string[] = [];
  #termCounts = new Uint32Array(1024);
  readonly #chunks: PostingChunk[] = [];
  /** Postings so far; doc d's (counted among this builder's docs) are [#docEnds[d], #docEnds[d + 1]). */
  #postings = 0;
  readonly #docEnds: Uint32Array;
  readonly #languageIds = new Map<string, number>();
  readonly #pieces = new PieceTable();
  #lines = new LineTable();
  /** Per SearchLines, per language id: per line, where its terms are in #refPool (−1: not analysed yet). */
  readonly #refs = new WeakMap<SearchLines, Int32Array[]>();
  #refPool = new Int32Array(1 << 16);
  #refUsed = 0;
  readonly #scratchTerms: number[] = [];
  /** addTexts' record, and a plain byte view of addRecord's buffer. */
  #record = Buffer.allocUnsafe(1 << 16);
  #bytes: Uint8Array = new Uint8Array(0);
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

  /**
   * A builder of docs [firstDoc, firstDoc + docCount): the whole index (firstDoc 0, encode), or
   * one part of it, built beside the others' on threads of their own (summary, scatter; the
   * file is planned from every part's summary by planSearchFile).
   */
  constructor(docCount: number, firstDoc = 0) {
    this.#firstDoc = firstDoc;
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
        this.#docTfs = grown(this.#docTfs); // zeros beyond the old length: #append leaves all of it zero
      }
      this.#docTerms[slot] = id;
    }
    const at = slot * F + f;
    if (this.#docTfs[at]! < MAX_TF) this.#docTfs[at]!++;
  }

  add(doc: number, r: Recipe): void {
    this.addTexts(doc, r.language, fieldTexts(r));
  }

  /** add() from what it reads of a recipe: its language and fieldTexts. */
  addTexts(doc: number, language: string, texts: readonly string[]): void {
    const room = searchRecordRoom(language, texts);
    if (room > this.#record.length) this.#record = Buffer.allocUnsafe(Math.max(room, 2 * this.#record.length));
    writeSearchRecord(this.#record, 0, language, texts);
    this.addRecord(doc, this.#record, 0);
  }

  /** add() from a recipe's search record (writeSearchRecord) at `at` of `buf`; `lines`: the lines its part refers to. */
  addRecord(doc: number, buf: Buffer, at: number, lines?: SearchLines): void {
    const local = this.#added;
    if (doc !== this.#firstDoc + local || local >= this.#docCount) throw new Error(`search index: doc ${doc} out of order`);
    this.#added++;
    const F = FIELD_COUNT;
    if (buf.buffer !== this.#bytes.buffer || buf.byteOffset !== this.#bytes.byteOffset || buf.byteLength !== this.#bytes.byteLength) this.#bytes = new Uint8Array(buf.buffer, buf.byteOffset, buf.byteLength);
    const bytes = this.#bytes;
    let p = at + SEARCH_RECORD_HEADER;
    const languageBytes = buf.readUInt32LE(at);
    const language = buf.toString('utf8', p, (p += languageBytes));
    const lang = this.#languageId(language);
    this.#docLanguage[local] = lang;
    this.#mark = doc + 1;
    this.#n = 0;
    for (let f = 0; f < F; f++) {
      const end = p + buf.readUInt32LE(at + 4 + 4 * f);
      let count = 0;
      while (p < end) {
        let v = 0;
        for (let shift = 1; ; shift *= 0x80) {
          const b = bytes[p++]!;
          v += (b & 0x7f) * shift;
          if (b < 0x80) break;
        }
        if (v % 2 === 1) {
          if (lines === undefined) throw new Error('search record: a line of a part without lines');
          const list = this.#refTerms(lines, (v - 1) / 2, lang, language);
          const pool = this.#refPool;
          const n = pool[list]!;
          for (let k = list + 1; k <= list + n; k++) this.#count(pool[k]!, f);
          count += n;
        } else {
          const n = v / 2;
          count += this.#addText(buf, bytes, p, p + n, f, lang, language);
          p += n;
        }
      }
      if (p !== end) throw new Error('search record: malformed');
      this.#lengths[local * F + f] = Math.min(count, MAX_FIELD_LENGTH);
    }
    this.#append(local);
  }

  /** Counts the terms of the UTF-8 text bytes[a, end) in field f, line by line (LineTable); returns how many. */
  #addText(buf: Buffer, bytes: Uint8Array, a: number, end: number, f: number, lang: number, language: string): number {
    let count = 0;
    let lines = this.#lines;
    while (a < end) {
      // One line: its hash, up to the next LF.
      let h = HASH_SEED;
      let b = a;
      for (; b < end; b++) {
        const c = bytes[b]!;
        if (c === 10) break;
        h = Math.imul(h ^ c, 16777619);
      }
      if (b > a) {
        let terms: Int32Array | number[];
        let from: number;
        let n: number;
        if (b - a <= MAX_REMEMBERED_LINE) {
          h = mixLanguage(h, lang);
          let list = lines.get(bytes, a, b, lang, h);
          if (list < 0) {
            const made = this.#lineTerms(buf.toString('utf8', a, b), lang, language);
            if (lines.full) this.#lines = lines = new LineTable();
            list = lines.set(bytes, a, b, lang, h, made);
          }
          terms = lines.lists;
          from = list + 1;
          n = terms[list]!;
        } else {
          terms = this.#lineTerms(buf.toString('utf8', a, b), lang, language);
          from = 0;
          n = terms.length;
        }
        for (let k = from; k < from + n; k++) this.#count(terms[k]!, f);
        count += n;
      }
      a = b + 1;
    }
    return count;
  }

  /** Where the term ids of line `id` of `lines` in language `lang` are in #refPool (count first): analysed once per part, line and language. */
  #refTerms(lines: SearchLines, id: number, lang: number, language: string): number {
    let byLanguage = this.#refs.get(lines);
    if (byLanguage === undefined) this.#refs.set(lines, (byLanguage = []));
    let at = byLanguage[lang];
    if (at === undefined) at = byLanguage[lang] = new Int32Array(lines.ends.length).fill(-1);
    if (id >= at.length) throw new Error(`search record: no line ${id}`);
    let list = at[id]!;
    if (list < 0) {
      const terms = this.#lineTerms(searchLine(lines, id), lang, language);
      if (this.#refUsed + 1 + terms.length > this.#refPool.length) this.#refPool = grown(this.#refPool, this.#refUsed + 1 + terms.length);
      list = this.#refUsed;
      this.#refPool[list] = terms.length;
      this.#refPool.set(terms, list + 1);
      this.#refUsed += 1 + terms.length;
      at[id] = list;
    }
    return list;
  }

  /** The term ids of a text, piece by piece (PieceTable), in a scratch array (valid until the next call). */
  #lineTerms(text: string, lang: number, language: string): number[] {
    const out = this.#scratchTerms;
    out.length = 0;
    const pieces = this.#pieces;
    const len = text.length;
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
        else for (const id of terms) out.push(id);
      }
      if (list >= 0) {
        const lists = pieces.lists;
        const n = lists[list]!;
        for (let k = list + 1; k <= list + n; k++) out.push(lists[k]!);
      }
      i = j;
    }
    return out;
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

  /** Appends the current doc's postings (its distinct terms, first-seen order) to the chunks; `local`: its number among this builder's docs. */
  #append(local: number): void {
    const F = FIELD_COUNT;
    const n = this.#n;
    const docTfs = this.#docTfs;
    const docTerms = this.#docTerms;
    const termCounts = this.#termCounts;
    let p = this.#postings;
    if (p + n > 0xffffffff) throw new Error('search index: more than 2^32 postings');
    for (let k = 0; k < n; k++) termCounts[docTerms[k]!]!++;
    // The doc's terms and tf bytes are in the chunks' layout already: copied a chunk's worth at a time.
    for (let k = 0; k < n; ) {
      const j = p & CHUNK_MASK;
      if (j === 0) this.#chunks.push(newChunk());
      const chunk = this.#chunks[p >>> CHUNK_BITS]!;
      const m = Math.min(n - k, CHUNK - j);
      chunk.terms.set(docTerms.subarray(k, k + m), j);
      chunk.tfs.set(docTfs.subarray(k * F, (k + m) * F), j * F);
      k += m;
      p += m;
    }
    docTfs.fill(0, 0, n * F); // the next doc's slots start from zero
    this.#postings = p;
    this.#docEnds[local + 1] = p;
  }

  /** Throws unless every doc of the builder's range was added. */
  #complete(): void {
    if (this.#added !== this.#docCount) throw new Error(`search index: ${this.#added} of ${this.#docCount} docs added`);
  }

  /**
   * Walks every posting in doc order (docs ascending), handing each to `visit` with its doc
   * (counted among this builder's docs), term id, the chunk tfs holding its F tf bytes and their
   * offset; chunks are released as they are done.
   */
  #drain(visit: (local: number, id: number, tfs: Uint8Array, at: number) => void): void {
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

  /** Languages sorted, docs' language ids remapped to them, and term ids in dictionary order. */
  #dictionary(): { languages: string[]; docLanguage: Uint8Array; order: Uint32Array } {
    this.#complete();
    const languages = [...this.#languageIds.keys()].sort(compare);
    const remap = new Uint8Array(256);
    for (const [l, id] of this.#languageIds) remap[id] = languages.indexOf(l);
    const docLanguage = this.#docLanguage.map((id) => remap[id]!);
    this.#termIds.clear();
    const strings = this.#termStrings;
    const order = Uint32Array.from(strings, (_, i) => i).sort((a, b) => compare(strings[a]!, strings[b]!));
    return { languages, docLanguage, order };
  }

  /** The finished index as arrays (tests, evaluation); a builder of the whole index only (firstDoc 0), spent afterwards. */
  data(): SearchIndexData {
    if (this.#firstDoc !== 0) throw new Error('search index: data() of a part');
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
   * What planSearchFile needs of this builder's docs: its term dictionary and dfs (by its own
   * term ids), languages, and per doc its language and field lengths. The arrays are the
   * builder's own (copy them to hand them to another thread: scatter still needs the lengths).
   */
  summary(): SearchPartSummary {
    this.#complete();
    const T = this.#termStrings.length;
    this.#termIds.clear(); // no term is added any more
    return {
      firstDoc: this.#firstDoc,
      docCount: this.#docCount,
      terms: this.#termStrings,
      df: this.#termCounts.subarray(0, T),
      languages: [...this.#languageIds.keys()],
      docLanguage: this.#docLanguage,
      lengths: this.#lengths,
    };
  }

  /**
   * The finished file: the same bytes as encodeSearchIndex(this.data()), written straight into
   * one buffer of the file's size (postings scattered from the chunks into their blocks, the
   * block bounds taken on the way, the term bounds from the blocks') instead of building the
   * arrays, the sections and then the container as copies of each other: at the end, the chunks
   * (9 bytes a posting, released as they are scattered) and the file are all there is. The same
   * steps as the file of several builders on threads of their own (planSearchFile), with one
   * part. The builder is spent afterwards.
   */
  encode(): Buffer {
    const plan = planSearchFile([this.summary()]);
    const out = Buffer.alloc(plan.size);
    writeSearchFileHead(out, plan);
    this.scatter(plainBytes(out), plan.placements[0]!, searchFileBlocks(out, plan));
    finishSearchFile(out, plan, []);
    return out;
  }

  /**
   * Writes every posting of this builder into its block of the Postings section of `out` (block j
   * of the term whose first posting is s at (s + j·B)·(4 + F): n docs, then n·F tf bytes), at
   * `placement` (planSearchFile: after the term's postings in the parts before this one), a
   * window of docs at a time, each window's postings by term group (SCATTER_WINDOW), in doc order
   * within a group, so each term's docs come out ascending; chunks are released as they are
   * done. On the way, each posting's tf~ (tfTilde with the doc's norms) goes into its block's max
   * in `blocks` (the Blocks section's layout: [last doc, max tf~ as float32 bits] per block), and
   * its doc into the block's last doc (the docs of a block ascend): the Blocks and TermMax
   * sections need no second pass over the postings. The builder is spent afterwards.
   */
  scatter(out: Uint8Array, placement: SearchPlacement, blocks: Uint32Array): void {
    this.#complete();
    const F = FIELD_COUNT;
    const B = SEARCH_BLOCK_SIZE;
    const W = 4 + F;
    const postingsAt = placement.postingsAt;
    const chunks = this.#chunks;
    const ends = this.#docEnds;
    const first = this.#firstDoc;
    const N = this.#docCount;
    // By term id, side by side (one cache line): postings placed so far, df, first posting, first block.
    const term = placement.terms;
    if (term.length !== 4 * this.#termStrings.length) throw new Error(`search index: a placement of ${term.length / 4} terms for ${this.#termStrings.length}`);
    const norms = docNorms(this.#lengths, N, placement.avgFieldLengths, placement.fieldWeights, placement.fieldB);
    const blockMax = new Float32Array(blocks.buffer, blocks.byteOffset, blocks.length);
    // The window's postings sorted by group: doc, term id, tf bytes; and where each group's start.
    let size = Math.min(SCATTER_WINDOW, this.#postings);
    let wDocs = new Uint32Array(size);
    let wTerms = new Uint32Array(size);
    let wTfs = new Uint8Array(size * F);
    const groupStarts = new Uint32Array((this.#termStrings.length >>> GROUP_BITS) + 2);
    let p = 0;
    for (let from = 0; from < N; ) {
      // Docs [from, to): whole docs, at most `size` postings unless the first doc alone has more.
      let to = from + 1;
      while (to < N && ends[to + 1]! - p <= size) to++;
      const end = ends[to]!;
      if (end - p > size) {
        size = end - p;
        wDocs = new Uint32Array(size);
        wTerms = new Uint32Array(size);
        wTfs = new Uint8Array(size * F);
      }
      // Counting sort by group.
      groupStarts.fill(0);
      for (let q = p; q < end; q++) groupStarts[(chunks[q >>> CHUNK_BITS]!.terms[q & CHUNK_MASK]! >>> GROUP_BITS) + 1]!++;
      for (let g = 1; g < groupStarts.length; g++) groupStarts[g]! += groupStarts[g - 1]!;
      for (let local = from, q = p; local < to; local++) {
        for (const e = ends[local + 1]!; q < e; q++) {
          const { terms, tfs } = chunks[q >>> CHUNK_BITS]!;
          const j = q & CHUNK_MASK;
          const id = terms[j]!;
          const i = groupStarts[id >>> GROUP_BITS]!++;
          wDocs[i] = local;
          wTerms[i] = id;
          for (let f = 0, a = i * F, b = j * F; f < F; f++) wTfs[a + f] = tfs[b + f]!;
        }
      }
      for (let c = p >>> CHUNK_BITS; c < end >>> CHUNK_BITS; c++) chunks[c] = undefined as unknown as PostingChunk; // release as we go
      for (let i = 0, count = end - p; i < count; i++) {
        const local = wDocs[i]!;
        const d = first + local;
        const t4 = 4 * wTerms[i]!;
        const k = term[t4]!++;
        const o = k % B;
        const blockFirst = k - o; // the block's first posting, counted from the term's
        const n = Math.min(B, term[t4 + 1]! - blockFirst);
        const block = postingsAt + (term[t4 + 2]! + blockFirst) * W;
        let a = block + 4 * o;
        out[a] = d;
        out[a + 1] = d >>> 8;
        out[a + 2] = d >>> 16;
        out[a + 3] = d >>> 24;
        a = block + 4 * n + o * F;
        // tfTilde, inline.
        let x = 0;
        for (let f = 0, b = i * F, n0 = local * F; f < F; f++) {
          const tf = wTfs[b + f]!;
          out[a + f] = tf;
          x += tf * norms[n0 + f]!;
        }
        x = Math.fround(x);
        const bi = 2 * (term[t4 + 3]! + (blockFirst >>> BLOCK_BITS));
        blocks[bi] = d;
        if (x > blockMax[bi + 1]!) blockMax[bi + 1] = x;
      }
      p = end;
      from = to;
    }
    chunks.length = 0;
    this.#termStrings.length = 0;
  }
}

/**
 * What a builder of docs [firstDoc, firstDoc + docCount) knows of them (SearchIndexBuilder.summary),
 * all planSearchFile needs of it: its terms and their dfs by its own term ids (first-seen order),
 * its languages by its own language ids, and per doc its language id and field lengths.
 */
export interface SearchPartSummary {
  firstDoc: number;
  docCount: number;
  terms: string[];
  df: Uint32Array;
  languages: string[];
  docLanguage: Uint8Array;
  /** F per doc. */
  lengths: Uint16Array;
}

/** Where a part's postings go (SearchIndexBuilder.scatter), with what tf~ needs. */
export interface SearchPlacement {
  /** Where the Postings section starts in the file. */
  postingsAt: number;
  /**
   * Per term id of the part, 4 × u32: the term's postings in the parts before it (where its own
   * start, counted from the term's first posting), the term's df over all parts, its first
   * posting (TermStarts) and its first block. The first is the part's cursor while it scatters.
   */
  terms: Uint32Array;
  avgFieldLengths: number[];
  fieldWeights: number[];
  fieldB: number[];
}

/**
 * The layout of a search file whose docs are in parts (planSearchFile): its size, where the
 * sections start in the file, the bytes of every section but Postings, Blocks and TermMax, each
 * part's placement, and by term rank the df and first block (for TermMax).
 */
export interface SearchFilePlan {
  size: number;
  /** Where each section (Terms, TermStarts, TermMax, Blocks, Postings, Lengths, DocLanguage) starts in the file. */
  at: number[];
  blockCount: number;
  head: Buffer;
  termBytes: Buffer;
  termStarts: Uint32Array;
  lengths: Uint16Array;
  docLanguage: Uint8Array;
  /** By term rank. */
  df: Uint32Array;
  firstBlock: Uint32Array;
  placements: SearchPlacement[];
}

/** The sections of a search file, in order (FORMAT.md § 15). */
const TERMS = 0;
const TERM_STARTS = 1;
const TERM_MAX = 2;
const BLOCKS = 3;
const POSTINGS = 4;
const LENGTHS = 5;
const DOC_LANGUAGE = 6;

/**
 * Lays out the search file of docs that `parts` (their builders' summaries, docs in order and
 * contiguous from 0) hold between them: the term dictionary is the union of theirs, sorted; a
 * term's postings are the first part's, then the second's, ... (docs ascending); languages are
 * the sorted union, docs' language ids remapped to them; lengths and languages are the parts'
 * one after the other; the header (avgFieldLengths over all docs) and the sections' sizes follow.
 * The same bytes for any split of the same docs into parts.
 */
export function planSearchFile(parts: readonly SearchPartSummary[]): SearchFilePlan {
  const F = FIELD_COUNT;
  const B = SEARCH_BLOCK_SIZE;
  let N = 0;
  for (const part of parts) {
    if (part.firstDoc !== N) throw new Error(`search index: a part starts at doc ${part.firstDoc}, expected ${N}`);
    if (part.docLanguage.length !== part.docCount || part.lengths.length !== part.docCount * F || part.df.length !== part.terms.length) throw new Error('search index: a part summary is malformed');
    N += part.docCount;
  }
  // Term ids over all parts (the first part's own, then each other part's new terms), and per part its ids' global ones.
  const one = parts.length === 1;
  const strings: string[] = one ? parts[0]!.terms : [];
  const globalOf: Uint32Array[] = [];
  if (one) globalOf.push(Uint32Array.from(strings, (_, i) => i));
  else {
    const ids = new Map<string, number>();
    for (const part of parts) {
      globalOf.push(
        Uint32Array.from(part.terms, (t) => {
          let id = ids.get(t);
          if (id === undefined) {
            ids.set(t, (id = strings.length));
            strings.push(t);
          }
          return id;
        }),
      );
    }
  }
  const T = strings.length;
  const dfOf = new Uint32Array(T);
  parts.forEach((part, i) => part.df.forEach((n, id) => (dfOf[globalOf[i]![id]!]! += n)));
  const order = Uint32Array.from(strings, (_, i) => i).sort((a, b) => compare(strings[a]!, strings[b]!));
  // By global id: first posting, first block; by rank: TermStarts, df, first block.
  const start = new Uint32Array(T);
  const firstBlockOf = new Uint32Array(T);
  const termStarts = new Uint32Array(T + 1);
  const df = new Uint32Array(T);
  const firstBlock = new Uint32Array(T);
  let P = 0;
  let K = 0;
  order.forEach((id, i) => {
    termStarts[i] = start[id] = P;
    firstBlock[i] = firstBlockOf[id] = K;
    df[i] = dfOf[id]!;
    if (P + dfOf[id]! > 0xffffffff) throw new Error('search index: more than 2^32 postings');
    P += dfOf[id]!;
    K += blockCountOf(dfOf[id]!, B);
  });
  termStarts[T] = P;
  const termBytes = Buffer.from(Array.from(order, (id) => strings[id]! + '\n').join(''), 'utf8');
  // Languages: the sorted union; each doc's id remapped.
  const languages = [...new Set(parts.flatMap((part) => part.languages))].sort(compare);
  if (languages.length > 255) throw new Error('search index: more than 255 languages');
  const docLanguage = new Uint8Array(N);
  const lengths = one ? parts[0]!.lengths : new Uint16Array(N * F);
  for (const part of parts) {
    const remap = Uint8Array.from(part.languages, (l) => languages.indexOf(l));
    part.docLanguage.forEach((id, d) => (docLanguage[part.firstDoc + d] = remap[id]!));
    if (!one) lengths.set(part.lengths, part.firstDoc * F);
  }
  const avgFieldLengths = averageFieldLengths(lengths, N, F);
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
  const at = sections.map(([offset]) => head.length + offset);
  // Per part: a term's postings in the parts before it, its df, first posting and first block.
  const before = new Uint32Array(T);
  const placements = parts.map((part, i): SearchPlacement => {
    const ids = globalOf[i]!;
    const terms = new Uint32Array(4 * ids.length);
    ids.forEach((id, local) => {
      terms[4 * local] = before[id]!;
      terms[4 * local + 1] = dfOf[id]!;
      terms[4 * local + 2] = start[id]!;
      terms[4 * local + 3] = firstBlockOf[id]!;
      before[id]! += part.df[local]!;
    });
    return { postingsAt: at[POSTINGS]!, terms, avgFieldLengths, fieldWeights, fieldB };
  });
  return { size: head.length + payloadLength, at, blockCount: K, head, termBytes, termStarts, lengths, docLanguage, df, firstBlock, placements };
}

/** Writes the header and the sections planSearchFile holds (Terms, TermStarts, Lengths, DocLanguage) into `out` (plan.size bytes, zeros). */
export function writeSearchFileHead(out: Uint8Array, plan: SearchFilePlan): void {
  if (out.length !== plan.size) throw new Error(`search index: a file of ${out.length} bytes for ${plan.size}`);
  out.set(plan.head, 0);
  out.set(plan.termBytes, plan.at[TERMS]!);
  out.set(viewBytes(plan.termStarts), plan.at[TERM_STARTS]!);
  out.set(viewBytes(plan.lengths), plan.at[LENGTHS]!);
  out.set(plan.docLanguage, plan.at[DOC_LANGUAGE]!);
}

/**
 * The Blocks section of `out` as u32s (per block, [last doc, max tf~ as float32 bits]: the
 * section's little-endian layout, written in place; sections start at multiples of
 * PAYLOAD_ALIGNMENT in the file).
 */
export function searchFileBlocks(out: Uint8Array, plan: SearchFilePlan): Uint32Array {
  const at = out.byteOffset + plan.at[BLOCKS]!;
  if (!LITTLE_ENDIAN || at % 4 !== 0) throw new Error('search index: Blocks section not little-endian u32-aligned');
  return new Uint32Array(out.buffer, at, 2 * plan.blockCount);
}

/**
 * Completes a file whose postings every part has scattered, the first part's block bounds into
 * the file's Blocks section and each other part's into an array of its own (`others`, the same
 * layout): merges those in (a block shared by two parts ends at the later part's last doc, and
 * its max is the larger), then writes TermMax, the max of each term's blocks.
 */
export function finishSearchFile(out: Uint8Array, plan: SearchFilePlan, others: readonly Uint32Array[]): void {
  const blocks = searchFileBlocks(out, plan);
  const blockMax = new Float32Array(blocks.buffer, blocks.byteOffset, blocks.length);
  for (const other of others) {
    if (other.length !== blocks.length) throw new Error(`search index: ${other.length / 2} block bounds for ${plan.blockCount} blocks`);
    const otherMax = new Float32Array(other.buffer, other.byteOffset, other.length);
    // Untouched bounds are zeros: a later part's last doc is larger than any of an earlier part's.
    for (let i = 0; i < blocks.length; i += 2) {
      if (other[i]! > blocks[i]!) blocks[i] = other[i]!;
      if (otherMax[i + 1]! > blockMax[i + 1]!) blockMax[i + 1] = otherMax[i + 1]!;
    }
  }
  const termMax = new DataView(out.buffer, out.byteOffset + plan.at[TERM_MAX]!, 4 * plan.df.length);
  const B = SEARCH_BLOCK_SIZE;
  plan.df.forEach((n, t) => {
    let tmax = 0;
    for (let k = plan.firstBlock[t]!, end = k + blockCountOf(n, B); k < end; k++) if (blockMax[2 * k + 1]! > tmax) tmax = blockMax[2 * k + 1]!;
    termMax.setFloat32(4 * t, tmax, true);
  });
}

const LITTLE_ENDIAN = new Uint8Array(Uint16Array.of(1).buffer)[0] === 1;

/** log2 of SEARCH_BLOCK_SIZE. */
const BLOCK_BITS = Math.log2(SEARCH_BLOCK_SIZE);
if (!Number.isInteger(BLOCK_BITS)) throw new Error('search index: SEARCH_BLOCK_SIZE is no power of two');

/** A plain Uint8Array over a Buffer's bytes (element access without Buffer's subclass). */
const plainBytes = (b: Buffer) => new Uint8Array(b.buffer, b.byteOffset, b.byteLength);

/** The bytes of a typed array (a view, no copy). */
const viewBytes = (a: ArrayBufferView) => new Uint8Array(a.buffer, a.byteOffset, a.byteLength);

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
