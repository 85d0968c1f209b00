/**
 * Records already read and checked, kept so that a hot record (a list's first page, a popular
 * recipe) is served again without reading its file and computing its CRC-32C on every request:
 * the CRC of a page of 20 records was most of the server's own work on `/recipes` (bench report,
 * "HTTP at 1M"). A record enters only after its CRC matched, so a byte that changes on disk later
 * can reach an answer only through a record read afresh, which is checked as before. Bounded by
 * bytes (least recently used out first); per thread; keyed by the reader, so a dataset swap starts
 * cold and the old version's records age out.
 */

/** Knob, with its default: RECORD_CACHE_BYTES (32 MiB of record bytes per thread; 0 turns the cache off). */
export const RECORD_CACHE_BYTES = 32 << 20;

export class RecordCache {
  readonly #map = new Map<number, Uint8Array>();
  #bytes = 0;

  constructor(readonly budget: number) {}

  /** The checked bytes of a record (its msgpack, without the CRC), marked as just used. */
  get(key: number): Uint8Array | undefined {
    const bytes = this.#map.get(key);
    if (bytes !== undefined) {
      this.#map.delete(key);
      this.#map.set(key, bytes);
    }
    return bytes;
  }

  /** Keeps a copy of checked record bytes (never a view: they may lie in a response buffer). */
  set(key: number, bytes: Uint8Array): void {
    if (bytes.length > this.budget || this.#map.has(key)) return;
    this.#map.set(key, bytes.slice());
    this.#bytes += bytes.length;
    for (const [old, b] of this.#map) {
      if (this.#bytes <= this.budget) break;
      this.#map.delete(old);
      this.#bytes -= b.length;
    }
  }

  get size(): number {
    return this.#map.size;
  }
}

export const RECORD_CACHE = new RecordCache(RECORD_CACHE_BYTES);

let serials = 0;
/**
 * A key space per reader: its records are keyed base + index, base = serial · 2^32. Keys stay exact
 * integers up to 2^20 readers in a thread's life; readers after those are not cached (undefined).
 */
export const nextReaderKeyBase = (): number | undefined => (serials < 2 ** 20 ? ++serials * 2 ** 32 : undefined);
