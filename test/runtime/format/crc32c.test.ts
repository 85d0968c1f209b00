import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { crc32c } from '../../../runtime/format/crc32c.ts';

/** The definition, one bit at a time: the oracle. */
function crc32cBitwise(bytes: Uint8Array): number {
  let c = 0xffffffff;
  for (const b of bytes) {
    c ^= b;
    for (let k = 0; k < 8; k++) c = c & 1 ? (c >>> 1) ^ 0x82f63b78 : c >>> 1;
  }
  return ~c >>> 0;
}

describe('crc32c', () => {
  it('gives the published check values (RFC 3720 B.4, the "123456789" check)', () => {
    expect(crc32c(new TextEncoder().encode('123456789'))).toBe(0xe3069283);
    expect(crc32c(new Uint8Array(32))).toBe(0x8a9136aa);
    expect(crc32c(new Uint8Array(32).fill(0xff))).toBe(0x62a8ab43);
    expect(crc32c(Uint8Array.from({ length: 32 }, (_, i) => i))).toBe(0x46dd794e);
    expect(crc32c(new Uint8Array(0))).toBe(0);
  });

  it('agrees with the bitwise definition on any bytes at any alignment, whole or continued in two parts', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 200 }), fc.nat(), fc.integer({ min: 0, max: 7 }), (raw, cut, offset) => {
        // The same bytes at `offset` into a larger buffer: word loads start at the first 4-byte boundary.
        const bytes = new Uint8Array(offset + raw.length).subarray(offset);
        bytes.set(raw);
        const at = bytes.length === 0 ? 0 : cut % bytes.length;
        expect(crc32c(bytes)).toBe(crc32cBitwise(bytes));
        expect(crc32c(bytes.subarray(at), crc32c(bytes.subarray(0, at)))).toBe(crc32cBitwise(bytes));
      }),
    );
  });
});
