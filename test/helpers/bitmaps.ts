/** Shared by the bitmap property tests and the pantry micro-benchmark. */
import { alignedBuffer, bitmapOf, serializeBitmap, viewBitmap, type Bitmap } from '../../runtime/format/bitmap.ts';

/** Deterministic PRNG (mulberry32): the same seed gives the same data, so a failing fast-check seed or a benchmark run reproduces. */
export function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** The values as an owned bitmap, or as a frozen view over portable bytes (as the runtime's index files give them). */
export function asBitmap(values: number[], frozen: boolean): Bitmap {
  const b = bitmapOf(values);
  if (!frozen) return b;
  const bytes = serializeBitmap(b);
  const buf = alignedBuffer(bytes.length);
  buf.set(bytes);
  return viewBitmap(buf);
}
