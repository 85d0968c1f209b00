/**
 * The search index builder's memos of analysed text: (language, piece) and (language, line) →
 * the term ids of their tokens, in open-addressing hash tables that look a key up by its range in
 * the text (no string made for it), so that only a new piece or line is analysed.
 */
import { grown, plainBytes } from './typed-arrays.ts';

/** The tables' hash of a key: FNV-1a over its code units or bytes (HASH_SEED, hashStep), then its language (mixLanguage). */
export const HASH_SEED = 0x811c9dc5;
export const hashStep = (h: number, unit: number) => Math.imul(h ^ unit, 16777619);
export const mixLanguage = (h: number, lang: number) => {
  h = hashStep(h, lang);
  return (h ^ (h >>> 15)) | 0;
};

/** ASCII white space (HT, LF, VT, FF, CR, space): what separates pieces. */
export const isSpace = (c: number) => c === 32 || (c <= 13 && c >= 9);

/**
 * Pieces longer than this (code units) are analysed each time they occur, not remembered
 * (default 64, range 16..1000): longer runs without a space (URLs, unspaced CJK sentences)
 * rarely repeat.
 */
export const MAX_REMEMBERED_PIECE = 64;

/**
 * The open-addressing slots of PieceTable and LineTable (linear probing, at most half full):
 * per slot 4 × i32, where the key's terms are in its table's `lists` (−1: empty), the key's
 * hash, where its units are in the table's pool, and its length | language << 16; and the term
 * lists themselves. The tables share the probe (find); each compares the units of a key its own way.
 */
class KeySlots {
  slots = new Int32Array(4 << 16).fill(-1);
  mask = (1 << 16) - 1;
  #size = 0;
  /** Per key: its token count n, then n term ids. */
  lists = new Int32Array(1 << 20);
  listsUsed = 0;

  /**
   * Where the terms of the key (hash h, length | language << 16) are in `lists`, or −1: the slot
   * whose hash and length match and whose units (`sameUnits` of where they are in the table's
   * pool) are the key's.
   */
  find(h: number, key: number, sameUnits: (start: number) => boolean): number {
    const mask = this.mask;
    const slots = this.slots;
    for (let slot = h & mask; ; slot = (slot + 1) & mask) {
      const at = slot << 2;
      const list = slots[at]!;
      if (list < 0) return -1;
      if (slots[at + 1] === h && slots[at + 3] === key && sameUnits(slots[at + 2]!)) return list;
    }
  }

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
export class PieceTable {
  readonly #keys = new KeySlots();
  #pool = new Uint16Array(1 << 20);
  #poolUsed = 0;
  /** Per piece: its token count n, then n term ids. */
  get lists(): Int32Array {
    return this.#keys.lists;
  }

  /** Where the terms of text[i, j) in language `lang` (hash h) are in `lists`, or −1. */
  get(text: string, i: number, j: number, lang: number, h: number): number {
    this.#text = text;
    this.#from = i;
    this.#length = j - i;
    return this.#keys.find(h, (j - i) | (lang << 16), this.#sameUnits);
  }

  /** The key being looked up (get): text[#from, #from + #length). */
  #text = '';
  #from = 0;
  #length = 0;
  /** Whether the key's code units are the pool's from `start` on (made once: no closure per lookup). */
  readonly #sameUnits = (start: number): boolean => {
    const pool = this.#pool;
    const text = this.#text;
    const i = this.#from;
    const n = this.#length;
    let k = 0;
    while (k < n && pool[start + k] === text.charCodeAt(i + k)) k++;
    return k === n;
  };

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
export class LineTable {
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
    this.#key = bytes;
    this.#from = i;
    this.#to = j;
    return this.#keys.find(h, (j - i) | (lang << 16), this.#sameBytes);
  }

  /** The key being looked up (get): #key[#from, #to). */
  #key: Uint8Array = new Uint8Array(0);
  #from = 0;
  #to = 0;
  /** Whether the key's bytes are the pool's from `start` on (made once: no closure per lookup). */
  readonly #sameBytes = (start: number): boolean => {
    const bytes = this.#key;
    const i = this.#from;
    const j = this.#to;
    if (j - i >= NATIVE_COMPARE) return this.#pool.compare(bytes, i, j, start, start + j - i) === 0;
    const pool = this.#poolBytes;
    let k = i;
    const d = start - i;
    while (k < j && pool[d + k] === bytes[k]) k++;
    return k === j;
  };

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
export const MAX_REMEMBERED_LINE = 4096;
/** The line table starts afresh when it holds more bytes or term ids than this (default 2^25). */
const FULL_LINE_TABLE = 1 << 25;
