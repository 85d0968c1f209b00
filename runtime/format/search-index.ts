/**
 * The search index file (FORMAT.md § 15), shared by the compiler and the runtime:
 *
 *   search/index.bin --> Container(magic RDBT, Header), Payload
 *   Header      --> {name: "search", fields: str ^ F, languages: str ^ L, docCount: N, termCount: T,
 *                    postingCount: P, blockSize: B, blockCount: K, avgFieldLengths: float ^ F,
 *                    fieldWeights: float ^ F, fieldB: float ^ F, sections: [offset, length] ^ 8}
 *   Payload     --> (Section, Padding32) ^ 8, in this order:
 *   Terms       --> (term UTF-8, 0x0A) ^ T            sorted by code units, distinct
 *   TermStarts  --> u32 ^ (T + 1)                     postings of term t: [TermStarts[t], TermStarts[t+1])
 *   TermMax     --> f32 ^ T                           max tf~ over the term's postings
 *   Blocks      --> (last: u32, max: f32) ^ K         per block of B postings: its last doc and max tf~
 *   Postings    --> Block ^ K                         the blocks of term 0, then term 1, ...
 *   Block       --> doc: u32 ^ n, tf: u8 ^ (n · F)    n = B except a term's last block; docs ascending,
 *                                                     tf of posting i, field f at i·F + f (capped at 255)
 *   Lengths     --> u16 ^ (N · F)                     doc d, field f at d·F + f: terms in the field (capped)
 *   DocLanguage --> u8 ^ N                            index into `languages`
 *   Checks      --> CRC-32Cs of the head, sections, each term's bounds and each block (search-checks.ts)
 *
 * A term's document frequency is TermStarts[t+1] − TermStarts[t]; its blocks are the next
 * ⌈df / B⌉ blocks after those of the terms before it, and posting p starts at byte p·(4 + F) of
 * Postings' block grid (block j of term t at (TermStarts[t] + j·B)·(4 + F)). tf~ is the weighted,
 * length-normalised term frequency of BM25F, rounded to float32 (docNorms/tfTilde below), with
 * the header's fieldWeights and fieldB: the bounds are exact maxima for those.
 *
 * The runtime keeps Terms, TermStarts, TermMax, Lengths (as per-doc norms) and DocLanguage in
 * memory and reads a term's Blocks and one Block at a time by positional reads
 * (SearchIndexReader), so memory does not grow with the number of postings.
 */
import { alignUp, decodeContainer, encodeContainer, FormatError } from './container.ts';
import { bufferSource, type ByteSource } from './shard.ts';
import { crc32c } from './crc32c.ts';
import { CHECK_AT, checksLength, RESIDENT_SECTIONS, SEARCH_SECTION_COUNT, SEARCH_SECTIONS, sealSearchIndex } from './search-checks.ts';
import { u32le, utf8Text, view } from './bytes.ts';

/** Indexed fields, in column order. */
export const SEARCH_FIELDS = ['title', 'ingredients', 'labels', 'description', 'instructions'] as const;
export type SearchField = (typeof SEARCH_FIELDS)[number];
export const FIELD_COUNT = SEARCH_FIELDS.length;

export const MAX_TF = 255;
export const MAX_FIELD_LENGTH = 65535;
/** Postings per block (block-max bounds): default 128, range 32..1024 (smaller = finer skipping, more bounds). */
export const SEARCH_BLOCK_SIZE = 128;

/**
 * Field weights W_f (SEARCH_FIELDS order: title, ingredients, labels, description, instructions),
 * range 0..10, and BM25 length normalisation b_f (0 none .. 1 full; titles are short: 0.5).
 * Build-time knobs since format 3: the writer records them in the header (the block bounds
 * depend on them) and the runtime scores with the header's values.
 */
export const DEFAULT_FIELD_WEIGHTS: readonly number[] = [4, 2, 1.5, 1, 0.6];
export const DEFAULT_FIELD_B: readonly number[] = [0.5, 0.75, 0.5, 0.75, 0.75];

export interface SearchIndexData {
  fields: readonly string[];
  languages: readonly string[];
  docCount: number;
  terms: readonly string[];
  termStarts: Uint32Array;
  docs: Uint32Array;
  tfs: Uint8Array;
  lengths: Uint16Array;
  docLanguage: Uint8Array;
  avgFieldLengths: readonly number[];
  /** Defaults: DEFAULT_FIELD_WEIGHTS / DEFAULT_FIELD_B. */
  fieldWeights?: readonly number[];
  fieldB?: readonly number[];
}

export interface SearchIndexHeader {
  name: 'search';
  fields: string[];
  languages: string[];
  docCount: number;
  termCount: number;
  postingCount: number;
  blockSize: number;
  blockCount: number;
  avgFieldLengths: number[];
  fieldWeights: number[];
  fieldB: number[];
  sections: [number, number][];
}

const SECTION_COUNT = SEARCH_SECTION_COUNT;
const S = SEARCH_SECTIONS;

/** Typed arrays use the platform's byte order: on little-endian ones, u32 runs are copied as bytes. */
const LITTLE_ENDIAN = new Uint8Array(Uint32Array.of(1).buffer)[0] === 1;

const bytesOf = (a: ArrayBufferView) => Buffer.from(a.buffer, a.byteOffset, a.byteLength);

/** Mean of each field's stored length over all docs (0 for an empty index). */
export function averageFieldLengths(lengths: Uint16Array, docCount: number, fieldCount: number): number[] {
  const sums = new Array<number>(fieldCount).fill(0);
  for (let d = 0; d < docCount; d++) for (let f = 0; f < fieldCount; f++) sums[f]! += lengths[d * fieldCount + f]!;
  return sums.map((s) => (docCount > 0 ? s / docCount : 0));
}

/** Per doc and field: W_f / (1 − b_f + b_f · len_f / avg_f). Writer and reader compute it alike. */
export function docNorms(lengths: Uint16Array, docCount: number, avg: readonly number[], weights: readonly number[], b: readonly number[]): Float32Array {
  const F = avg.length;
  const norm = new Float32Array(docCount * F);
  for (let f = 0; f < F; f++) {
    const a = avg[f]! || 1;
    const bf = b[f] ?? 0.75;
    const w = weights[f] ?? 1;
    for (let d = 0, i = f; d < docCount; d++, i += F) norm[i] = w / (1 - bf + (bf * lengths[i]!) / a);
  }
  return norm;
}

/** tf~ (float32) of the posting whose F tf bytes start at tfs[at], for doc d. */
export function tfTilde(tfs: Uint8Array, at: number, norms: Float32Array, d: number, F: number): number {
  let x = 0;
  const n = d * F;
  for (let f = 0; f < F; f++) x += tfs[at + f]! * norms[n + f]!;
  return Math.fround(x);
}

export const blockCountOf = (df: number, blockSize: number) => Math.ceil(df / blockSize);

export function encodeSearchIndex(ix: SearchIndexData): Buffer {
  const F = ix.fields.length;
  const T = ix.terms.length;
  const P = ix.docs.length;
  const B = SEARCH_BLOCK_SIZE;
  const weights = [...(ix.fieldWeights ?? DEFAULT_FIELD_WEIGHTS)];
  const fieldB = [...(ix.fieldB ?? DEFAULT_FIELD_B)];
  const norms = docNorms(ix.lengths, ix.docCount, ix.avgFieldLengths, weights, fieldB);
  let K = 0;
  for (let t = 0; t < T; t++) K += blockCountOf(ix.termStarts[t + 1]! - ix.termStarts[t]!, B);
  const termMax = new Float32Array(T);
  const blocks = Buffer.alloc(8 * K);
  const postings = Buffer.alloc(P * (4 + F));
  const { docs, tfs } = ix;
  let k = 0;
  for (let t = 0; t < T; t++) {
    const end = ix.termStarts[t + 1]!;
    let tmax = 0;
    for (let p = ix.termStarts[t]!; p < end; p += B) {
      const n = Math.min(end, p + B) - p;
      let bmax = 0;
      const at = p * (4 + F);
      for (let i = 0; i < n; i++) {
        const d = docs[p + i]!;
        postings.writeUInt32LE(d, at + 4 * i);
        const x = tfTilde(tfs, (p + i) * F, norms, d, F);
        if (x > bmax) bmax = x;
      }
      postings.set(tfs.subarray(p * F, (p + n) * F), at + 4 * n);
      blocks.writeUInt32LE(docs[p + n - 1]!, 8 * k);
      blocks.writeFloatLE(bmax, 8 * k + 4);
      k++;
      if (bmax > tmax) tmax = bmax;
    }
    termMax[t] = tmax;
  }
  const parts = [
    Buffer.from(ix.terms.map((t) => t + '\n').join(''), 'utf8'),
    bytesOf(ix.termStarts),
    bytesOf(termMax),
    blocks,
    postings,
    bytesOf(ix.lengths),
    bytesOf(ix.docLanguage),
    Buffer.alloc(checksLength(T, K)), // filled by sealSearchIndex below
  ];
  const sections: [number, number][] = [];
  const payload: Buffer[] = [];
  let at = 0;
  for (const p of parts) {
    sections.push([at, p.length]);
    payload.push(p);
    const padded = alignUp(p.length);
    if (padded > p.length) payload.push(Buffer.alloc(padded - p.length));
    at += padded;
  }
  const header: SearchIndexHeader = {
    name: 'search',
    fields: [...ix.fields],
    languages: [...ix.languages],
    docCount: ix.docCount,
    termCount: T,
    postingCount: P,
    blockSize: B,
    blockCount: K,
    avgFieldLengths: [...ix.avgFieldLengths],
    fieldWeights: weights,
    fieldB,
    sections,
  };
  const file = encodeContainer('searchIndex', header, payload);
  sealSearchIndex(file, { payloadStart: file.length - at, sections, termCount: T, blockCount: K, blockSize: B, fieldCount: F });
  return file;
}

/** Copies bytes into a fresh, aligned ArrayBuffer (reads from a ByteSource may be unaligned views). */
function own(bytes: Uint8Array): ArrayBuffer {
  const copy = new Uint8Array(bytes.byteLength);
  copy.set(bytes);
  return copy.buffer;
}
const u32 = (b: Uint8Array) => (b.byteOffset % 4 === 0 ? new Uint32Array(b.buffer, b.byteOffset, b.byteLength >>> 2) : new Uint32Array(own(b)));
const f32 = (b: Uint8Array) => (b.byteOffset % 4 === 0 ? new Float32Array(b.buffer, b.byteOffset, b.byteLength >>> 2) : new Float32Array(own(b)));
const u16 = (b: Uint8Array) => (b.byteOffset % 2 === 0 ? new Uint16Array(b.buffer, b.byteOffset, b.byteLength >>> 1) : new Uint16Array(own(b)));

/** One term's block bounds (read on demand). */
export interface TermBlocks {
  /** Last doc of each block. */
  last: Uint32Array;
  /** Max tf~ in each block. */
  max: Float32Array;
}

/** One block of postings: docs ascending, tfs F bytes per posting. */
export interface PostingBlock {
  docs: Uint32Array;
  tfs: Uint8Array;
}

/**
 * The resident part of a search index plus positional reads of the rest. Reads the header and
 * the small sections (terms, term starts and bounds, lengths, languages) at construction; a
 * term's block bounds and its posting blocks are read per call. Section sizes are checked against
 * the header and the file size, so a truncated or mislabelled file is refused at construction.
 */
export class SearchIndexReader {
  readonly fields: readonly string[];
  readonly languages: readonly string[];
  readonly docCount: number;
  readonly termCount: number;
  readonly postingCount: number;
  readonly blockSize: number;
  readonly avgFieldLengths: readonly number[];
  readonly fieldWeights: readonly number[];
  readonly fieldB: readonly number[];
  readonly terms: readonly string[];
  readonly termStarts: Uint32Array;
  readonly termMax: Float32Array;
  /** First block of each term (T + 1 entries), derived from TermStarts. */
  readonly blockStarts: Uint32Array;
  readonly lengths: Uint16Array;
  readonly docLanguage: Uint8Array;
  readonly #source: ByteSource;
  readonly #name: string;
  /** Absolute file offsets of the sections. */
  readonly #at: number[];
  /** CRC-32C of each term's block bounds, then of each block (the Checks section, from BoundsCrc on); absent: read per check (checksByRange). */
  readonly #crcs: Uint32Array | undefined;
  /** Absolute file offset of BoundsCrc[0]. */
  readonly #crcsAt: number;
  /** Whether the reader reads its Checks by range (checksByRange): a reader fetching ranges. */
  get byRange(): boolean {
    return this.#crcs === undefined;
  }

  /**
   * `checksByRange`: read of the Checks section only the CRCs a read needs, when it needs them
   * (a reader fetching ranges: the whole section is 4 bytes per term and per block). A CRC is then
   * not itself checked by ChecksCrc: a damaged one can only refuse good bytes (503), never pass
   * damaged ones. Default: the whole section, checked by ChecksCrc, when the reader is built.
   */
  constructor(source: ByteSource, name: string, options: { checksByRange?: boolean } = {}) {
    this.#source = source;
    const fixed = source.read(0, 12);
    const headerLength = fixed.length === 12 ? u32le(fixed, 8) : 0;
    const payloadStart = alignUp(12 + headerLength);
    const { header: h } = decodeContainer<SearchIndexHeader>('searchIndex', source.read(0, Math.min(source.size, payloadStart)), name);
    if (h.name !== 'search' || !Array.isArray(h.sections) || h.sections.length !== SECTION_COUNT) throw new FormatError(`${name}: not a search index`);
    const F = h.fields.length;
    const T = h.termCount;
    const P = h.postingCount;
    const N = h.docCount;
    const want = [-1, 4 * (T + 1), 4 * T, 8 * h.blockCount, P * (4 + F), 2 * N * F, N, checksLength(T, h.blockCount)];
    this.#at = h.sections.map(([off, len], i) => {
      if (payloadStart + off + len > source.size) throw new FormatError(`${name}: section ${i} overruns the file`);
      if (want[i]! >= 0 && len !== want[i]) throw new FormatError(`${name}: section sizes disagree with the header`);
      return payloadStart + off;
    });
    this.#name = name;
    // Nothing is used before it is checked (FORMAT.md § 15.4 Checks): the Checks section, then the head and the resident sections.
    const checksLen = options.checksByRange ? 4 * CHECK_AT.bounds : h.sections[S.checks]![1];
    const checks = u32(source.read(this.#at[S.checks]!, checksLen));
    if (options.checksByRange) {
      if (checks.length !== CHECK_AT.bounds) throw new FormatError(`${name}: truncated Checks section`);
    } else {
      const checksBytes = new Uint8Array(checks.buffer, checks.byteOffset, checks.byteLength - 4);
      if (checks.length === 0 || crc32c(checksBytes) !== checks[checks.length - 1]) throw new FormatError(`${name}: the Checks section does not match its checksum (corrupt or altered)`);
    }
    if (crc32c(source.read(0, payloadStart)) !== checks[CHECK_AT.head]) throw new FormatError(`${name}: the header does not match its checksum (corrupt or altered)`);
    // Every resident section is read before any is checked: a lazy source fetches them in one round.
    const sections = new Map<number, Uint8Array>();
    let missing: { error: unknown } | undefined;
    for (const i of RESIDENT_SECTIONS) {
      try {
        sections.set(i, source.read(this.#at[i]!, h.sections[i]![1]));
      } catch (error) {
        missing ??= { error };
      }
    }
    if (missing) throw missing.error;
    for (const [i, b] of sections) {
      if (crc32c(b) !== checks[CHECK_AT.section + i]) throw new FormatError(`${name}: section ${i} does not match its checksum (corrupt or altered)`);
    }
    this.#crcs = options.checksByRange ? undefined : checks.subarray(CHECK_AT.bounds, checks.length - 1);
    this.#crcsAt = this.#at[S.checks]! + 4 * CHECK_AT.bounds;
    const section = (i: number): Uint8Array => sections.get(i)!;
    const termsText = utf8Text(section(S.terms));
    this.terms = termsText.length === 0 ? [] : termsText.slice(0, -1).split('\n');
    this.termStarts = u32(section(S.termStarts));
    this.termMax = f32(section(S.termMax));
    this.lengths = u16(section(S.lengths));
    this.docLanguage = Uint8Array.from(section(S.docLanguage));
    this.fields = h.fields;
    this.languages = h.languages;
    this.docCount = N;
    this.termCount = T;
    this.postingCount = P;
    this.blockSize = h.blockSize;
    this.avgFieldLengths = h.avgFieldLengths;
    this.fieldWeights = h.fieldWeights;
    this.fieldB = h.fieldB;
    this.blockStarts = new Uint32Array(T + 1);
    let k = 0;
    for (let t = 0; t < T; t++) {
      this.blockStarts[t] = k;
      const df = this.termStarts[t + 1]! - this.termStarts[t]!;
      if (!(df >= 0)) throw new FormatError(`${name}: term starts are not ascending`);
      k += blockCountOf(df, h.blockSize);
    }
    this.blockStarts[T] = k;
    const ok =
      this.terms.length === T &&
      this.termStarts[T] === P &&
      k === h.blockCount &&
      h.blockSize > 0 &&
      h.avgFieldLengths.length === F &&
      h.fieldWeights?.length === F &&
      h.fieldB?.length === F;
    if (!ok) throw new FormatError(`${name}: section sizes disagree with the header`);
  }

  /**
   * Bytes [at, at + n) of the file and the CRC-32Cs `first..first+count` of the Checks (from
   * BoundsCrc on), both read before either is used (a lazy source names both misses in one run).
   */
  #read(at: number, n: number, first: number, count: number): { raw: Uint8Array; crcs: ArrayLike<number> } {
    if (this.#crcs) return { raw: this.#source.read(at, n), crcs: this.#crcs.subarray(first, first + count) };
    let failure: { error: unknown } | undefined;
    const attempt = (f: () => Uint8Array): Uint8Array => {
      try {
        return f();
      } catch (error) {
        failure ??= { error };
        return new Uint8Array(0);
      }
    };
    const crcBytes = attempt(() => this.#source.read(this.#crcsAt + 4 * first, 4 * count));
    const raw = attempt(() => this.#source.read(at, n));
    if (failure) throw failure.error;
    if (crcBytes.length !== 4 * count) throw new FormatError(`${this.#name}: truncated Checks section`);
    return { raw, crcs: Array.from({ length: count }, (_, k) => u32le(crcBytes, 4 * k)) };
  }

  /**
   * Reads, without decoding, the block bounds and the postings of terms `terms` and their CRCs,
   * up to `maxBytes` of postings (smallest lists first), every read attempted before the first failure is thrown. Only a
   * reader over ranges (checksByRange) does anything: there a lazy source notes every miss, so
   * one round fetches what a query's terms will read, instead of a round per block as the query
   * reaches it (pruned queries decide the next block from the last one). In memory, a no-op.
   */
  prefetch(terms: Iterable<number>, maxBytes: number): void {
    if (!this.byRange) return;
    const F = this.fields.length;
    let failure: { error: unknown } | undefined;
    const attempt = (at: number, n: number) => {
      try {
        this.#source.read(at, n);
      } catch (error) {
        failure ??= { error };
      }
    };
    let budget = maxBytes;
    // Smallest lists first: the budget goes to as many terms as it can hold.
    for (const t of [...new Set(terms)].sort((a, b) => this.df(a) - this.df(b))) {
      const k0 = this.blockStarts[t]!;
      const k1 = this.blockStarts[t + 1]!;
      const p0 = this.termStarts[t]!;
      const bytes = (this.termStarts[t + 1]! - p0) * (4 + F);
      attempt(this.#crcsAt + 4 * t, 4);
      attempt(this.#at[S.blocks]! + 8 * k0, 8 * (k1 - k0));
      if (bytes > budget) continue;
      budget -= bytes;
      attempt(this.#crcsAt + 4 * (this.termCount + k0), 4 * (k1 - k0));
      attempt(this.#at[S.postings]! + p0 * (4 + F), bytes);
    }
    if (failure) throw failure.error;
  }

  /** Throws a FormatError unless `raw` (read just now) has the CRC-32C `want`. */
  #check(raw: Uint8Array, want: number | undefined, what: string): void {
    if (crc32c(raw) !== want) throw new FormatError(`${this.#name}: ${what} does not match its checksum (corrupt or altered)`);
  }

  static fromData(ix: SearchIndexData): SearchIndexReader {
    return new SearchIndexReader(bufferSource(encodeSearchIndex(ix)), 'search/index.bin');
  }

  df(t: number): number {
    return this.termStarts[t + 1]! - this.termStarts[t]!;
  }

  /** Block bounds of term t (one positional read). */
  blocks(t: number): TermBlocks {
    const k0 = this.blockStarts[t]!;
    const n = this.blockStarts[t + 1]! - k0;
    const { raw, crcs } = this.#read(this.#at[S.blocks]! + 8 * k0, 8 * n, t, 1);
    this.#check(raw, crcs[0], `the block bounds of term ${t}`);
    const last = new Uint32Array(n);
    const max = new Float32Array(n);
    const dv = view(raw);
    for (let i = 0; i < n; i++) {
      last[i] = dv.getUint32(8 * i, true);
      max[i] = dv.getFloat32(8 * i + 4, true);
    }
    return { last, max };
  }

  /** Block j of term t (one positional read). `into.docs` is reused when large enough. */
  block(t: number, j: number, into?: Uint32Array): PostingBlock {
    const F = this.fields.length;
    const p = this.termStarts[t]! + j * this.blockSize;
    const n = Math.min(this.blockSize, this.termStarts[t + 1]! - p);
    const { raw, crcs } = this.#read(this.#at[S.postings]! + p * (4 + F), n * (4 + F), this.termCount + this.blockStarts[t]! + j, 1);
    this.#check(raw, crcs[0], `block ${j} of term ${t}`);
    const docs = into && into.length >= n ? into.subarray(0, n) : new Uint32Array(n);
    if (LITTLE_ENDIAN) new Uint8Array(docs.buffer, docs.byteOffset, 4 * n).set(raw.subarray(0, 4 * n));
    else for (let i = 0; i < n; i++) docs[i] = u32le(raw, 4 * i);
    return { docs, tfs: raw.subarray(4 * n) };
  }

  /**
   * Every block of term t in order (one positional read of all its postings): visit(docs, tfs)
   * with the block's docs (ascending; a scratch array, valid during the call) and their tf bytes
   * (F per posting, in doc order).
   */
  forEachBlock(t: number, visit: (docs: Uint32Array, tfs: Uint8Array) => void): void {
    const F = this.fields.length;
    const B = this.blockSize;
    const p0 = this.termStarts[t]!;
    const df = this.termStarts[t + 1]! - p0;
    const { raw, crcs } = this.#read(this.#at[S.postings]! + p0 * (4 + F), df * (4 + F), this.termCount + this.blockStarts[t]!, this.blockStarts[t + 1]! - this.blockStarts[t]!);
    const scratch = new Uint32Array(Math.min(B, df));
    for (let j = 0; j * B < df; j++) {
      const n = Math.min(B, df - j * B);
      const at = j * B * (4 + F);
      this.#check(raw.subarray(at, at + n * (4 + F)), crcs[j], `block ${j} of term ${t}`);
      const docs = scratch.subarray(0, n);
      if (LITTLE_ENDIAN) new Uint8Array(docs.buffer, docs.byteOffset, 4 * n).set(raw.subarray(at, at + 4 * n));
      else for (let i = 0; i < n; i++) docs[i] = u32le(raw, at + 4 * i);
      visit(docs, new Uint8Array(raw.buffer, raw.byteOffset + at + 4 * n, n * F));
    }
  }
}

/** Decodes and checks a whole file into memory (tests, tools); the runtime uses SearchIndexReader. */
export function decodeSearchIndex(file: Uint8Array, name: string): SearchIndexData {
  const r = new SearchIndexReader(bufferSource(file), name);
  const F = r.fields.length;
  const docs = new Uint32Array(r.postingCount);
  const tfs = new Uint8Array(r.postingCount * F);
  for (let t = 0; t < r.termCount; t++) {
    for (let j = 0, n = blockCountOf(r.df(t), r.blockSize); j < n; j++) {
      const b = r.block(t, j);
      const p = r.termStarts[t]! + j * r.blockSize;
      docs.set(b.docs, p);
      tfs.set(b.tfs, p * F);
    }
  }
  return {
    fields: r.fields,
    languages: r.languages,
    docCount: r.docCount,
    terms: r.terms,
    termStarts: r.termStarts,
    docs,
    tfs,
    lengths: r.lengths,
    docLanguage: r.docLanguage,
    avgFieldLengths: r.avgFieldLengths,
    fieldWeights: r.fieldWeights,
    fieldB: r.fieldB,
  };
}
