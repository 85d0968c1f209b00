import crypto from 'node:crypto';

/**
 * One-shot SHA-256 in hex (crypto.hash where this Node has it: no Hash object per call). Hex, not
 * a Buffer: a string result needs no ArrayBuffer, and the Buffer form cost ~2.5× as much per call.
 */
const sha256Hex: (text: string) => string =
  typeof (crypto as { hash?: unknown }).hash === 'function'
    ? (text) => (crypto as unknown as { hash(alg: string, data: string, enc: 'hex'): string }).hash('sha256', text, 'hex')
    : (text) => crypto.createHash('sha256').update(text, 'utf8').digest('hex');

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
  // 13 characters are 65 bits: the base32 of the digest begins with those of its first 17 hex
  // digits (68 bits), read 4 bits at a time as base32() reads 8.
  const hex = sha256Hex(text);
  let out = '';
  let buffer = 0;
  let bits = 0;
  for (let i = 0; out.length < 13; i++) {
    const c = hex.charCodeAt(i); // '0'-'9' or 'a'-'f'
    buffer = (buffer << 4) | (c <= 57 ? c - 48 : c - 87);
    bits += 4;
    if (bits >= 5) {
      out += BASE32[(buffer >>> (bits - 5)) & 31];
      bits -= 5;
      buffer &= (1 << bits) - 1;
    }
  }
  return out;
}

/**
 * The public recipe id: depends only on the source name and the record's key inside the
 * source, so it survives rebuilds and re-ordering. Never a slug of the title.
 */
export function recipeId(source: string, key: string): string {
  return hashId(`${source}:${key}`);
}
