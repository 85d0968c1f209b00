/**
 * Numeric indexes, one per numeric field (FORMAT.md § 7 Numeric indexes):
 *
 *   numeric  --> Container(magic RDBN, header {field, unit, count, keys, docs, breakpoints}), Payload
 *   keys     --> Section: i32 LE ^ count     every known value's key, ascending
 *   docs     --> Section: u32 LE ^ count     the doc of each key, sorted by (key, doc)
 *   breakpoints --> [key: int, end: int, offset, length, cardinality] ^ m
 *                 cumulative bitmap "key <= key" = the docs of entries [0, end)
 *   Payload  --> keys, docs (each padded to 32 bytes), (Bitmap, Padding32) ^ m
 *
 * "key <= B": end = number of entries with key <= B (binary search in keys); p = the last
 * breakpoint with end_p <= end; the answer is bitmap_p OR the docs of entries [end_p, end) —
 * one OR with a small, contiguous slice. "key >= B" = has ANDNOT "key <= B - 1". The reader
 * keeps the last few results of either kind (NumericIndexReader.RECENT_BOUNDS).
 * Breakpoints sit at key boundaries, at least max(NUMERIC_BREAKPOINT_MIN_GAP,
 * NUMERIC_BREAKPOINT_FRACTION * count) entries apart, and the last one covers every entry (= has).
 */
import { decodeContainer, encodeContainer, alignUp, FormatError } from './container.ts';
import { BITMAP_ALIGNMENT, add, andNot, bitmapOfDistinct, cardinality, emptyBitmap, freeze, isFrozen, orInPlace, release, serializeBitmap, viewBitmap, type Bitmap } from './bitmap.ts';
import { NUMERIC_BREAKPOINT_FRACTION, NUMERIC_BREAKPOINT_MIN_GAP } from './constants.ts';

type Section = [offset: number, length: number];
type Breakpoint = [key: number, end: number, offset: number, length: number, cardinality: number];

export interface NumericIndexHeader {
  field: string;
  unit: string;
  count: number;
  keys: Section;
  docs: Section;
  breakpoints: Breakpoint[];
}

/** values[doc] = integer key (|key| < 2^31), or undefined when unknown. */
export function encodeNumericIndex(
  field: string,
  unit: string,
  values: readonly (number | undefined)[],
  /** Overrides NUMERIC_BREAKPOINT_MIN_GAP (tests use tiny gaps to exercise breakpoints). */
  minGap = NUMERIC_BREAKPOINT_MIN_GAP,
): Buffer {
  const entries: [number, number][] = [];
  values.forEach((v, doc) => {
    if (v === undefined) return;
    if (!Number.isInteger(v) || Math.abs(v) >= 2 ** 31) throw new Error(`numeric index ${field}: key ${v} of doc ${doc} is not a 32-bit integer`);
    entries.push([v, doc]);
  });
  entries.sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  const count = entries.length;
  const keys = Buffer.alloc(4 * count);
  const docs = Buffer.alloc(4 * count);
  entries.forEach(([k, d], i) => {
    keys.writeInt32LE(k, 4 * i);
    docs.writeUInt32LE(d, 4 * i);
  });
  const parts: Uint8Array[] = [];
  let at = 0;
  const put = (bytes: Uint8Array, align: number): Section => {
    const section: Section = [at, bytes.length];
    parts.push(bytes);
    const padded = alignUp(bytes.length, align);
    if (padded > bytes.length) parts.push(new Uint8Array(padded - bytes.length));
    at += padded;
    return section;
  };
  const keysSection = put(keys, BITMAP_ALIGNMENT);
  const docsSection = put(docs, BITMAP_ALIGNMENT);

  const gap = Math.max(minGap, Math.floor(count * NUMERIC_BREAKPOINT_FRACTION));
  const breakpoints: Breakpoint[] = [];
  const cumulative = emptyBitmap();
  let last = 0;
  for (let i = 0; i < count; i++) {
    const atKeyEnd = i === count - 1 || entries[i + 1]![0] !== entries[i]![0];
    if (!atKeyEnd) continue;
    const end = i + 1;
    if (end - last >= gap || end === count) {
      for (let j = last; j < end; j++) add(cumulative, entries[j]![1]);
      const bytes = serializeBitmap(cumulative);
      const [offset, length] = put(bytes, BITMAP_ALIGNMENT);
      breakpoints.push([entries[i]![0], end, offset, length, cardinality(cumulative)]);
      last = end;
    }
  }
  const header: NumericIndexHeader = { field, unit, count, keys: keysSection, docs: docsSection, breakpoints };
  return encodeContainer('numericIndex', header, parts);
}

export class NumericIndexReader {
  readonly field: string;
  readonly unit: string;
  readonly #header: NumericIndexHeader;
  readonly #payload: Uint8Array;
  readonly #keys: Int32Array;
  readonly #docs: Uint32Array;
  readonly #views: (Bitmap | undefined)[];
  readonly #has: Bitmap;

  constructor(file: Uint8Array, name: string) {
    const { header, payload } = decodeContainer<NumericIndexHeader>('numericIndex', file, name);
    this.field = header.field;
    this.unit = header.unit;
    this.#header = header;
    this.#payload = payload;
    const view = <T>(make: (b: ArrayBufferLike, o: number, n: number) => T, s: Section): T => {
      if (s[0] + s[1] > payload.length || s[1] !== 4 * header.count) throw new FormatError(`${name}: section outside the file`);
      return make(payload.buffer, payload.byteOffset + s[0], header.count);
    };
    // Sections are 32-byte aligned inside an aligned file buffer: typed-array views are valid.
    this.#keys = view((b, o, n) => new Int32Array(b, o, n), header.keys);
    this.#docs = view((b, o, n) => new Uint32Array(b, o, n), header.docs);
    this.#views = new Array(header.breakpoints.length);
    this.#has = header.breakpoints.length > 0 ? this.#breakpoint(header.breakpoints.length - 1) : emptyBitmap();
  }

  #breakpoint(i: number): Bitmap {
    const b = this.#header.breakpoints[i]!;
    return (this.#views[i] ??= viewBitmap(this.#payload.subarray(b[2], b[2] + b[3])));
  }

  /** Docs with a known value. */
  has(): Bitmap {
    return this.#has;
  }

  /** Docs whose key is <= bound. */
  le(bound: number): Bitmap {
    const end = upperBound(this.#keys, bound);
    if (end === 0) return emptyBitmap();
    return this.#remember(end, () => this.#le(end));
  }

  /** Docs whose key is >= bound: has ANDNOT "key <= bound − 1", kept like le's. */
  ge(bound: number): Bitmap {
    const end = upperBound(this.#keys, bound - 1);
    if (end === 0) return this.#has;
    if (end === this.#header.count) return emptyBitmap();
    return this.#remember(-1 - end, () => {
      const below = this.#le(end);
      const above = andNot(this.#has, below);
      if (!isFrozen(below)) release(below);
      return above;
    });
  }

  /**
   * The result of a bound, built once and kept. Bounds between breakpoints build a bitmap from a
   * slice of docs (~0.1–0.3 ms at 1M docs; a lower bound also one ANDNOT with every doc that has
   * a value); clients repeat a few bounds (presets, round minutes), so the last few are kept,
   * frozen (a caller that tried to modify one would get an error, not a corrupted cache). `key`:
   * end for "key <= B", −1 − end for "key >= B", where end = the entries with key <= B (resp. B − 1).
   */
  #remember(key: number, build: () => Bitmap): Bitmap {
    const cached = this.#recent.get(key);
    if (cached) {
      this.#recent.delete(key);
      this.#recent.set(key, cached);
      return cached;
    }
    const built = build();
    if (isFrozen(built)) return built; // a breakpoint's own view: nothing was built
    freeze(built);
    this.#recent.set(key, built);
    if (this.#recent.size > NumericIndexReader.RECENT_BOUNDS) this.#recent.delete(this.#recent.keys().next().value!);
    return built;
  }

  /** Bound results kept per field, upper and lower together (least recently used dropped): at most 16 × n/8 bytes. */
  static readonly RECENT_BOUNDS = 16;
  readonly #recent = new Map<number, Bitmap>();

  /** Docs of entries [0, end). */
  #le(end: number): Bitmap {
    const bps = this.#header.breakpoints;
    // The last breakpoint whose end is <= end.
    let lo = 0;
    let hi = bps.length - 1;
    let p = -1;
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      if (bps[mid]![1] <= end) {
        p = mid;
        lo = mid + 1;
      } else hi = mid - 1;
    }
    const from = p >= 0 ? bps[p]![1] : 0;
    if (p >= 0 && from === end) return this.#breakpoint(p);
    // From the breakpoint below (add the entries up to `end`) or the one above (remove the
    // entries from `end` on), whichever slice of docs is shorter.
    const next = p + 1 < bps.length ? bps[p + 1]! : undefined;
    if (next !== undefined && next[1] - end < end - from) {
      const above = bitmapOfDistinct(this.#docs.subarray(end, next[1]));
      const slice = andNot(this.#breakpoint(p + 1), above);
      release(above);
      return slice;
    }
    const slice = bitmapOfDistinct(this.#docs.subarray(from, end));
    if (p >= 0) orInPlace(slice, this.#breakpoint(p));
    return slice;
  }
}

/** Number of keys <= bound (keys ascending). */
function upperBound(keys: Int32Array, bound: number): number {
  let lo = 0;
  let hi = keys.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (keys[mid]! <= bound) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
