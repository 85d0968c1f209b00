/**
 * The catalog file by blocks (FORMAT.md § 10) against plain oracles: the sorted arrays it was
 * written from, looked up by Map, filter and slice.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CatalogReader, encodeCatalog, type NameRow } from '../../../runtime/format/catalog-file.ts';
import type { CatalogEntry } from '../../../runtime/format/catalog.ts';
import { bufferSource, type ByteSource } from '../../../runtime/format/shard.ts';

const byCodeUnits = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
const entry = (id: string, n: number): CatalogEntry => ({ id, name: id, names: { en: [id, `${id} ${'x'.repeat(n)}`] }, sources: ['curated'], recipeCount: n });

/** Distinct ids; names: distinct keys from a small alphabet (so prefixes share runs), each resolving to some id. */
const catalogs = fc
  .uniqueArray(fc.string({ unit: fc.constantFrom('a', 'b', 'c', 'é', '-'), minLength: 1, maxLength: 6 }), { minLength: 1, maxLength: 60 })
  .chain((ids) =>
    fc.record({
      entries: fc.constant(ids.map((id, i) => entry(id, i % 7))),
      names: fc.uniqueArray(fc.tuple(fc.string({ unit: fc.constantFrom('a', 'b', 'c', 'ø'), maxLength: 5 }), fc.constantFrom(...ids)), { selector: ([n]) => n, maxLength: 80 }),
      entryBytes: fc.integer({ min: 1, max: 400 }),
      nameBytes: fc.integer({ min: 1, max: 200 }),
    }),
  )
  .map((c) => ({ ...c, names: [...c.names].sort(([a], [b]) => byCodeUnits(a, b)) as NameRow[] }));

describe('CatalogReader', () => {
  it('finds what the sorted tables hold: names whole and by prefix, entries by position and by id', () => {
    fc.assert(
      fc.property(catalogs, fc.array(fc.string({ unit: fc.constantFrom('a', 'b', 'c', 'ø', 'é'), maxLength: 4 }), { maxLength: 8 }), fc.nat(70), fc.nat(30), (c, probes, start, count) => {
        const reader = new CatalogReader(bufferSource(encodeCatalog(c.entries, c.names, c.entryBytes, c.nameBytes)), 'catalog.bin');
        const sorted = [...c.entries].sort((a, b) => byCodeUnits(a.id, b.id));
        const map = new Map(c.names);
        expect(reader.names()).toEqual(c.names);
        for (const key of [...probes, ...c.names.map(([n]) => n)]) expect(reader.lookupName(key)).toBe(map.get(key));
        const keys = [...probes, ...c.names.map(([n]) => n)];
        expect(reader.lookupNames(keys)).toEqual(keys.map((k) => map.get(k)));
        for (const prefix of probes) {
          const ids = [...new Set(c.names.filter(([n]) => n.startsWith(prefix)).map(([, id]) => id))].sort(byCodeUnits);
          expect(reader.idsWithPrefix(prefix)).toEqual(ids);
          expect(reader.entriesById(ids)).toEqual(ids.map((id) => sorted.find((e) => e.id === id)));
        }
        expect(reader.entriesAt(start, start + count)).toEqual(sorted.slice(start, start + count));
      }),
      { numRuns: 150 },
    );
  });

  it('refuses a block that does not match its checksum, and a header whose checksum does not match', () => {
    const entries = Array.from({ length: 30 }, (_, i) => entry(`e${String(i).padStart(2, '0')}`, i));
    const file = encodeCatalog(entries, entries.map((e) => [e.id, e.id]), 100, 100);
    const at = file.indexOf(Buffer.from('e17 '));
    const bad = Buffer.from(file);
    bad[at + 1] = 0x39; // 'e97 ...' inside entry e17's second name
    const reader = new CatalogReader(bufferSource(bad), 'catalog.bin');
    expect(reader.entriesAt(0, 2).map((e) => e.id)).toEqual(['e00', 'e01']);
    expect(() => reader.entriesById(['e17'])).toThrow(/catalog.bin: block at \d+ does not match its checksum/);
    const head = Buffer.from(file);
    head[14]! ^= 1;
    expect(() => new CatalogReader(bufferSource(head), 'catalog.bin')).toThrow(/header does not match its checksum|catalog.bin/);
  });

  it('reads every block a call needs before it fails on the first missing one (one batch for a lazy source)', () => {
    const entries = Array.from({ length: 40 }, (_, i) => entry(`e${String(i).padStart(2, '0')}`, 20));
    const inner = bufferSource(encodeCatalog(entries, entries.map((e) => [e.id, e.id]), 64, 64));
    let fetched = true;
    const asked: number[] = [];
    const source: ByteSource = {
      ...inner,
      read(p, n) {
        if (fetched) return inner.read(p, n);
        asked.push(p);
        throw new Error('not fetched yet');
      },
    };
    const reader = new CatalogReader(source, 'catalog.bin');
    expect(reader.entriesById([])).toEqual([]); // the head and the entry index are at hand, no block
    fetched = false;
    expect(() => reader.entriesById(['e03', 'e20', 'e35'])).toThrow('not fetched yet');
    expect(new Set(asked).size).toBe(3);
    fetched = true;
    expect(reader.entriesById(['e03', 'e20', 'e35']).map((e) => e.id)).toEqual(['e03', 'e20', 'e35']);
  });
});
