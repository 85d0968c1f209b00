/** The Buffer-free byte readers agree with Node's Buffer methods they replace. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compareBytes, f32le, latin1, u32le } from '../../../runtime/format/bytes.ts';

const bytes = fc.uint8Array({ minLength: 0, maxLength: 24 });

describe('bytes', () => {
  it('orders byte ranges as Buffer.compare does', () => {
    fc.assert(
      fc.property(bytes, bytes, (a, b) => {
        expect(Math.sign(compareBytes(a, 0, a.length, b, 0, b.length))).toBe(Buffer.from(a).compare(Buffer.from(b)));
      }),
    );
  });

  it('reads u32 and f32 little-endian and Latin-1 text at any offset, as Buffer does', () => {
    fc.assert(
      fc.property(fc.uint8Array({ minLength: 9, maxLength: 40 }), fc.nat(), (raw, k) => {
        const at = k % (raw.length - 7);
        const view = raw.subarray(1); // a view that starts off its buffer's start
        const buf = Buffer.from(view.buffer, view.byteOffset, view.byteLength);
        expect(u32le(view, at)).toBe(buf.readUInt32LE(at));
        expect(Object.is(f32le(view, at), buf.readFloatLE(at)) || (Number.isNaN(f32le(view, at)) && Number.isNaN(buf.readFloatLE(at)))).toBe(true);
        expect(latin1(view, at, at + 4)).toBe(buf.toString('latin1', at, at + 4));
      }),
    );
  });
});
