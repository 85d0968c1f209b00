import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { readVarint, varintSize, writeVarint } from '../../../build/codec/varint.ts';

describe('varint', () => {
  it('writes 7 bits a byte, low bits first, the high bit on every byte but the last', () => {
    const bytes = new Uint8Array(8);
    expect(writeVarint(bytes, 1, 300)).toBe(3);
    expect([...bytes.subarray(1, 3)]).toEqual([0xac, 0x02]);
    expect(writeVarint(bytes, 0, 0)).toBe(1);
    expect(bytes[0]).toBe(0);
  });

  it('reads back every safe integer it writes, in varintSize bytes', () => {
    fc.assert(
      fc.property(fc.oneof(fc.nat(), fc.integer({ min: 0, max: 2 ** 32 }), fc.maxSafeNat()), fc.nat(4), (v, at) => {
        const bytes = new Uint8Array(at + 8).fill(0xff);
        const end = writeVarint(bytes, at, v);
        expect(end - at).toBe(varintSize(v));
        expect(readVarint(bytes, at)).toBe(v);
      }),
    );
  });
});
