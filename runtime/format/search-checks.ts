/**
 * The Checks section of the search index (FORMAT.md § 15.4 Checks): CRC-32Cs that let a reader check every
 * range it reads before using it, whether it keeps the file on disk (the server) or fetches
 * ranges over HTTP (the offline client).
 *
 *   Checks    --> HeadCrc, SectionCrc ^ 7, BoundsCrc ^ T, BlockCrc ^ K, ChecksCrc     all u32 LE
 *   HeadCrc    CRC-32C of the file's bytes before Payload (magic, version, header, padding)
 *   SectionCrc CRC-32C of each of the other sections, whole (its padding excluded)
 *   BoundsCrc  of term t's run of Blocks entries (8 bytes each, its ⌈df/B⌉ blocks)
 *   BlockCrc   of block k's bytes in Postings (docs then tfs)
 *   ChecksCrc  of the Checks bytes before it
 */
import { crc32c } from './crc32c.ts';

/** Sections in payload order; Checks is the last. */
export const SEARCH_SECTIONS = { terms: 0, termStarts: 1, termMax: 2, blocks: 3, postings: 4, lengths: 5, docLanguage: 6, checks: 7 } as const;
export const SEARCH_SECTION_COUNT = 8;
/** Sections a reader keeps in memory and checks whole when it opens the file. */
export const RESIDENT_SECTIONS = [0, 1, 2, 5, 6] as const;

/** Byte length of the Checks section of an index of T terms and K blocks. */
export const checksLength = (termCount: number, blockCount: number) => 4 * (1 + 7 + termCount + blockCount + 1);

/** Where each part of the Checks section starts, in u32s. */
export const CHECK_AT = { head: 0, section: 1, bounds: 8 } as const;

export interface SealShape {
  /** Absolute file offset of Payload (the end of what HeadCrc covers). */
  payloadStart: number;
  /** [offset relative to Payload, length] of every section, Checks last. */
  sections: readonly (readonly [number, number])[];
  termCount: number;
  blockCount: number;
  blockSize: number;
  fieldCount: number;
}

const u32At = (v: DataView, at: number) => v.getUint32(at, true);

/** Fills the Checks section of a finished search file in place (every other byte already written). */
export function sealSearchIndex(file: Uint8Array, s: SealShape): void {
  const abs = (i: number) => s.payloadStart + s.sections[i]![0];
  const len = (i: number) => s.sections[i]![1];
  const bytes = (at: number, n: number) => file.subarray(at, at + n);
  const view = new DataView(file.buffer, file.byteOffset, file.byteLength);
  const T = s.termCount;
  const W = 4 + s.fieldCount;
  const checksAt = abs(SEARCH_SECTIONS.checks);
  if (len(SEARCH_SECTIONS.checks) !== checksLength(T, s.blockCount)) throw new Error('search index: the Checks section has the wrong size');
  let w = checksAt;
  const put = (crc: number) => {
    view.setUint32(w, crc, true);
    w += 4;
  };
  put(crc32c(bytes(0, s.payloadStart)));
  for (let i = 0; i < 7; i++) put(crc32c(bytes(abs(i), len(i))));
  const starts = abs(SEARCH_SECTIONS.termStarts);
  const blocksAt = abs(SEARCH_SECTIONS.blocks);
  const postingsAt = abs(SEARCH_SECTIONS.postings);
  const blockCrcAt = checksAt + 4 * (CHECK_AT.bounds + T);
  let k = 0;
  for (let t = 0; t < T; t++) {
    const p0 = u32At(view, starts + 4 * t);
    const p1 = u32At(view, starts + 4 * t + 4);
    const kt = Math.ceil((p1 - p0) / s.blockSize);
    put(crc32c(bytes(blocksAt + 8 * k, 8 * kt)));
    for (let p = p0; p < p1; p += s.blockSize, k++) {
      view.setUint32(blockCrcAt + 4 * k, crc32c(bytes(postingsAt + p * W, Math.min(s.blockSize, p1 - p) * W)), true);
    }
  }
  if (k !== s.blockCount) throw new Error(`search index: ${k} blocks for a header of ${s.blockCount}`);
  w = blockCrcAt + 4 * k;
  put(crc32c(bytes(checksAt, w - checksAt)));
}
