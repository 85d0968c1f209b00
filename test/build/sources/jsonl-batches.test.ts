/**
 * The jsonld source's line batches (eachJsonlBatch: undecoded bytes for the normalise workers)
 * hold exactly the lines the source has always read: the text split at LF, lines that are white
 * space only (as String.prototype.trim sees it) left out, counted among the non-empty lines.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { eachJsonlBatch } from '../../../build/sources/jsonld.ts';
import { batchLines } from '../../../build/sources/types.ts';

// Lines of ASCII, multi-byte characters, CR, and every kind of white space trim() drops (and one it keeps: U+0085).
const PIECES = ['{"a":1}', 'x', 'é', '鸡', '😀', ' ', '\t', '\r', '\v', '\f', '\u00a0', '\u1680', '\u2003', '\u2028', '\u3000', '\ufeff', '\u0085', '\u0000'];
const line = fc.array(fc.constantFrom(...PIECES), { maxLength: 6 }).map((p) => p.join(''));

function batches(dir: string, size: number, chunk: number): { file: string; index: number; text: string }[] {
  const out: { file: string; index: number; text: string }[] = [];
  eachJsonlBatch(dir, size, (batch) => {
    expect(batch.starts.length).toBeLessThanOrEqual(size);
    const line = batchLines(batch);
    for (let k = 0; k < batch.starts.length; k++) out.push({ file: path.basename(batch.file), index: batch.first + k, text: line(k) });
  }, chunk);
  return out;
}

describe('jsonld line batches', () => {
  it('hold the non-empty lines of each file in order, whatever the chunk and batch sizes', () => {
    fc.assert(
      fc.property(fc.array(line, { maxLength: 30 }), fc.boolean(), fc.integer({ min: 1, max: 40 }), fc.integer({ min: 1, max: 5 }), (lines, gz, chunk, size) => {
        const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'recipe-db-jsonl-'));
        try {
          const text = lines.join('\n');
          const name = gz ? 'a.jsonl.gz' : 'a.jsonl';
          fs.writeFileSync(path.join(dir, name), gz ? gzipSync(Buffer.from(text)) : text);
          fs.writeFileSync(path.join(dir, 'b.jsonl'), '{"b":2}\n\n{"b":3}');
          const want = [
            ...text.split('\n').filter((l) => l.trim() !== '').map((t, index) => ({ file: name, index, text: t })),
            { file: 'b.jsonl', index: 0, text: '{"b":2}' },
            { file: 'b.jsonl', index: 1, text: '{"b":3}' },
          ];
          expect(batches(dir, size, chunk)).toEqual(want);
        } finally {
          fs.rmSync(dir, { recursive: true, force: true });
        }
      }),
      { numRuns: 300 },
    );
  });
});
