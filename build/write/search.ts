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

/** The text of each field (SEARCH_FIELDS order) of one recipe. Slugs ("main-course") split at hyphens. */
export function fieldTexts(r: Pick<Recipe, 'title' | 'ingredients' | 'tags' | 'categories' | 'cuisines' | 'courses' | 'description' | 'instructions'>): string[] {
  return [
    r.title,
    r.ingredients.map((i) => i.name).join('\n'),
    [...r.tags, ...r.categories, ...r.cuisines, ...r.courses].join('\n'),
    r.description,
    r.instructions.map((s) => s.text).join('\n'),
  ];
}

/**
 * The lines a part of the search spill refers to (SpillLines, spill-render.ts): line i is the
 * UTF-8 text bytes[ends[i − 1] (0 for i = 0), ends[i]).
 */
export interface SearchLines {
  bytes: Uint8Array;
  ends: Uint32Array;
}

/** Line i of `lines` as text. */
export function searchLine(lines: SearchLines, i: number): string {
  return Buffer.from(lines.bytes.buffer, lines.bytes.byteOffset, lines.bytes.byteLength).toString('utf8', i === 0 ? 0 : lines.ends[i - 1], lines.ends[i]);
}

/**
 * A recipe's search record: the byte length (u32 LE) of its language and of each field's items,
 * then its language (UTF-8) and each field's items. A field's text (fieldTexts) is its items
 * joined by LF; an item is a LEB128 varint v, then for even v that many bytes (v / 2) of UTF-8
 * text, while an odd v stands for line (v − 1) / 2 of the part's SearchLines (a step or an
 * ingredient name that recipes share: written once per part, analysed once per language).
 */
export const SEARCH_RECORD_HEADER = 4 * (1 + FIELD_COUNT);

/** Writes a varint at `at` of `buf`; returns where it ends. */
export function writeVarint(buf: Uint8Array, at: number, v: number): number {
  while (v >= 0x80) {
    buf[at++] = (v & 0x7f) | 0x80;
    v = Math.floor(v / 0x80);
  }
  buf[at++] = v;
  return at;
}

/** At most the bytes of the search record of (language, texts): room for writeSearchRecord. */
export function searchRecordRoom(language: string, texts: readonly string[]): number {
  let units = language.length;
  for (const t of texts) units += t.length;
  return SEARCH_RECORD_HEADER + 5 * FIELD_COUNT + 3 * units;
}

/**
 * Writes a recipe's search record at `at` of `buf` (searchRecordRoom bytes free), each field's
 * text as one item of text. Any text goes: nothing is escaped. Returns the record's length. The
 * search spill (spill.ts) holds these; SearchIndexBuilder.addRecord reads them.
 */
export function writeSearchRecord(buf: Buffer, at: number, language: string, texts: readonly string[]): number {
  if (texts.length !== FIELD_COUNT) throw new Error(`search record: ${texts.length} field texts for ${FIELD_COUNT} fields`);
  let p = at + SEARCH_RECORD_HEADER;
  for (let k = 0; k <= FIELD_COUNT; k++) {
    const text = k === 0 ? language : texts[k - 1]!;
    const from = p;
    if (text.length > 0) {
      if (k === 0) p += buf.write(text, p, 'utf8');
      else {
        // The varint of the byte length goes first: write the text after room for the longest one, then move it.
        const n = buf.write(text, p + 5, 'utf8');
        const textAt = writeVarint(buf, p, 2 * n);
        buf.copy(buf, textAt, p + 5, p + 5 + n);
        p = textAt + n;
      }
    }
    buf.writeUInt32LE(p - from, at + 4 * k);
  }
  return p - at;
}

/** A recipe's search record (writeSearchRecord) on its own. */
export function packSearchTexts(r: Pick<Recipe, 'language' | 'title' | 'ingredients' | 'tags' | 'categories' | 'cuisines' | 'courses' | 'description' | 'instructions'>): Buffer {
  const texts = fieldTexts(r);
  const buf = Buffer.allocUnsafe(searchRecordRoom(r.language, texts));
  return buf.subarray(0, writeSearchRecord(buf, 0, r.language, texts));
}

/** The language and field texts of the search record at `at` of `buf` (`lines`: its part's lines). */
export function unpackSearchTexts(buf: Buffer, at = 0, lines?: SearchLines): { language: string; texts: string[] } {
  let p = at + SEARCH_RECORD_HEADER;
  const language = buf.toString('utf8', p, (p += buf.readUInt32LE(at)));
  const texts: string[] = [];
  for (let f = 0; f < FIELD_COUNT; f++) {
    const end = p + buf.readUInt32LE(at + 4 + 4 * f);
    const items: string[] = [];
    while (p < end) {
      let v = 0;
      for (let shift = 1; ; shift *= 0x80) {
        const b = buf[p++]!;
        v += (b & 0x7f) * shift;
        if (b < 0x80) break;
      }
      if (v % 2 === 1) {
        if (!lines) throw new Error('search record: a line of a part without lines');
        items.push(searchLine(lines, (v - 1) / 2));
      } else items.push(buf.toString('utf8', p, (p += v / 2)));
    }
    if (p !== end) throw new Error('search record: malformed');
    texts.push(items.join('\n'));
  }
  return { language, texts };
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
 * five tf bytes; its doc is implied by the per-doc ends), and encode() scatters the postings doc
 * by doc straight into their blocks of the file, so each term's docs stay ascending. The terms are
 * exactly those of analyze() on the whole text (runtime/format/text).
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
    if (doc !== this.#added || doc >= this.#docCount) throw new Error(`search index: doc ${doc} out of order`);
    this.#added++;
    const F = FIELD_COUNT;
    if (buf.buffer !== this.#bytes.buffer || buf.byteOffset !== this.#bytes.byteOffset || buf.byteLength !== this.#bytes.byteLength) this.#bytes = new Uint8Array(buf.buffer, buf.byteOffset, buf.byteLength);
    const bytes = this.#bytes;
    let p = at + SEARCH_RECORD_HEADER;
    const languageBytes = buf.readUInt32LE(at);
    const language = buf.toString('utf8', p, (p += languageBytes));
    const lang = this.#languageId(language);
    this.#docLanguage[doc] = lang;
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
      this.#lengths[doc * F + f] = Math.min(count, MAX_FIELD_LENGTH);
    }
    this.#append(doc);
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

  /** Appends the current doc's postings (its distinct terms, first-seen order) to the chunks. */
  #append(doc: number): void {
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
   * one buffer of the file's size (postings scattered from the chunks into their blocks, the
   * block bounds taken on the way, the term bounds from the blocks') instead of building the arrays, the sections and
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
    // By term id: its first block (blocks in file order).
    const firstBlock = new Uint32Array(T);
    let P = 0;
    let K = 0;
    order.forEach((id, i) => {
      termStarts[i] = P;
      start[id] = P;
      firstBlock[id] = K;
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
    // Per block, [last doc, max tf~ (float32 bits)]: the Blocks section's layout (little-endian u32
    // and f32), written in place; sections start at multiples of PAYLOAD_ALIGNMENT in the file.
    if (!LITTLE_ENDIAN || (out.byteOffset + at(3)) % 4 !== 0) throw new Error('search index: Blocks section not little-endian u32-aligned');
    const blocks = new Uint32Array(out.buffer, out.byteOffset + at(3), 2 * K);
    this.#scatter(plainBytes(out), at(4), start, firstBlock, blocks, docNorms(this.#lengths, N, avgFieldLengths, fieldWeights, fieldB));
    // TermMax: the max of its term's blocks.
    const blockMax = new Float32Array(blocks.buffer, blocks.byteOffset, 2 * K);
    const termMaxAt = at(2);
    order.forEach((id, t) => {
      let tmax = 0;
      for (let k = firstBlock[id]!, end = k + blockCountOf(df[id]!, B); k < end; k++) if (blockMax[2 * k + 1]! > tmax) tmax = blockMax[2 * k + 1]!;
      out.writeFloatLE(tmax, termMaxAt + 4 * t);
    });
    return out;
  }

  /**
   * Writes every posting into its block of the Postings section at `postingsAt` (block j of the
   * term whose first posting is s at (s + j·B)·(4 + F): n docs, then n·F tf bytes), walking the
   * chunks in doc order so each term's docs come out ascending; chunks are released as they are
   * done. On the way, each posting's tf~ (tfTilde with the doc's norms, at hand in doc order)
   * goes into its block's max, and its doc into the block's last doc (the docs of a block ascend):
   * the Blocks and TermMax sections need no second pass over the postings.
   */
  #scatter(out: Uint8Array, postingsAt: number, start: Uint32Array, firstBlock: Uint32Array, blocks: Uint32Array, norms: Float32Array): void {
    const F = FIELD_COUNT;
    const B = SEARCH_BLOCK_SIZE;
    const W = 4 + F;
    const df = this.#termCounts;
    const chunks = this.#chunks;
    const ends = this.#docEnds;
    // By term id, side by side (one cache line): postings placed so far, df, first posting, first block.
    const T = start.length;
    const term = new Uint32Array(4 * T);
    for (let id = 0; id < T; id++) {
      term[4 * id + 1] = df[id]!;
      term[4 * id + 2] = start[id]!;
      term[4 * id + 3] = firstBlock[id]!;
    }
    const blockMax = new Float32Array(blocks.buffer, blocks.byteOffset, blocks.length);
    let p = 0;
    for (let d = 0; d < this.#docCount; d++) {
      const n0 = d * F;
      for (const end = ends[d + 1]!; p < end; p++) {
        const c = p >>> CHUNK_BITS;
        const j = p & CHUNK_MASK;
        const { terms, tfs } = chunks[c]!;
        const t4 = 4 * terms[j]!;
        const k = term[t4]!++;
        const o = k % B;
        const first = k - o; // the block's first posting, counted from the term's
        const n = Math.min(B, term[t4 + 1]! - first);
        const block = postingsAt + (term[t4 + 2]! + first) * W;
        let a = block + 4 * o;
        out[a] = d;
        out[a + 1] = d >>> 8;
        out[a + 2] = d >>> 16;
        out[a + 3] = d >>> 24;
        a = block + 4 * n + o * F;
        // tfTilde, inline.
        let x = 0;
        for (let f = 0, b = j * F; f < F; f++) {
          const tf = tfs[b + f]!;
          out[a + f] = tf;
          x += tf * norms[n0 + f]!;
        }
        x = Math.fround(x);
        const bi = 2 * (term[t4 + 3]! + (first >>> BLOCK_BITS));
        blocks[bi] = d;
        if (x > blockMax[bi + 1]!) blockMax[bi + 1] = x;
        if (j === CHUNK_MASK) chunks[c] = undefined as unknown as PostingChunk; // release as we go
      }
    }
    chunks.length = 0;
  }
}

const LITTLE_ENDIAN = new Uint8Array(Uint16Array.of(1).buffer)[0] === 1;

/** log2 of SEARCH_BLOCK_SIZE. */
const BLOCK_BITS = Math.log2(SEARCH_BLOCK_SIZE);
if (!Number.isInteger(BLOCK_BITS)) throw new Error('search index: SEARCH_BLOCK_SIZE is no power of two');

/** A plain Uint8Array over a Buffer's bytes (element access without Buffer's subclass). */
const plainBytes = (b: Buffer) => new Uint8Array(b.buffer, b.byteOffset, b.byteLength);

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
