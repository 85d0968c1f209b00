/**
 * The one module that imports the roaring library. Everything else speaks `Bitmap` and these
 * functions, so the library can be swapped (e.g. roaring-wasm in a browser) in one place.
 *
 * On disk, bitmaps use the portable RoaringFormatSpec serialisation; at runtime they are
 * zero-copy frozen views over the (32-byte aligned) file bytes.
 */
import roaring from 'roaring';

const { RoaringBitmap32 } = roaring;

export type Bitmap = InstanceType<typeof RoaringBitmap32>;

/** Alignment of every serialised bitmap inside an index file (frozen views want 32). */
export const BITMAP_ALIGNMENT = 32;

export function emptyBitmap(): Bitmap {
  return new RoaringBitmap32();
}

export function bitmapOf(values: Iterable<number> | Uint32Array | number[]): Bitmap {
  const b = new RoaringBitmap32(values as Iterable<number>);
  return b;
}

/** [0, n): every doc. */
export function rangeBitmap(n: number): Bitmap {
  return n > 0 ? RoaringBitmap32.fromRange(0, n) : new RoaringBitmap32();
}

/** Portable (RoaringFormatSpec) bytes, run-optimised: deterministic for equal sets. */
export function serializeBitmap(b: Bitmap): Buffer {
  const copy = b.clone();
  copy.runOptimize();
  copy.shrinkToFit();
  const bytes: Uint8Array = copy.serialize('portable');
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}

/** Decodes portable bytes into an owned bitmap (copies). */
export function deserializeBitmap(bytes: Uint8Array): Bitmap {
  return RoaringBitmap32.deserialize(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength), 'portable');
}

/**
 * A read-only view over portable bytes without copying. The caller must keep `bytes` alive
 * and unmodified for the life of the view (the bytes come from an immutable, verified file).
 */
export function viewBitmap(bytes: Uint8Array): Bitmap {
  return RoaringBitmap32.unsafeFrozenView(bytes, 'unsafe_frozen_portable');
}

/** An aligned, uninitialised buffer for file contents that will carry frozen views. */
export function alignedBuffer(size: number): Buffer {
  const bytes: Uint8Array = RoaringBitmap32.bufferAlignedAllocUnsafe(size, BITMAP_ALIGNMENT);
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}

export function and(bitmaps: readonly Bitmap[]): Bitmap {
  if (bitmaps.length === 0) throw new Error('and() of no bitmaps');
  // Intersect smallest first: each step is bounded by the smaller operand.
  const sorted = [...bitmaps].sort((a, b) => a.size - b.size);
  const out = sorted[0]!.clone();
  for (let i = 1; i < sorted.length && out.size > 0; i++) out.andInPlace(sorted[i]!);
  return out;
}

export function or(bitmaps: readonly Bitmap[]): Bitmap {
  if (bitmaps.length === 0) return new RoaringBitmap32();
  if (bitmaps.length === 1) return bitmaps[0]!.clone();
  return RoaringBitmap32.orMany(bitmaps as Bitmap[]);
}

export function andNot(a: Bitmap, b: Bitmap): Bitmap {
  return RoaringBitmap32.andNot(a, b);
}

/** a ∩ b as a new bitmap (two operands; see and() for many). */
export function intersect(a: Bitmap, b: Bitmap): Bitmap {
  return RoaringBitmap32.and(a, b);
}

/** a XOR b as a new bitmap. */
export function xor(a: Bitmap, b: Bitmap): Bitmap {
  return RoaringBitmap32.xor(a, b);
}

/** |a ∩ b| without materialising the intersection. */
export function intersectionSize(a: Bitmap, b: Bitmap): number {
  return a.andCardinality(b);
}

/*
 * In-place operations on an owned (never a frozen view) target: reusing a workspace bitmap avoids
 * allocating a fresh one per operation, which on large dense bitmaps costs far more than the
 * operation itself (measured in test/bench/pantry-micro.ts).
 */

/** target := source. */
export function copyInto(target: Bitmap, source: Bitmap): void {
  target.copyFrom(source);
}

export function andInPlace(target: Bitmap, b: Bitmap): void {
  target.andInPlace(b);
}

export function andNotInPlace(target: Bitmap, b: Bitmap): void {
  target.andNotInPlace(b);
}

export function orInPlace(target: Bitmap, b: Bitmap): void {
  target.orInPlace(b);
}

export function xorInPlace(target: Bitmap, b: Bitmap): void {
  target.xorInPlace(b);
}

/** Every value in ascending order, written into `out` when it is large enough (no allocation). */
export function toUint32Array(b: Bitmap, out?: Uint32Array): Uint32Array {
  return out && out.length >= b.size ? b.toUint32Array(out).subarray(0, b.size) : b.toUint32Array();
}

/** The values at ranks [offset, offset + limit) in ascending order. */
export function page(b: Bitmap, offset: number, limit: number): Uint32Array {
  const size = b.size;
  if (offset >= size || limit <= 0) return new Uint32Array(0);
  // roaring's rangeUint32Array(offset, limit) pages by rank (not by value).
  return b.rangeUint32Array(offset, Math.min(limit, size - offset));
}

export function toArray(b: Bitmap): number[] {
  return b.toArray();
}
