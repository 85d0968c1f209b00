/**
 * CRC-32C (Castagnoli, reflected polynomial 0x82F63B78, initial value and final XOR 0xFFFFFFFF):
 * the checksum of every record, search block and shard head (FORMAT.md § 11.1 Checks on read).
 * Pure TypeScript, slicing-by-8 (eight 256-entry tables, 8 KiB): the offline client and the
 * server check bytes alike with no platform library (no node:zlib in the query core).
 */

const POLY = 0x82f63b78;

function makeTables(): Uint32Array {
  const t = new Uint32Array(8 * 256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? (c >>> 1) ^ POLY : c >>> 1;
    t[n] = c;
  }
  for (let n = 0; n < 256; n++) {
    let c = t[n]!;
    for (let s = 1; s < 8; s++) {
      c = t[c & 0xff]! ^ (c >>> 8);
      t[s * 256 + n] = c;
    }
  }
  return t;
}

const T = makeTables();

/** CRC-32C of `bytes` (continuing from `crc`, the result of a previous call, when given). */
export function crc32c(bytes: Uint8Array, crc = 0): number {
  let c = ~crc >>> 0;
  let i = 0;
  const n = bytes.length;
  const end8 = n - (n & 7);
  while (i < end8) {
    const lo = (bytes[i]! | (bytes[i + 1]! << 8) | (bytes[i + 2]! << 16) | (bytes[i + 3]! << 24)) ^ c;
    const hi = bytes[i + 4]! | (bytes[i + 5]! << 8) | (bytes[i + 6]! << 16) | (bytes[i + 7]! << 24);
    c =
      T[1792 + (lo & 0xff)]! ^
      T[1536 + ((lo >>> 8) & 0xff)]! ^
      T[1280 + ((lo >>> 16) & 0xff)]! ^
      T[1024 + (lo >>> 24)]! ^
      T[768 + (hi & 0xff)]! ^
      T[512 + ((hi >>> 8) & 0xff)]! ^
      T[256 + ((hi >>> 16) & 0xff)]! ^
      T[hi >>> 24]!;
    i += 8;
  }
  while (i < n) c = T[(c ^ bytes[i++]!) & 0xff]! ^ (c >>> 8);
  return ~c >>> 0;
}
