/**
 * LEB128 varints of non-negative safe integers, 7 bits a byte, low bits first, the high bit set
 * on every byte but the last: the spill's facts and search records use them (FORMAT.md does not:
 * they never leave a build).
 */

/** The most bytes a varint of a u32 takes. */
export const MAX_U32_VARINT = 5;

/** Writes v as a varint at `at` of `bytes` (room for it); returns where it ends. */
export function writeVarint(bytes: Uint8Array, at: number, v: number): number {
  while (v >= 0x80) {
    bytes[at++] = (v & 0x7f) | 0x80;
    v = Math.floor(v / 0x80);
  }
  bytes[at++] = v;
  return at;
}

/** The varint at `at` of `bytes` (its length: varintSize of it, as writeVarint writes it). */
export function readVarint(bytes: Uint8Array, at: number): number {
  let v = 0;
  for (let shift = 1; ; shift *= 0x80) {
    const b = bytes[at++]!;
    v += (b & 0x7f) * shift;
    if (b < 0x80) return v;
  }
}

/** The bytes of v's varint. */
export function varintSize(v: number): number {
  let n = 1;
  for (; v >= 0x80; n++) v = Math.floor(v / 0x80);
  return n;
}
