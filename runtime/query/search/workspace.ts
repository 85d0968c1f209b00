/**
 * Buffers the pruned pass reuses from query to query (one searcher runs one query at a time), so
 * a query allocates little: sized by the index's languages and block size, or grown on need.
 */
export class PassWorkspace {
  /** The one-essential-list scan's tf~ thresholds: per distinct scale of the scanned list (minTf) ... */
  readonly minTfOf: Float64Array;
  /** ... and per group of languages, when another word's chain is required (single-list-scan.ts). */
  readonly chainMinTf: Float64Array;
  /** A block's candidate postings, and the bitset that marks them. */
  readonly candidates: Uint16Array;
  readonly marks: Int32Array;
  #suffixBounds = new Float64Array(0);

  constructor(languages: number, blockSize: number) {
    this.minTfOf = new Float64Array(languages);
    this.chainMinTf = new Float64Array(languages);
    this.candidates = new Uint16Array(blockSize);
    this.marks = new Int32Array((blockSize + 31) >>> 5);
  }

  /** Room for `n` values of the lists' suffix bounds (Cursor.suffixBound: views of it), valid until the next call. */
  suffixBounds(n: number): Float64Array {
    if (this.#suffixBounds.length < n) this.#suffixBounds = new Float64Array(n * 2);
    return this.#suffixBounds;
  }
}
