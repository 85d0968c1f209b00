/**
 * The one bitmap module against the test vectors of the Roaring format specification
 * (test/fixtures/roaring-format-spec/, written by the Java implementation): both files decode to
 * the values they were made from, and what the project writes for those values is the spec's own
 * file with run containers, byte for byte (FORMAT.md § 6).
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { bitmapOf, bitmapOfDistinct, deserializeBitmap, serializeBitmap, toArray, viewBitmap } from '../../../runtime/format/bitmap.ts';
import { readAligned } from '../../helpers/read-aligned.ts';

const dir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../fixtures/roaring-format-spec');
const vector = (name: string): Buffer => readAligned(path.join(dir, name));

/** The recipe of both files (testdata/README.md): the Java loops, in ascending order. */
const VALUES: number[] = [];
for (let k = 0; k < 100000; k += 1000) VALUES.push(k);
for (let k = 100000; k < 200000; ++k) VALUES.push(3 * k);
for (let k = 700000; k < 800000; ++k) VALUES.push(k);

/** The low 16 bits of the first word: the spec's cookie for a file without (12346) or with (12347) run containers. */
const cookie = (bytes: Buffer) => bytes.readUInt16LE(0);

describe('bitmaps in the portable format (RoaringFormatSpec test vectors)', () => {
  it('decodes the spec file without run containers to its values, owned and as a frozen view', () => {
    const bytes = vector('bitmapwithoutruns.bin');
    expect(cookie(bytes)).toBe(12346);
    expect(toArray(deserializeBitmap(bytes))).toEqual(VALUES);
    expect(toArray(viewBitmap(bytes))).toEqual(VALUES);
  });

  it('decodes the spec file with run containers to the same values, owned and as a frozen view', () => {
    const bytes = vector('bitmapwithruns.bin');
    expect(cookie(bytes)).toBe(12347);
    expect(toArray(deserializeBitmap(bytes))).toEqual(VALUES);
    expect(toArray(viewBitmap(bytes))).toEqual(VALUES);
  });

  it('writes those values as the spec file with run containers, byte for byte', () => {
    const written = serializeBitmap(bitmapOf(VALUES));
    expect(Buffer.from(written).equals(vector('bitmapwithruns.bin'))).toBe(true);
    expect(toArray(deserializeBitmap(written))).toEqual(VALUES);
  });

  it('builds the same bitmap from the values in any order through its own bytes without runs (bitmapOfDistinct)', () => {
    const shuffled = Uint32Array.from(VALUES);
    for (let i = shuffled.length - 1, seed = 7; i > 0; i--) {
      seed = (seed * 1103515245 + 12345) >>> 0;
      const j = seed % (i + 1);
      [shuffled[i], shuffled[j]] = [shuffled[j]!, shuffled[i]!];
    }
    const built = bitmapOfDistinct(shuffled);
    expect(toArray(built)).toEqual(VALUES);
    expect(Buffer.from(serializeBitmap(built)).equals(vector('bitmapwithruns.bin'))).toBe(true);
  });
});
