/**
 * Values of the msgpack subset (FORMAT.md § 4.1) for property tests, with the edges of every
 * form's range, and `canon` to compare decoded values whatever their byte-array class.
 */
import fc from 'fast-check';
import type { Encodable } from './msgpack-grammar.ts';

const key = fc.string({ maxLength: 6 }).filter((k) => k !== '__proto__');

export const grammarValue: fc.Arbitrary<Encodable> = fc.letrec<{ value: Encodable }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    fc.integer({ min: -(2 ** 31), max: 2 ** 32 - 1 }),
    fc.constantFrom(0, 127, 128, 255, 256, 65535, 65536, 2 ** 32 - 1, -1, -32, -33, -128, -129, -32768, -32769, -(2 ** 31)),
    fc.double({ noNaN: true }),
    fc.constantFrom(2 ** 32, -(2 ** 31) - 1, 2 ** 53, 0.5, 1e300),
    fc.string({ unit: 'binary', maxLength: 40 }),
    fc.constantFrom(31, 32, 255, 256, 65535, 65536).map((n) => 'é'.repeat(n / 2) + 'x'.repeat(n % 2)),
    fc.boolean(),
    fc.uint8Array({ maxLength: 300 }),
    fc.array(tie('value'), { maxLength: 17 }),
    fc.dictionary(key, tie('value'), { maxKeys: 17 }),
  ),
})).value;

/** A decoded value with byte arrays as plain Uint8Array copies and -0 as 0. */
export function canon(v: unknown): unknown {
  if (v instanceof Uint8Array) return new Uint8Array(v);
  if (Array.isArray(v)) return v.map(canon);
  if (typeof v === 'object' && v !== null) return Object.fromEntries(Object.entries(v).map(([k, e]) => [k, canon(e)]));
  return Object.is(v, -0) ? 0 : v;
}
