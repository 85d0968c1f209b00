/**
 * The search index builder (FORMAT.md § 15): every recipe's searchable fields are analysed
 * (runtime/format/text: normalise, tokenise, stem by the recipe's language) into per-field term
 * frequencies, accumulated doc by doc in typed arrays, then written as a sorted term dictionary
 * with column postings (file-plan.ts, scatter.ts). Deterministic: terms sorted by code units,
 * postings by doc, no Map-order or locale dependence.
 */
import type { Recipe } from '../../../runtime/format/recipe.ts';
import { averageFieldLengths, FIELD_COUNT, MAX_FIELD_LENGTH, MAX_TF, SEARCH_FIELDS, type SearchIndexData } from '../../../runtime/format/search-index.ts';
import { readVarint, varintSize } from '../../codec/varint.ts';
import { fieldTexts, isLineItem, SEARCH_RECORD_HEADER, searchRecordRoom, writeSearchRecord, type SearchLines } from '../../spill/search-record.ts';
import { finishSearchFile, planSearchFile, searchFileBlocks, writeSearchFileHead, type SearchPartSummary, type SearchPlacement } from './file-plan.ts';
import { CHUNK, CHUNK_BITS, CHUNK_MASK, newChunk, type PostingChunk } from './postings.ts';
import { scatterPostings } from './scatter.ts';
import { TermAnalyser } from './analyser.ts';
import { HASH_SEED, hashStep } from './term-tables.ts';
import { compareCodeUnits, grown, plainBytes } from './typed-arrays.ts';

/**
 * Accumulates the index one doc at a time (docs ascending) in typed arrays, from each recipe's
 * search record (addRecord; add and addTexts write one first), its texts turned into term ids
 * by a TermAnalyser (analyser.ts), each line once. Each posting costs 9 bytes (term id,
 * five tf bytes; its doc is implied by the per-doc ends), and encode() (or scatter(), for one
 * range of docs of a file that several builders write) scatters the postings a window of docs at
 * a time straight into their blocks of the file (scatter.ts), so each term's docs stay ascending.
 */
export class SearchIndexBuilder {
  /** Its docs are [#firstDoc, #firstDoc + #docCount). */
  readonly #firstDoc: number;
  readonly #docCount: number;
  readonly #analyser = new TermAnalyser((id) => {
    if (id >= this.#termCounts.length) {
      this.#termCounts = grown(this.#termCounts);
      this.#seenIn = grown(this.#seenIn);
      this.#slotOf = grown(this.#slotOf);
    }
  });
  #termCounts = new Uint32Array(1024);
  readonly #chunks: PostingChunk[] = [];
  /** Postings so far; doc d's (counted among this builder's docs) are [#docEnds[d], #docEnds[d + 1]). */
  #postings = 0;
  readonly #docEnds: Uint32Array;
  /** addTexts' record, and a plain byte view of addRecord's buffer. */
  #record = Buffer.allocUnsafe(1 << 16);
  #bytes: Uint8Array = new Uint8Array(0);
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
    const lang = this.#analyser.languageId(language);
    this.#docLanguage[local] = lang;
    this.#mark = doc + 1;
    this.#n = 0;
    for (let f = 0; f < F; f++) {
      const end = p + buf.readUInt32LE(at + 4 + 4 * f);
      let count = 0;
      while (p < end) {
        const v = readVarint(bytes, p);
        p += varintSize(v);
        if (isLineItem(v)) {
          if (lines === undefined) throw new Error('search record: a line of a part without lines');
          const list = this.#analyser.refTerms(lines, (v - 1) / 2, lang, language);
          const pool = this.#analyser.refPool;
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

  /** Counts the terms of the UTF-8 text bytes[a, end) in field f, line by line (TermAnalyser.lineTerms); returns how many. */
  #addText(buf: Buffer, bytes: Uint8Array, a: number, end: number, f: number, lang: number, language: string): number {
    const analyser = this.#analyser;
    let count = 0;
    while (a < end) {
      // One line: its hash, up to the next LF.
      let h = HASH_SEED;
      let b = a;
      for (; b < end; b++) {
        const c = bytes[b]!;
        if (c === 10) break;
        h = hashStep(h, c);
      }
      if (b > a) {
        const list = analyser.lineTerms(buf, bytes, a, b, h, lang, language);
        const terms = list >= 0 ? analyser.lineLists : analyser.scratch;
        const from = list >= 0 ? list + 1 : 0;
        const n = list >= 0 ? terms[list]! : terms.length;
        for (let k = from; k < from + n; k++) this.#count(terms[k]!, f);
        count += n;
      }
      a = b + 1;
    }
    return count;
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
    const languageIds = this.#analyser.languageIds;
    const languages = [...languageIds.keys()].sort(compareCodeUnits);
    const remap = new Uint8Array(256);
    for (const [l, id] of languageIds) remap[id] = languages.indexOf(l);
    const docLanguage = this.#docLanguage.map((id) => remap[id]!);
    this.#analyser.finish();
    const strings = this.#analyser.terms;
    const order = Uint32Array.from(strings, (_, i) => i).sort((a, b) => compareCodeUnits(strings[a]!, strings[b]!));
    return { languages, docLanguage, order };
  }

  /** The finished index as arrays (tests, evaluation); a builder of the whole index only (firstDoc 0), spent afterwards. */
  data(): SearchIndexData {
    if (this.#firstDoc !== 0) throw new Error('search index: data() of a part');
    const N = this.#added;
    const { languages, docLanguage, order } = this.#dictionary();
    const T = order.length;
    const terms = Array.from(order, (id) => this.#analyser.terms[id]!);
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
    const T = this.#analyser.terms.length;
    this.#analyser.finish();
    return {
      firstDoc: this.#firstDoc,
      docCount: this.#docCount,
      terms: this.#analyser.terms,
      df: this.#termCounts.subarray(0, T),
      languages: [...this.#analyser.languageIds.keys()],
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

  scatter(out: Uint8Array, placement: SearchPlacement, blocks: Uint32Array): void {
    this.#complete();
    scatterPostings(
      { firstDoc: this.#firstDoc, docCount: this.#docCount, count: this.#postings, docEnds: this.#docEnds, chunks: this.#chunks, termCount: this.#analyser.terms.length, lengths: this.#lengths },
      out,
      placement,
      blocks,
    );
    this.#analyser.terms.length = 0;
  }
}
