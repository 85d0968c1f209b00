/** How a search index builder keeps its postings, doc by doc, until it writes them. */
import { FIELD_COUNT } from '../../../runtime/format/search-index.ts';

/**
 * Postings are appended doc by doc in chunks of this many (term, tf×5) entries: no doubling
 * copies. The doc of a posting is not stored: docEnds[d + 1] is where doc d's postings end.
 */
export const CHUNK_BITS = 18;
export const CHUNK = 1 << CHUNK_BITS;
export const CHUNK_MASK = CHUNK - 1;

export interface PostingChunk {
  terms: Uint32Array;
  tfs: Uint8Array;
}

export const newChunk = (): PostingChunk => ({ terms: new Uint32Array(CHUNK), tfs: new Uint8Array(CHUNK * FIELD_COUNT) });

/** A builder's postings (SearchIndexBuilder), all its docs added: what scatterPostings reads. */
export interface DocPostings {
  /** Its docs are [firstDoc, firstDoc + docCount). */
  firstDoc: number;
  docCount: number;
  /** Postings: doc d's (counted among the builder's docs) are [docEnds[d], docEnds[d + 1]). */
  count: number;
  docEnds: Uint32Array;
  /** Released (set to undefined) as they are written. */
  chunks: PostingChunk[];
  /** The builder's terms (its own ids are 0 ... termCount − 1). */
  termCount: number;
  /** F per doc. */
  lengths: Uint16Array;
}
