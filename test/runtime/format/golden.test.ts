/**
 * The format checked in both directions against committed golden vectors (FORMAT.md): encoding
 * the recorded inputs gives the committed bytes, and decoding the committed bytes gives the
 * recorded inputs back.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { toArray } from '../../../runtime/format/bitmap.ts';
import { FORMAT_VERSION } from '../../../runtime/format/constants.ts';
import { BitmapIndexReader } from '../../../runtime/format/bitmap-index.ts';
import { CatalogReader } from '../../../runtime/format/catalog-file.ts';
import { decodeDocList } from '../../../runtime/format/doc-list.ts';
import { IdTableReader } from '../../../runtime/format/id-table.ts';
import { NumericIndexReader } from '../../../runtime/format/numeric-index.ts';
import { DEFAULT_FIELD_B, DEFAULT_FIELD_WEIGHTS, SEARCH_FIELDS, SearchIndexReader } from '../../../runtime/format/search-index.ts';
import { bufferSource, ShardReader } from '../../../runtime/format/shard.ts';
import { CATALOG_ENTRIES, CATALOG_NAMES, DOC_LIST, GOLDEN, IDS, INDEX_BITMAPS, NUMERIC_VALUES, SEARCH_INDEX, SEARCH_POSTINGS, SHARD_RECORDS } from '../../fixtures/golden/vectors.ts';
import { readAligned } from '../../helpers/read-aligned.ts';

const dir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../fixtures/golden');
const golden = (name: string): Buffer => readAligned(path.join(dir, name));

describe('golden vectors', () => {
  for (const [name, make] of Object.entries(GOLDEN)) {
    it(`encodes ${name} to the committed bytes`, () => {
      expect(make().equals(golden(name))).toBe(true);
    });
  }

  it('decodes the record shard to its tuples, one record at a time', () => {
    const shard = new ShardReader(bufferSource(golden('shard.bin')), 'shard.bin');
    expect(shard.firstDoc).toBe(4096);
    expect(shard.count).toBe(2);
    const second = shard.tuple(1);
    expect(second[0]).toBe(SHARD_RECORDS[1]![0]);
    expect(Buffer.from(second[1]).toString()).toBe(Buffer.from(SHARD_RECORDS[1]![1]).toString());
  });

  it('decodes the bitmap index to its values and leaves out empty ones', () => {
    const index = new BitmapIndexReader(bufferSource(golden('bitmap-index.bin')), 'bitmap-index.bin');
    for (const [key, docs] of INDEX_BITMAPS) {
      if (docs.length === 0) expect(index.get(key)).toBeUndefined();
      else expect(toArray(index.get(key)!)).toEqual(docs);
    }
    expect(index.keys()).toEqual([{ key: 'italian', cardinality: 3 }, { key: 'thai', cardinality: 100 }]);
  });

  it('decodes the numeric index to the recorded values', () => {
    const index = new NumericIndexReader(golden('numeric-index.bin'), 'numeric-index.bin');
    const le = (b: number) => NUMERIC_VALUES.flatMap((v, d) => (v !== undefined && v <= b ? [d] : []));
    for (const b of [0, 45, 59, 60, 120, 299, 300, 900, 10_000]) expect(toArray(index.le(b))).toEqual(le(b));
  });

  it('decodes the catalog: entries in id order by position and by id, names whole and by prefix', () => {
    const catalog = new CatalogReader(bufferSource(golden('catalog.bin')), 'catalog.bin');
    const byId = [...CATALOG_ENTRIES].sort((a, b) => (a.id < b.id ? -1 : 1));
    expect([catalog.entryCount, catalog.nameCount]).toEqual([3, CATALOG_NAMES.length]);
    expect(catalog.entriesAt(0, 3)).toEqual(byId);
    expect(catalog.entriesAt(1, 10)).toEqual(byId.slice(1));
    expect(catalog.entriesById(['tomato', 'egg'])).toEqual([byId[2], byId[0]]);
    expect(catalog.names()).toEqual(CATALOG_NAMES);
    for (const [name, id] of CATALOG_NAMES) expect(catalog.lookupName(name)).toBe(id);
    for (const miss of ['', 'a', 'eg', 'tom', 'zzz']) expect(catalog.lookupName(miss)).toBeUndefined();
    expect(catalog.idsWithPrefix('tom')).toEqual(['tomato']);
    expect(catalog.idsWithPrefix('e')).toEqual(['egg']);
    expect(catalog.idsWithPrefix('')).toEqual(['egg', 'salt', 'tomato']);
    expect(catalog.idsWithPrefix('x')).toEqual([]);
  });

  it('decodes the id table and the doc list', () => {
    const ids = new IdTableReader(bufferSource(golden('id-table.bin')), 'id-table.bin');
    IDS.forEach((id, doc) => expect(ids.lookup(id)).toBe(doc));
    expect(ids.lookup('ddddddddddddd')).toBeUndefined();
    expect([...decodeDocList(golden('doc-list.bin'), 'doc-list.bin').docs]).toEqual(DOC_LIST);
  });

  it('decodes the search index to its terms, postings in blocks of 128, lengths, languages and score bounds', () => {
    const index = new SearchIndexReader(bufferSource(golden('search-index.bin')), 'search-index.bin');
    expect([index.fields, index.languages, index.docCount, index.blockSize]).toEqual([[...SEARCH_FIELDS], ['de', 'en', 'zh'], 130, 128]);
    expect([index.fieldWeights, index.fieldB, index.avgFieldLengths]).toEqual([DEFAULT_FIELD_WEIGHTS, DEFAULT_FIELD_B, SEARCH_INDEX.avgFieldLengths]);
    expect(index.terms).toEqual(SEARCH_POSTINGS.map(([term]) => term));
    expect([...index.lengths]).toEqual([...SEARCH_INDEX.lengths]);
    expect([...index.docLanguage]).toEqual([...SEARCH_INDEX.docLanguage]);
    // tf~ as FORMAT.md § 15 writes it: norm = f32(W / (1 − b + b · len / avg)), tf~ = f32(Σ tf · norm).
    const F = SEARCH_FIELDS.length;
    const norm = (d: number, f: number) => {
      const b = DEFAULT_FIELD_B[f]!;
      return Math.fround(DEFAULT_FIELD_WEIGHTS[f]! / (1 - b + (b * SEARCH_INDEX.lengths[d * F + f]!) / SEARCH_INDEX.avgFieldLengths[f]!));
    };
    const tfTilde = (d: number, tfs: number[]) => Math.fround(tfs.reduce((x, tf, f) => x + tf * norm(d, f), 0));
    SEARCH_POSTINGS.forEach(([term, postings], t) => {
      const blocks = [postings.slice(0, 128), postings.slice(128)].filter((b) => b.length > 0);
      expect(index.df(t), term).toBe(postings.length);
      blocks.forEach((want, j) => {
        const got = index.block(t, j);
        expect([...got.docs]).toEqual(want.map(([d]) => d));
        expect([...got.tfs]).toEqual(want.flatMap(([, tfs]) => tfs));
      });
      const bounds = index.blocks(t);
      expect([...bounds.last]).toEqual(blocks.map((b) => b.at(-1)![0]));
      expect([...bounds.max]).toEqual(blocks.map((b) => Math.max(...b.map(([d, tfs]) => tfTilde(d, tfs)))));
      expect(index.termMax[t]).toBe(Math.max(...postings.map(([d, tfs]) => tfTilde(d, tfs))));
    });
  });

  it('refuses a file of another kind or another format version', () => {
    expect(() => new IdTableReader(bufferSource(golden('doc-list.bin')), 'doc-list.bin')).toThrow(/expected magic RDBI/);
    const future = golden('id-table.bin');
    future.writeUInt32LE(FORMAT_VERSION + 1, 4);
    expect(() => new IdTableReader(bufferSource(future), 'id-table.bin')).toThrow(`format version ${FORMAT_VERSION + 1}, this runtime reads version ${FORMAT_VERSION}`);
    const past = golden('id-table.bin');
    past.writeUInt32LE(FORMAT_VERSION - 1, 4);
    expect(() => new IdTableReader(bufferSource(past), 'id-table.bin')).toThrow(`format version ${FORMAT_VERSION - 1}, this runtime reads version ${FORMAT_VERSION}`);
  });
});
