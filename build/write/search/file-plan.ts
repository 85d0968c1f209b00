/**
 * The layout of a search file (FORMAT.md § 15) whose docs several builders hold between them
 * (SearchIndexBuilder.summary, one builder per range of docs, each on a thread of its own or one
 * for all): planned from their summaries, the header and the sections that need no postings
 * written first, each builder's postings scattered into their places (scatter.ts), the block
 * bounds merged and TermMax written last. The same bytes for any split of the same docs.
 */
import { alignUp, encodeContainer } from '../../../runtime/format/container.ts';
import { averageFieldLengths, blockCountOf, DEFAULT_FIELD_B, DEFAULT_FIELD_WEIGHTS, FIELD_COUNT, SEARCH_BLOCK_SIZE, SEARCH_FIELDS } from '../../../runtime/format/search-index.ts';
import { checksLength, sealSearchIndex, type SealShape } from '../../../runtime/format/search-checks.ts';
import { compareCodeUnits, LITTLE_ENDIAN, viewBytes } from './typed-arrays.ts';

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
  /** What sealSearchIndex needs to fill the Checks section once every other byte is written. */
  seal: SealShape;
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
  const order = Uint32Array.from(strings, (_, i) => i).sort((a, b) => compareCodeUnits(strings[a]!, strings[b]!));
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
  const languages = [...new Set(parts.flatMap((part) => part.languages))].sort(compareCodeUnits);
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
  const sizes = [termBytes.length, 4 * (T + 1), 4 * T, 8 * K, P * (4 + F), 2 * N * F, N, checksLength(T, K)];
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
  const seal: SealShape = { payloadStart: head.length, sections, termCount: T, blockCount: K, blockSize: B, fieldCount: F };
  return { size: head.length + payloadLength, at, blockCount: K, head, termBytes, termStarts, lengths, docLanguage, df, firstBlock, placements, seal };
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
 * its max is the larger), then writes TermMax, the max of each term's blocks, and last the
 * Checks section (CRC-32Cs of the head, the sections, each term's bounds and each block).
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
  sealSearchIndex(out, plan.seal);
}
