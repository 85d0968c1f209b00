/**
 * Text → term ids for the search index builder (builder.ts), each distinct text analysed once: a
 * line a spill part shares once per part and language (refTerms), any other line looked up on its
 * UTF-8 bytes (LineTable) and a new line cut into pieces at ASCII white space, each distinct piece
 * analysed once per language (analyze(): normalise, tokenise, stem; then remembered in a hash
 * table looked up on the text's code units, PieceTable). The terms are exactly those of analyze()
 * on the whole text (runtime/format/text). Term ids are numbered in first-seen order.
 */
import { normalizeText } from '../../../runtime/format/text/normalize.ts';
import { stem } from '../../../runtime/format/text/stem.ts';
import { tokenize } from '../../../runtime/format/text/tokenize.ts';
import { searchLine, type SearchLines } from '../../spill/search-record.ts';
import { HASH_SEED, hashStep, isSpace, LineTable, MAX_REMEMBERED_LINE, MAX_REMEMBERED_PIECE, mixLanguage, PieceTable } from './term-tables.ts';
import { grown } from './typed-arrays.ts';

export class TermAnalyser {
  /** By term id, the term. */
  readonly terms: string[] = [];
  readonly #termIds = new Map<string, number>();
  /** By language, its id (first-seen order). */
  readonly languageIds = new Map<string, number>();
  /** Per language id: token → term id. */
  readonly #tokenTerms: Map<string, number>[] = [];
  readonly #pieces = new PieceTable();
  #lines = new LineTable();
  /** Per SearchLines, per language id: per line, where its terms are in refPool (−1: not analysed yet). */
  readonly #refs = new WeakMap<SearchLines, Int32Array[]>();
  /** Per line of a part analysed (refTerms): its token count n, then n term ids. */
  refPool = new Int32Array(1 << 16);
  #refUsed = 0;
  /** Where lineTerms puts the terms of a line it does not remember (valid until the next call). */
  readonly scratch: number[] = [];
  readonly #onNewTerm: (id: number) => void;

  /** `onNewTerm` hears of each new term id (ascending from 0) as it is made. */
  constructor(onNewTerm: (id: number) => void) {
    this.#onNewTerm = onNewTerm;
  }

  /** Per remembered line: its token count n, then n term ids (lineTerms says where). */
  get lineLists(): Int32Array {
    return this.#lines.lists;
  }

  /** No term is added any more: the term → id map is let go (terms stays). */
  finish(): void {
    this.#termIds.clear();
  }

  languageId(language: string): number {
    let lang = this.languageIds.get(language);
    if (lang === undefined) {
      lang = this.languageIds.size;
      if (lang > 255) throw new Error('search index: more than 255 languages');
      this.languageIds.set(language, lang);
    }
    return lang;
  }

  /**
   * The terms of the line bytes[a, b) of `buf` (UTF-8, no LF; `h`: its hash from HASH_SEED by
   * hashStep over its bytes) in language `lang`: where they are in lineLists (count first), or −1
   * when they are in scratch (a line too long to remember).
   */
  lineTerms(buf: Buffer, bytes: Uint8Array, a: number, b: number, h: number, lang: number, language: string): number {
    if (b - a > MAX_REMEMBERED_LINE) {
      this.#textTerms(buf.toString('utf8', a, b), lang, language);
      return -1;
    }
    h = mixLanguage(h, lang);
    let lines = this.#lines;
    let list = lines.get(bytes, a, b, lang, h);
    if (list < 0) {
      const made = this.#textTerms(buf.toString('utf8', a, b), lang, language);
      if (lines.full) this.#lines = lines = new LineTable();
      list = lines.set(bytes, a, b, lang, h, made);
    }
    return list;
  }

  /** Where the term ids of line `id` of `lines` in language `lang` are in refPool (count first): analysed once per part, line and language. */
  refTerms(lines: SearchLines, id: number, lang: number, language: string): number {
    let byLanguage = this.#refs.get(lines);
    if (byLanguage === undefined) this.#refs.set(lines, (byLanguage = []));
    let at = byLanguage[lang];
    if (at === undefined) at = byLanguage[lang] = new Int32Array(lines.ends.length).fill(-1);
    if (id >= at.length) throw new Error(`search record: no line ${id}`);
    let list = at[id]!;
    if (list < 0) {
      const terms = this.#textTerms(searchLine(lines, id), lang, language);
      if (this.#refUsed + 1 + terms.length > this.refPool.length) this.refPool = grown(this.refPool, this.#refUsed + 1 + terms.length);
      list = this.#refUsed;
      this.refPool[list] = terms.length;
      this.refPool.set(terms, list + 1);
      this.#refUsed += 1 + terms.length;
      at[id] = list;
    }
    return list;
  }

  /** The term ids of a text, piece by piece (PieceTable), in a scratch array (valid until the next call). */
  #textTerms(text: string, lang: number, language: string): number[] {
    const out = this.scratch;
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
        h = hashStep(h, c);
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

  #intern(term: string): number {
    let id = this.#termIds.get(term);
    if (id !== undefined) return id;
    id = this.terms.length;
    this.#termIds.set(term, id);
    this.terms.push(term);
    this.#onNewTerm(id);
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

}
