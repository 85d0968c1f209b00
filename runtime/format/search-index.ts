/**
 * The search index file (FORMAT.md § 15), shared by the compiler and the runtime:
 *
 *   search/index.bin --> Container(magic RDBT, Header), Payload
 *   Header      --> {name: "search", fields: str ^ F, languages: str ^ L, docCount: N, termCount: T,
 *                    postingCount: P, avgFieldLengths: float ^ F, sections: [offset, length] ^ 6}
 *   Payload     --> (Section, Padding32) ^ 6, in this order:
 *   Terms       --> (term UTF-8, 0x0A) ^ T            sorted by code units, distinct
 *   TermStarts  --> u32 ^ (T + 1)                     postings of term t: [TermStarts[t], TermStarts[t+1])
 *   Docs        --> u32 ^ P                           per term, ascending doc
 *   Tfs         --> u8 ^ (P · F)                      posting p, field f at p·F + f (capped at 255)
 *   Lengths     --> u16 ^ (N · F)                     doc d, field f at d·F + f: terms in the field (capped)
 *   DocLanguage --> u8 ^ N                            index into `languages`
 *
 * A term's document frequency is TermStarts[t+1] − TermStarts[t].
 */
import { alignUp, decodeContainer, encodeContainer, FormatError } from './container.ts';

/** Indexed fields, in column order. Their weights are runtime knobs (runtime/query/search.ts). */
export const SEARCH_FIELDS = ['title', 'ingredients', 'labels', 'description', 'instructions'] as const;
export type SearchField = (typeof SEARCH_FIELDS)[number];
export const FIELD_COUNT = SEARCH_FIELDS.length;

export const MAX_TF = 255;
export const MAX_FIELD_LENGTH = 65535;

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
}

interface SearchIndexHeader {
  name: 'search';
  fields: string[];
  languages: string[];
  docCount: number;
  termCount: number;
  postingCount: number;
  avgFieldLengths: number[];
  sections: [number, number][];
}

const bytesOf = (a: ArrayBufferView) => Buffer.from(a.buffer, a.byteOffset, a.byteLength);

/** Mean of each field's stored length over all docs (0 for an empty index). */
export function averageFieldLengths(lengths: Uint16Array, docCount: number, fieldCount: number): number[] {
  const sums = new Array<number>(fieldCount).fill(0);
  for (let d = 0; d < docCount; d++) for (let f = 0; f < fieldCount; f++) sums[f]! += lengths[d * fieldCount + f]!;
  return sums.map((s) => (docCount > 0 ? s / docCount : 0));
}

export function encodeSearchIndex(ix: SearchIndexData): Buffer {
  const parts = [
    Buffer.from(ix.terms.map((t) => t + '\n').join(''), 'utf8'),
    bytesOf(ix.termStarts),
    bytesOf(ix.docs),
    bytesOf(ix.tfs),
    bytesOf(ix.lengths),
    bytesOf(ix.docLanguage),
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
    termCount: ix.terms.length,
    postingCount: ix.docs.length,
    avgFieldLengths: [...ix.avgFieldLengths],
    sections,
  };
  return encodeContainer('searchIndex', header, payload);
}

/** A typed view over file bytes; copies only when the bytes are not aligned for the element type. */
function view<T>(bytes: Buffer, make: (b: ArrayBuffer, o: number, n: number) => T, size: number): T {
  if (bytes.byteOffset % size === 0) return make(bytes.buffer as ArrayBuffer, bytes.byteOffset, bytes.byteLength / size);
  const copy = new Uint8Array(bytes.byteLength);
  copy.set(bytes);
  return make(copy.buffer, 0, bytes.byteLength / size);
}

/** Decodes and checks the file; typed arrays are views over `file` (keep it alive and unmodified). */
export function decodeSearchIndex(file: Buffer, name: string): SearchIndexData {
  const { header: h, payload } = decodeContainer<SearchIndexHeader>('searchIndex', file, name);
  if (h.name !== 'search' || h.sections.length !== 6) throw new FormatError(`${name}: not a search index`);
  const section = (i: number): Buffer => {
    const [off, len] = h.sections[i]!;
    if (off + len > payload.length) throw new FormatError(`${name}: section ${i} overruns the file`);
    return payload.subarray(off, off + len);
  };
  const F = h.fields.length;
  const termsText = section(0).toString('utf8');
  const terms = termsText.length === 0 ? [] : termsText.slice(0, -1).split('\n');
  const ix: SearchIndexData = {
    fields: h.fields,
    languages: h.languages,
    docCount: h.docCount,
    terms,
    termStarts: view(section(1), (b, o, n) => new Uint32Array(b, o, n), 4),
    docs: view(section(2), (b, o, n) => new Uint32Array(b, o, n), 4),
    tfs: section(3),
    lengths: view(section(4), (b, o, n) => new Uint16Array(b, o, n), 2),
    docLanguage: section(5),
    avgFieldLengths: h.avgFieldLengths,
  };
  const ok =
    terms.length === h.termCount &&
    ix.termStarts.length === h.termCount + 1 &&
    ix.termStarts[h.termCount] === h.postingCount &&
    ix.docs.length === h.postingCount &&
    ix.tfs.length === h.postingCount * F &&
    ix.lengths.length === h.docCount * F &&
    ix.docLanguage.length === h.docCount &&
    h.avgFieldLengths.length === F;
  if (!ok) throw new FormatError(`${name}: section sizes disagree with the header`);
  return ix;
}
