/**
 * The lines of a part of the search spill (SearchLines, search-record.ts): the texts its records
 * share, each written once.
 */
import { ByteSink } from './byte-sink.ts';
import type { SearchLines } from './search-record.ts';

/**
 * The lines of one part of the search spill that its records refer to (steps, ingredient names:
 * SearchLines, search-record.ts), each added once, in UTF-8, when a record uses it a second time (a
 * line that only one recipe has stays in that recipe's record: this part's lines are held in
 * memory until the part is done), and only up to LINES_LIMIT bytes.
 */
export class SpillLines {
  #bytes = new ByteSink(1 << 16);
  #ends = new Uint32Array(1024);
  #count = 0;

  /**
   * The id of the text whose bytes are `raw` (remembered in `ref`, which stands for that text in
   * this thread), or −1 when the record is to hold the text itself: its first use in this part,
   * or when the lines are full.
   */
  idOf(ref: LineRef, raw: Uint8Array): number {
    if (ref.lines === this) return ref.id;
    if (ref.seen !== this) {
      ref.seen = this;
      return -1;
    }
    if (this.#bytes.at + raw.length > LINES_LIMIT) return -1;
    this.#bytes.copy(raw);
    if (this.#count === this.#ends.length) {
      const ends = new Uint32Array(2 * this.#ends.length);
      ends.set(this.#ends);
      this.#ends = ends;
    }
    this.#ends[this.#count] = this.#bytes.at;
    ref.lines = this;
    ref.id = this.#count++;
    return ref.id;
  }

  /** The lines as they are now, in arrays of their own. */
  lines(): SearchLines {
    return { bytes: this.#bytes.bytes.slice(0, this.#bytes.at), ends: this.#ends.slice(0, this.#count) };
  }
}

/** Where a text is in a part's lines (SpillLines): `id` in `lines`, once it is added there; `seen`: the part that has used it once. */
export interface LineRef {
  lines: SpillLines | undefined;
  id: number;
  seen: SpillLines | undefined;
}

/** The most bytes of lines a part holds (default 64 MB). */
const LINES_LIMIT = 1 << 26;
