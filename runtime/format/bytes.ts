/**
 * Reading little-endian numbers and text out of plain Uint8Arrays (no Buffer: the readers run in
 * browsers and edge runtimes too). Every number in the format is little-endian (dataset/FORMAT.md).
 */
/** A DataView over exactly these bytes (for loops: one view, many reads). */
export const view = (b: Uint8Array): DataView => new DataView(b.buffer, b.byteOffset, b.byteLength);

export const u32le = (b: Uint8Array, at: number): number => view(b).getUint32(at, true);

export const f32le = (b: Uint8Array, at: number): number => view(b).getFloat32(at, true);

/** Bytes as Latin-1 text (one character per byte): magics and ids. */
export function latin1(b: Uint8Array, start = 0, end = b.length): string {
  let s = '';
  for (let i = start; i < end && i < b.length; i++) s += String.fromCharCode(b[i]!);
  return s;
}

const decoder = new TextDecoder();

export const utf8Text = (b: Uint8Array): string => decoder.decode(b);

/** Lexicographic order of two byte ranges, as Buffer.compare: negative, 0 or positive. */
export function compareBytes(a: Uint8Array, aStart: number, aEnd: number, b: Uint8Array, bStart: number, bEnd: number): number {
  const n = Math.min(aEnd - aStart, bEnd - bStart);
  for (let i = 0; i < n; i++) {
    const d = a[aStart + i]! - b[bStart + i]!;
    if (d !== 0) return d;
  }
  return aEnd - aStart - (bEnd - bStart);
}
