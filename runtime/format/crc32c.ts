/**
 * CRC-32C (Castagnoli, reflected polynomial 0x82F63B78, initial value and final XOR 0xFFFFFFFF):
 * the checksum of every record, search block and shard head (FORMAT.md § 11.1 Checks on read).
 * Pure TypeScript, slicing-by-16 over aligned 32-bit words (sixteen 256-entry tables, 16 KiB):
 * the offline client and the server check bytes alike with no platform library (no node:zlib in
 * the query core). Every served record is checked on every read, so its speed is the server's:
 * slicing-by-16 on word loads is about twice slicing-by-8 on byte loads (test/bench/REPORT.md).
 * Bytes before the first 4-byte boundary, after the last 16-byte step, and on a big-endian
 * machine are taken one at a time.
 */

const POLY = 0x82f63b78;

function makeTables(): Uint32Array {
  const t = new Uint32Array(16 * 256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? (c >>> 1) ^ POLY : c >>> 1;
    t[n] = c;
  }
  for (let n = 0; n < 256; n++) {
    let c = t[n]!;
    for (let s = 1; s < 16; s++) {
      c = t[c & 0xff]! ^ (c >>> 8);
      t[s * 256 + n] = c;
    }
  }
  return t;
}

const T = makeTables();
const LITTLE_ENDIAN = new Uint8Array(Uint32Array.of(1).buffer)[0] === 1;

/** CRC-32C of `bytes` (continuing from `crc`, the result of a previous call, when given). */
export function crc32c(bytes: Uint8Array, crc = 0): number {
  let c = ~crc >>> 0;
  let i = 0;
  const n = bytes.length;
  while (i < n && ((bytes.byteOffset + i) & 3) !== 0) c = T[(c ^ bytes[i++]!) & 0xff]! ^ (c >>> 8);
  if (LITTLE_ENDIAN && n - i >= 16) {
    const words = new Uint32Array(bytes.buffer, bytes.byteOffset + i, (n - i) >>> 2);
    const end = words.length - (words.length & 3);
    let w = 0;
    for (; w < end; w += 4) {
      const a = words[w]! ^ c;
      const b = words[w + 1]!;
      const d = words[w + 2]!;
      const e = words[w + 3]!;
      c =
        T[3840 + (a & 0xff)]! ^ T[3584 + ((a >>> 8) & 0xff)]! ^ T[3328 + ((a >>> 16) & 0xff)]! ^ T[3072 + (a >>> 24)]! ^
        T[2816 + (b & 0xff)]! ^ T[2560 + ((b >>> 8) & 0xff)]! ^ T[2304 + ((b >>> 16) & 0xff)]! ^ T[2048 + (b >>> 24)]! ^
        T[1792 + (d & 0xff)]! ^ T[1536 + ((d >>> 8) & 0xff)]! ^ T[1280 + ((d >>> 16) & 0xff)]! ^ T[1024 + (d >>> 24)]! ^
        T[768 + (e & 0xff)]! ^ T[512 + ((e >>> 8) & 0xff)]! ^ T[256 + ((e >>> 16) & 0xff)]! ^ T[e >>> 24]!;
    }
    i += 4 * w;
  }
  while (i < n) c = T[(c ^ bytes[i++]!) & 0xff]! ^ (c >>> 8);
  return ~c >>> 0;
}
