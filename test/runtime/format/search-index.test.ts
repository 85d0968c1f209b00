/**
 * The search index read with its Checks by range (a reader fetching ranges, FORMAT.md § 15.4)
 * gives what the default reader gives, and refuses what it refuses.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { decodeContainer } from '../../../runtime/format/container.ts';
import { checksLength } from '../../../runtime/format/search-checks.ts';
import { SearchIndexReader, type SearchIndexHeader } from '../../../runtime/format/search-index.ts';
import { bufferSource, type ByteSource } from '../../../runtime/format/shard.ts';
import { readAligned } from '../../helpers/read-aligned.ts';

const file = readAligned(path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../fixtures/golden/search-index.bin'));

describe('SearchIndexReader with checksByRange', () => {
  it('reads the same bounds and blocks as the reader that loads Checks whole, reading a few CRCs, not the section', () => {
    const whole = new SearchIndexReader(bufferSource(file), 'search/index.bin');
    const reads: number[] = [];
    const inner = bufferSource(file);
    const counted: ByteSource = { ...inner, read: (p, n) => (reads.push(n), inner.read(p, n)) };
    const ranged = new SearchIndexReader(counted, 'search/index.bin', { checksByRange: true });
    for (let t = 0; t < whole.termCount; t++) {
      expect(ranged.blocks(t)).toEqual(whole.blocks(t));
      for (let j = 0; j < whole.blocks(t).last.length; j++) expect(ranged.block(t, j)).toEqual(whole.block(t, j));
      const a: number[][] = [];
      const b: number[][] = [];
      whole.forEachBlock(t, (docs, tfs) => a.push([...docs, ...tfs]));
      ranged.forEachBlock(t, (docs, tfs) => b.push([...docs, ...tfs]));
      expect(b).toEqual(a);
    }
    expect(reads).not.toContain(checksLength(whole.termCount, whole.blockStarts[whole.termCount]!)); // never the whole section
    expect(reads).toContain(4); // one CRC at a time
  });

  it('refuses a block whose CRC in Checks does not match, and reads a block and its CRC before failing on either', () => {
    const { header, payload } = decodeContainer<SearchIndexHeader>('searchIndex', file, 'search/index.bin');
    const checksAt = payload.byteOffset - file.byteOffset + header.sections[7]![0];
    const bad = Buffer.from(file);
    bad[checksAt + checksLength(header.termCount, header.blockCount) - 8]! ^= 1; // the last BlockCrc
    const reader = new SearchIndexReader(bufferSource(bad), 'search/index.bin', { checksByRange: true });
    const t = reader.termCount - 1;
    expect(() => reader.block(t, 0)).toThrow(/block 0 of term 3 does not match its checksum/);
    const inner = bufferSource(file);
    let fail = false;
    const asked: number[] = [];
    const lazy: ByteSource = { ...inner, read: (p, n) => (fail ? (asked.push(p), (() => { throw new Error('missing'); })()) : inner.read(p, n)) };
    const cold = new SearchIndexReader(lazy, 'search/index.bin', { checksByRange: true });
    fail = true;
    expect(() => cold.block(0, 0)).toThrow('missing');
    expect(asked).toHaveLength(2);
  });

  it('prefetches the bounds, postings and CRCs of the terms asked in one pass, every read tried before the first failure, within the byte budget', () => {
    const inner = bufferSource(file);
    let fail = false;
    const asked: [number, number][] = [];
    const lazy: ByteSource = { ...inner, read: (p, n) => (fail ? (asked.push([p, n]), (() => { throw new Error('missing'); })()) : inner.read(p, n)) };
    const reader = new SearchIndexReader(lazy, 'search/index.bin', { checksByRange: true });
    const terms = Array.from({ length: reader.termCount }, (_, t) => t);
    fail = true;
    expect(() => reader.prefetch(terms, Infinity)).toThrow('missing');
    expect(asked).toHaveLength(4 * terms.length); // bound CRC, bounds, block CRCs, postings of each term
    const F = reader.fields.length;
    const postingBytes = terms.map((t) => (reader.termStarts[t + 1]! - reader.termStarts[t]!) * (4 + F));
    for (const bytes of postingBytes) expect(asked.map(([, n]) => n)).toContain(bytes);
    asked.length = 0;
    expect(() => reader.prefetch(terms, 0)).toThrow('missing');
    expect(asked).toHaveLength(2 * terms.length); // no postings over budget: bounds and their CRC only
    fail = false;
    const reads: number[] = [];
    const counted = new SearchIndexReader({ ...inner, read: (p, n) => (reads.push(n), inner.read(p, n)) }, 'search/index.bin');
    reads.length = 0;
    counted.prefetch(terms, Infinity);
    expect(reads).toEqual([]); // in memory with Checks whole: nothing to do
  });
});
