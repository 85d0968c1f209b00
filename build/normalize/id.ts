import crypto from 'node:crypto';

/** One-shot SHA-256 (crypto.hash where this Node has it: no Hash object per call). */
const sha256: (text: string) => Uint8Array =
  typeof (crypto as { hash?: unknown }).hash === 'function'
    ? (text) => (crypto as unknown as { hash(alg: string, data: string, enc: 'buffer'): Buffer }).hash('sha256', text, 'buffer')
    : (text) => crypto.createHash('sha256').update(text, 'utf8').digest();

const BASE32 = 'abcdefghijklmnopqrstuvwxyz234567';

/** Lower-case RFC 4648 base32 without padding. */
export function base32(bytes: Uint8Array): string {
  let out = '';
  let buffer = 0;
  let bits = 0;
  for (const byte of bytes) {
    buffer = (buffer << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      out += BASE32[(buffer >>> (bits - 5)) & 31];
      bits -= 5;
    }
    buffer &= (1 << bits) - 1;
  }
  if (bits > 0) out += BASE32[(buffer << (5 - bits)) & 31];
  return out;
}

/** 13 base32 characters (65 bits) of SHA-256: opaque, stable, collision-free at our scale. */
export function hashId(text: string): string {
  // 13 characters are 65 bits: base32 of the first 9 bytes begins with them.
  return base32(sha256(text).subarray(0, 9)).slice(0, 13);
}

/**
 * The public recipe id: depends only on the source name and the record's key inside the
 * source, so it survives rebuilds and re-ordering. Never a slug of the title.
 */
export function recipeId(source: string, key: string): string {
  return hashId(`${source}:${key}`);
}
