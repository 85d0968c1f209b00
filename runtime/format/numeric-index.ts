/**
 * Numeric indexes, one per numeric field (FORMAT.md § Numeric indexes):
 *
 *   numeric --> Container(magic RDBN, header {field, unit, has, eq, le}), Payload
 *   has     --> [offset, length, cardinality]       docs with a known value
 *   eq      --> [key: int, offset, length, cardinality] ^ n   docs whose key equals `key`, ascending keys
 *   le      --> [key: int, offset, length, cardinality] ^ m   docs whose key <= `key`, at breakpoints (a subset of eq keys)
 *
 * "key <= B"  = le[p] OR eq[k] for p < k <= B, where p is the largest breakpoint <= B.
 * "key >= B"  = has ANDNOT "key <= B - 1".
 * Breakpoints keep at most max(NUMERIC_BREAKPOINT_MIN_GAP, NUMERIC_BREAKPOINT_FRACTION * |has|) docs
 * strictly between two of them, so a range query ORs a bounded number of small bitmaps.
 */
import { decodeContainer, encodeContainer, alignUp } from './container.ts';
import { BITMAP_ALIGNMENT, and, andNot, bitmapOf, emptyBitmap, or, serializeBitmap, viewBitmap, type Bitmap } from './bitmap.ts';
import { NUMERIC_BREAKPOINT_FRACTION, NUMERIC_BREAKPOINT_MIN_GAP } from './constants.ts';

type Slot = [offset: number, length: number, cardinality: number];
type KeyedSlot = [key: number, offset: number, length: number, cardinality: number];

export interface NumericIndexHeader {
  field: string;
  unit: string;
  has: Slot;
  eq: KeyedSlot[];
  le: KeyedSlot[];
}

/** values[doc] = integer key, or undefined when unknown. */
export function encodeNumericIndex(
  field: string,
  unit: string,
  values: readonly (number | undefined)[],
  /** Overrides NUMERIC_BREAKPOINT_MIN_GAP (tests use tiny gaps to exercise breakpoints). */
  minGap = NUMERIC_BREAKPOINT_MIN_GAP,
): Buffer {
  const byKey = new Map<number, number[]>();
  const hasDocs: number[] = [];
  values.forEach((v, doc) => {
    if (v === undefined) return;
    if (!Number.isInteger(v)) throw new Error(`numeric index ${field}: key ${v} of doc ${doc} is not an integer`);
    hasDocs.push(doc);
    let list = byKey.get(v);
    if (!list) byKey.set(v, (list = []));
    list.push(doc);
  });
  const keys = [...byKey.keys()].sort((a, b) => a - b);
  const gap = Math.max(minGap, Math.floor(hasDocs.length * NUMERIC_BREAKPOINT_FRACTION));

  const parts: Buffer[] = [];
  let at = 0;
  const put = (b: Bitmap): Slot => {
    const bytes = serializeBitmap(b);
    const slot: Slot = [at, bytes.length, b.size];
    parts.push(bytes);
    const padded = alignUp(bytes.length, BITMAP_ALIGNMENT);
    if (padded > bytes.length) parts.push(Buffer.alloc(padded - bytes.length));
    at += padded;
    return slot;
  };

  const has = put(bitmapOf(hasDocs));
  const eq: KeyedSlot[] = keys.map((k) => [k, ...put(bitmapOf(byKey.get(k)!))]);
  const le: KeyedSlot[] = [];
  const cumulative = emptyBitmap();
  let sinceBreakpoint = 0;
  keys.forEach((k, i) => {
    const docs = byKey.get(k)!;
    cumulative.addMany(docs);
    sinceBreakpoint += docs.length;
    const last = i === keys.length - 1;
    if (sinceBreakpoint >= gap || last) {
      le.push([k, ...put(cumulative)]);
      sinceBreakpoint = 0;
    }
  });
  const header: NumericIndexHeader = { field, unit, has, eq, le };
  return encodeContainer('numericIndex', header, parts);
}

export class NumericIndexReader {
  readonly field: string;
  readonly unit: string;
  readonly #payload: Buffer;
  readonly #header: NumericIndexHeader;
  readonly #has: Bitmap;
  readonly #eqViews: (Bitmap | undefined)[];
  readonly #leViews: (Bitmap | undefined)[];

  constructor(file: Buffer, name: string) {
    const { header, payload } = decodeContainer<NumericIndexHeader>('numericIndex', file, name);
    this.field = header.field;
    this.unit = header.unit;
    this.#header = header;
    this.#payload = payload;
    this.#has = this.#view(header.has[0], header.has[1]);
    this.#eqViews = new Array(header.eq.length);
    this.#leViews = new Array(header.le.length);
  }

  #view(offset: number, length: number): Bitmap {
    return viewBitmap(this.#payload.subarray(offset, offset + length));
  }

  #eq(i: number): Bitmap {
    const e = this.#header.eq[i]!;
    return (this.#eqViews[i] ??= this.#view(e[1], e[2]));
  }

  #le(i: number): Bitmap {
    const e = this.#header.le[i]!;
    return (this.#leViews[i] ??= this.#view(e[1], e[2]));
  }

  /** Docs with a known value. */
  has(): Bitmap {
    return this.#has;
  }

  /** Docs whose key is <= bound. */
  le(bound: number): Bitmap {
    const { eq, le } = this.#header;
    // Largest breakpoint index with key <= bound.
    const p = lastIndexAtMost(le, bound);
    const parts: Bitmap[] = [];
    let from = 0;
    if (p >= 0) {
      const key = le[p]![0];
      if (key === bound || p === le.length - 1) return bound >= key ? this.#le(p) : emptyBitmap();
      parts.push(this.#le(p));
      from = lastIndexAtMost(eq, key) + 1;
    }
    for (let i = from; i < eq.length && eq[i]![0] <= bound; i++) parts.push(this.#eq(i));
    if (parts.length === 0) return emptyBitmap();
    return parts.length === 1 ? parts[0]! : or(parts);
  }

  /** Docs whose key is >= bound. */
  ge(bound: number): Bitmap {
    const below = this.le(bound - 1);
    return below.size === 0 ? this.#has : andNot(this.#has, below);
  }

  /** Docs with lo <= key <= hi. */
  between(lo: number, hi: number): Bitmap {
    return and([this.ge(lo), this.le(hi)]);
  }
}

function lastIndexAtMost(slots: readonly KeyedSlot[], bound: number): number {
  let lo = 0;
  let hi = slots.length - 1;
  let found = -1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if (slots[mid]![0] <= bound) {
      found = mid;
      lo = mid + 1;
    } else hi = mid - 1;
  }
  return found;
}
