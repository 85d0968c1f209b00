/**
 * The native implementation (the server's): the one module that imports the roaring library
 * (CRoaring). On disk, bitmaps use the portable RoaringFormatSpec serialisation; here they are
 * zero-copy frozen views over the (32-byte aligned) file bytes. `Bitmap` is opaque to callers;
 * here it is a RoaringBitmap32 (`R`), and the casts cost nothing at run time.
 */
import roaring from 'roaring';
import { walkIntersections } from './first-of-intersections.ts';
import { BITMAP_ALIGNMENT, CHUNK, type Bitmap } from './types.ts';

const { RoaringBitmap32 } = roaring;

type R = InstanceType<typeof RoaringBitmap32>;

export { BITMAP_ALIGNMENT, type Bitmap };

/** The library's bitmap behind an opaque one (no run-time cost). */
const r = (b: Bitmap): R => b as unknown as R;
const rs = (bs: readonly Bitmap[]): R[] => bs as unknown as R[];
const w = (b: R): Bitmap => b as unknown as Bitmap;

export function emptyBitmap(): Bitmap {
  return w(new RoaringBitmap32());
}

export function bitmapOf(values: Iterable<number> | Uint32Array | number[]): Bitmap {
  return w(new RoaringBitmap32(values as Iterable<number>));
}

/** Scratch of bitmapOfDistinct (grown on demand, cleared after each use). */
let scratchBits = new Uint32Array(0);
let scratchSummary = new Uint32Array(0);

/**
 * A bitmap of distinct values given in any order. The library inserts values one by one (an
 * unsorted slice of 8k values costs ~1 ms at 1M docs); here a two-level bitset sorts them (a
 * summary bit per 32-bit word, so only words holding values are visited) and the portable bytes
 * (RoaringFormatSpec, no run containers) are written directly and deserialised with one
 * allocation per container. Assumes a little-endian host (x86, ARM), like the frozen views.
 */
export function bitmapOfDistinct(values: Uint32Array): Bitmap {
  if (values.length < 64) return w(new RoaringBitmap32(values));
  let min = 0xffffffff;
  let max = 0;
  for (let i = 0; i < values.length; i++) {
    const v = values[i]!;
    if (v < min) min = v;
    if (v > max) max = v;
  }
  const first = min >>> 16;
  const chunks = (max >>> 16) - first + 1;
  if (scratchBits.length < chunks * 2048) {
    scratchBits = new Uint32Array(chunks * 2048);
    scratchSummary = new Uint32Array(chunks * 64);
  }
  const bits = scratchBits;
  const summary = scratchSummary;
  const cards = new Uint32Array(chunks);
  const base = first * 65536;
  for (let i = 0; i < values.length; i++) {
    const off = values[i]! - base;
    const bit = 1 << (off & 31);
    const w = off >>> 5;
    if ((bits[w]! & bit) === 0) {
      bits[w]! |= bit;
      summary[w >>> 5]! |= 1 << (w & 31);
      cards[off >>> 16]!++;
    }
  }
  let containers = 0;
  let size = 8;
  for (const card of cards) {
    if (card === 0) continue;
    containers++;
    size += 8 + (card > 4096 ? 8192 : 2 * card);
  }
  const out = new Uint8Array(size);
  const head = new DataView(out.buffer);
  const u16 = new Uint16Array(out.buffer);
  head.setUint32(0, 12346, true); // SERIAL_COOKIE_NO_RUNCONTAINER
  head.setUint32(4, containers, true);
  let k = 0;
  let at = 8 + 8 * containers;
  for (let c = 0; c < chunks; c++) {
    const card = cards[c]!;
    if (card === 0) continue;
    head.setUint16(8 + 4 * k, first + c, true);
    head.setUint16(10 + 4 * k, card - 1, true);
    head.setUint32(8 + 4 * containers + 4 * k, at, true);
    k++;
    if (card > 4096) {
      // A bitset container is 1024 little-endian u64 words: the same bytes as these u32 words.
      out.set(new Uint8Array(bits.buffer, c * 8192, 8192), at);
      at += 8192;
      continue;
    }
    let i = at >>> 1;
    for (let s = c * 64; s < (c + 1) * 64; s++) {
      let sw = summary[s]!;
      while (sw !== 0) {
        const sl = sw & -sw;
        const w = s * 32 + 31 - Math.clz32(sl);
        sw ^= sl;
        let word = bits[w]!;
        const low16 = (w & 2047) * 32;
        while (word !== 0) {
          const low = word & -word;
          u16[i++] = low16 + 31 - Math.clz32(low);
          word ^= low;
        }
      }
    }
    at += 2 * card;
  }
  bits.fill(0, 0, chunks * 2048);
  summary.fill(0, 0, chunks * 64);
  return w(RoaringBitmap32.deserialize(Buffer.from(out.buffer), 'portable'));
}

/** [0, n): every doc. */
export function rangeBitmap(n: number): Bitmap {
  return w(n > 0 ? RoaringBitmap32.fromRange(0, n) : new RoaringBitmap32());
}

/**
 * Portable (RoaringFormatSpec) bytes, run-optimised from plain containers: deterministic for equal
 * sets. runOptimize alone keeps a run container that ties with its plain form, and a container is
 * a run or not by the operations that built it (a range, a union with a range): run compression
 * is removed first, so a container is written as runs only when that is strictly smaller.
 */
export function serializeBitmap(b: Bitmap): Uint8Array {
  const copy = r(b).clone();
  copy.removeRunCompression();
  copy.runOptimize();
  copy.shrinkToFit();
  const bytes: Uint8Array = copy.serialize('portable');
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}

/** Decodes portable bytes into an owned bitmap (copies). */
export function deserializeBitmap(bytes: Uint8Array): Bitmap {
  return w(RoaringBitmap32.deserialize(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength), 'portable'));
}

/**
 * A read-only view over portable bytes without copying. The caller must keep `bytes` alive
 * and unmodified for the life of the view (the bytes come from an immutable, verified file).
 */
export function viewBitmap(bytes: Uint8Array): Bitmap {
  return w(RoaringBitmap32.unsafeFrozenView(bytes, 'unsafe_frozen_portable'));
}

/** An aligned, uninitialised buffer for file contents that will carry frozen views. */
export function alignedBuffer(size: number): Uint8Array {
  const bytes: Uint8Array = RoaringBitmap32.bufferAlignedAllocUnsafe(size, BITMAP_ALIGNMENT);
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}

/** The number of values. */
export function cardinality(b: Bitmap): number {
  return r(b).size;
}

export function has(b: Bitmap, value: number): boolean {
  return r(b).has(value);
}

/** Adds one value to an owned bitmap. */
export function add(target: Bitmap, value: number): void {
  r(target).add(value);
}

/** target := ∅ (a workspace made ready for reuse). */
export function clear(target: Bitmap): void {
  r(target).clear();
}

/** Makes an owned bitmap read-only: an in-place operation on it then throws. */
export function freeze(b: Bitmap): void {
  r(b).freeze();
}

/** A frozen bitmap: a view over bytes, or one given to freeze(). */
export function isFrozen(b: Bitmap): boolean {
  return r(b).isFrozen;
}

/** The intersection as a new bitmap (an owned copy even for one operand). */
export function and(bitmaps: readonly Bitmap[]): Bitmap {
  if (bitmaps.length === 0) throw new Error('and() of no bitmaps');
  if (bitmaps.length === 1) return w(r(bitmaps[0]!).clone());
  // Intersect smallest first: each step is bounded by the smaller operand. The first step
  // allocates only the result (cloning an operand first would copy all of it).
  const sorted = [...rs(bitmaps)].sort((a, b) => a.size - b.size);
  const out = RoaringBitmap32.and(sorted[0]!, sorted[1]!);
  for (let i = 2; i < sorted.length && out.size > 0; i++) out.andInPlace(sorted[i]!);
  return w(out);
}

export function or(bitmaps: readonly Bitmap[]): Bitmap {
  if (bitmaps.length === 0) return w(new RoaringBitmap32());
  if (bitmaps.length === 1) return w(r(bitmaps[0]!).clone());
  return w(RoaringBitmap32.orMany(rs(bitmaps)));
}

export function andNot(a: Bitmap, b: Bitmap): Bitmap {
  return w(RoaringBitmap32.andNot(r(a), r(b)));
}

/** a ∩ b as a new bitmap (two operands; see and() for many). */
export function intersect(a: Bitmap, b: Bitmap): Bitmap {
  return w(RoaringBitmap32.and(r(a), r(b)));
}

/** a XOR b as a new bitmap. */
export function xor(a: Bitmap, b: Bitmap): Bitmap {
  return w(RoaringBitmap32.xor(r(a), r(b)));
}

/**
 * Frees an owned temporary's containers now, not when its wrapper is collected. The binding
 * reports every container allocation to V8 as external memory and returns it only on collection,
 * so per-query temporaries left to the GC add up until V8 forces a full mark-compact: at 1M, a
 * 3-way filter's union alone (~130 KB) brought one 6–10 ms pause every ~500 queries. Only for
 * bitmaps the caller built and no longer uses; never an index's bitmap.
 */
export function release(b: Bitmap): void {
  r(b).clear();
}

/** |a ∩ b| without materialising the intersection. */
export function intersectionSize(a: Bitmap, b: Bitmap): number {
  return r(a).andCardinality(r(b));
}

/**
 * |a ∩ b ∩ c| by inclusion–exclusion: |a∩b| + |a∩c| + |b∩c| − |a| − |b| − |c| + |a∪b∪c|. Only
 * the union a ∪ b is built, and unions of dense sets stay dense (bitset containers, no per-value
 * work), where a ∩ b of two dense sets is often sparse enough to be extracted value by value.
 */
export function intersectionSize3(x: Bitmap, y: Bitmap, z: Bitmap): number {
  const a = r(x);
  const b = r(y);
  const c = r(z);
  const union = RoaringBitmap32.or(a, b);
  const n = a.andCardinality(b) + a.andCardinality(c) + b.andCardinality(c) - a.size - b.size - c.size + union.orCardinality(c);
  union.clear();
  return n;
}

/*
 * In-place operations on an owned (never a frozen view) target: reusing a workspace bitmap avoids
 * allocating a fresh one per operation, which on large dense bitmaps costs far more than the
 * operation itself (measured in test/bench/pantry-micro.ts).
 */

/** target := source. */
export function copyInto(target: Bitmap, source: Bitmap): void {
  r(target).copyFrom(r(source));
}

export function andInPlace(target: Bitmap, b: Bitmap): void {
  r(target).andInPlace(r(b));
}

export function andNotInPlace(target: Bitmap, b: Bitmap): void {
  r(target).andNotInPlace(r(b));
}

export function orInPlace(target: Bitmap, b: Bitmap): void {
  r(target).orInPlace(r(b));
}

export function xorInPlace(target: Bitmap, b: Bitmap): void {
  r(target).xorInPlace(r(b));
}

/**
 * target := [0, end) ∖ target, for a target inside [0, end). A sparse set is cheaper to keep as
 * its dense complement: an in-place operation whose result has at most 4,096 values in a 2^16
 * chunk converts that chunk to an array container value by value (and allocates it), while an
 * operation between dense (bitset) chunks that stay dense runs word by word in place.
 */
export function complementInPlace(target: Bitmap, end: number): void {
  r(target).flipRange(0, end);
}

/** The values of [0, end) congruent to `phase` mod 2: half of every chunk, kept as bitsets. */
export function stripedBitmap(end: number, phase: 0 | 1): Bitmap {
  return w(end > phase ? RoaringBitmap32.fromRange(phase, end, 2) : new RoaringBitmap32());
}

/** One past the last 2^16-doc chunk holding a value of any of the bitmaps (0 when all are empty). */
export function chunkedEnd(bitmaps: readonly Bitmap[]): number {
  let end = 0;
  for (const b of rs(bitmaps)) if (!b.isEmpty) end = Math.max(end, (Math.floor(b.maximum() / CHUNK) + 1) * CHUNK);
  return end;
}

/** Every value in ascending order, written into `out` when it is large enough (no allocation). */
export function toUint32Array(x: Bitmap, out?: Uint32Array): Uint32Array {
  const b = r(x);
  return out && out.length >= b.size ? b.toUint32Array(out).subarray(0, b.size) : b.toUint32Array();
}

/*
 * Counting and paging without materialising a whole result. In this library every bitmap a
 * result creates costs an allocation per container plus, when a dense (bitset) container
 * intersects down to an array container, a per-value extraction: at 1M docs, materialising an
 * intersection of ~50k docs costs ~30 times its cardinality count (andCardinality). A /recipes
 * page needs the total (a count) and 20 docs, so the executor counts the last step and builds
 * only the 2^16-doc chunks that hold the page.
 */

const chunkRanges: R[] = [];

/** [c · 2^16, (c + 1) · 2^16) as a bitmap (one run container, cached). */
function chunkRange(c: number): R {
  return (chunkRanges[c] ??= RoaringBitmap32.fromRange(c * CHUNK, (c + 1) * CHUNK));
}

/**
 * The values at ranks [offset, offset + limit) of (base ∩ every `and`) ∖ `not`, ascending.
 * Works one chunk at a time (base's chunk, intersected and subtracted in place) and stops once
 * the page is full; chunks before the page are built only to be counted.
 */
export function pageOfCombination(baseBitmap: Bitmap, andBitmaps: readonly Bitmap[], notBitmap: Bitmap | undefined, offset: number, limit: number): Uint32Array {
  const base = r(baseBitmap);
  const ands = rs(andBitmaps);
  const not = notBitmap === undefined ? undefined : r(notBitmap);
  if (limit <= 0 || base.isEmpty) return new Uint32Array(0);
  const out = new Uint32Array(limit);
  let filled = 0;
  let seen = 0;
  const part = new RoaringBitmap32(); // one scratch bitmap for every chunk
  const last = Math.floor(base.maximum() / CHUNK);
  for (let c = Math.floor(base.minimum() / CHUNK); c <= last && filled < limit; c++) {
    if (base.rangeCardinality(c * CHUNK, (c + 1) * CHUNK) === 0) continue;
    part.copyFrom(chunkRange(c));
    part.andInPlace(base);
    for (const x of ands) if (part.size > 0) part.andInPlace(x);
    if (not && part.size > 0) part.andNotInPlace(not);
    const size = part.size;
    if (seen + size > offset) {
      const from = Math.max(0, offset - seen);
      const take = Math.min(size - from, limit - filled);
      out.set(part.rangeUint32Array(from, take), filled);
      filled += take;
    }
    seen += size;
  }
  part.clear();
  return out.subarray(0, filled);
}

/**
 * The first `limit` values, ascending, of the union of a_i ∩ b_i over disjoint a_i, each with the
 * index i of its pair. Works one 2^16-value chunk at a time and stops once `limit` values are
 * found, or after `maxChunks` chunks that hold values of some a_i: a first page costs a chunk or
 * two however large the sets are, and a sparse union is left to a whole-set method. `complete`:
 * the values are the first `limit` of the union, or all of it.
 */
export function firstOfIntersections(
  pairBitmaps: readonly (readonly [Bitmap, Bitmap])[],
  limit: number,
  maxChunks: number,
): { values: number[]; pair: number[]; complete: boolean } {
  const pairs = pairBitmaps as unknown as readonly (readonly [R, R])[];
  let first = Infinity;
  let last = -1;
  for (const [a] of pairs) {
    if (a.isEmpty) continue;
    first = Math.min(first, Math.floor(a.minimum() / CHUNK));
    last = Math.max(last, Math.floor(a.maximum() / CHUNK));
  }
  const part = new RoaringBitmap32();
  const out = walkIntersections(pairs.length, first, last, limit, maxChunks, (i, c, want) => {
    const [a, b] = pairs[i]!;
    if (a.rangeCardinality(c * CHUNK, (c + 1) * CHUNK) === 0) return undefined;
    part.copyFrom(chunkRange(c));
    part.andInPlace(a);
    part.andInPlace(b);
    return part.size > 0 ? part.rangeUint32Array(0, want) : [];
  });
  part.clear();
  return out;
}

/** The values at ranks [offset, offset + limit) in ascending order. */
export function page(x: Bitmap, offset: number, limit: number): Uint32Array {
  const b = r(x);
  const size = b.size;
  if (offset >= size || limit <= 0) return new Uint32Array(0);
  // roaring's rangeUint32Array(offset, limit) pages by rank (not by value).
  return b.rangeUint32Array(offset, Math.min(limit, size - offset));
}

export function toArray(b: Bitmap): number[] {
  return r(b).toArray();
}
