/**
 * readMsgpack against FORMAT.md § 4.1 and the codec that writes the files: it reads every value
 * msgpackr writes as msgpackr itself reads it, and it accepts exactly the bytes the grammar accepts
 * (test/helpers/msgpack-grammar.ts, written from the grammar alone), with the same values.
 */
import { isDeepStrictEqual } from 'node:util';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { packr } from '../../../runtime/format/container.ts';
import { FormatError } from '../../../runtime/format/format-error.ts';
import { readMsgpack } from '../../../runtime/format/msgpack.ts';
import { canon, grammarValue } from '../../helpers/msgpack-arbitrary.ts';
import { decodeGrammarWhole, encodeGrammar, plain } from '../../helpers/msgpack-grammar.ts';

/** The value read, or 'refused': two readers agree when these are equal. */
function outcome(read: () => unknown): unknown {
  try {
    return canon(read());
  } catch {
    return 'refused';
  }
}

describe('readMsgpack', () => {
  it('reads every value the writer writes as msgpackr reads it', () => {
    fc.assert(
      fc.property(grammarValue, (v) => {
        const written = new Uint8Array(packr.pack(v));
        const got = canon(readMsgpack(written));
        const want = canon(packr.unpack(written));
        if (!isDeepStrictEqual(got, want)) expect(got).toEqual(want);
      }),
      { numRuns: 300 },
    );
  });

  it('accepts exactly the bytes the grammar accepts, with the same values', () => {
    // Small values and their mutations: one byte changed, cut short, or a byte added.
    const mutated = fc.tuple(grammarValue, fc.nat(), fc.integer({ min: 0, max: 255 }), fc.constantFrom('set', 'cut', 'add', 'none')).map(([v, at, byte, how]) => {
      const bytes = encodeGrammar(v);
      const i = bytes.length === 0 ? 0 : at % bytes.length;
      if (how === 'set' && bytes.length > 0) bytes[i] = byte;
      if (how === 'cut') return bytes.subarray(0, i);
      if (how === 'add') return Uint8Array.from([...bytes, byte]);
      return bytes;
    });
    // A type byte of the 0xc0..0xdf range (sized forms, nil, floats, extensions) and a few bytes.
    const sized = fc.tuple(fc.integer({ min: 0xc0, max: 0xdf }), fc.uint8Array({ maxLength: 10 })).map(([t, rest]) => Uint8Array.from([t, ...rest]));
    fc.assert(
      fc.property(fc.oneof(mutated, sized, fc.uint8Array({ maxLength: 24 })), (bytes) => {
        const ours = outcome(() => readMsgpack(bytes));
        const grammar = outcome(() => plain(decodeGrammarWhole(bytes)));
        if (!isDeepStrictEqual(ours, grammar)) expect(ours).toEqual(grammar);
      }),
      { numRuns: 3000 },
    );
  });

  it('refuses nil, float32, longer forms, non-string and repeated keys, bad UTF-8 and trailing bytes, naming the bytes', () => {
    const cases = [
      [0xc0],
      [0xca, 0, 0, 0, 0],
      [0xcc, 0x05],
      [0xd9, 1, 0x61],
      [0xde, 0, 1, 0xa1, 0x61, 1],
      [0x81, 1, 1],
      [0x82, 0xa1, 0x61, 1, 0xa1, 0x61, 2],
      [0x81, 0xa9, ...new TextEncoder().encode('__proto__'), 0x80],
      [0xcb, 0x3f, 0xf0, 0, 0, 0, 0, 0, 0],
      [0xa2, 0xc3, 0x28],
      [0x92, 1],
      [1, 2],
    ];
    for (const bytes of cases) {
      expect(() => readMsgpack(Uint8Array.from(bytes), 'records/00000.bin: record 7'), JSON.stringify(bytes)).toThrow(FormatError);
      expect(() => readMsgpack(Uint8Array.from(bytes), 'records/00000.bin: record 7')).toThrow(/^records\/00000\.bin: record 7: /);
    }
  });

  it('gives bin as a view of its input, not a copy', () => {
    const bytes = new Uint8Array(packr.pack(['id', Uint8Array.from([1, 2, 3])]));
    const [, bin] = readMsgpack(bytes) as [string, Uint8Array];
    expect(bin.buffer).toBe(bytes.buffer);
    expect([...bin]).toEqual([1, 2, 3]);
  });
});
