/**
 * The container envelope and its msgpack headers against FORMAT.md § 4 and § 4.1, both ways: what
 * the writer (msgpackr through `packr`) produces is the grammar's bytes, with each header's keys in
 * the order of its Header line in FORMAT.md; and bytes encoded from the grammar alone
 * (test/helpers/msgpack-grammar.ts) are read by the runtime.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { isDeepStrictEqual } from 'node:util';
import fc from 'fast-check';
import { describe, expect, inject, it } from 'vitest';
import { BitmapIndexReader } from '../../../runtime/format/bitmap-index.ts';
import { toArray } from '../../../runtime/format/bitmap.ts';
import { CatalogReader } from '../../../runtime/format/catalog-file.ts';
import { FORMAT_VERSION, PAYLOAD_ALIGNMENT } from '../../../runtime/format/constants.ts';
import { alignUp, packr } from '../../../runtime/format/container.ts';
import { decodeDocList } from '../../../runtime/format/doc-list.ts';
import { IdTableReader } from '../../../runtime/format/id-table.ts';
import { bufferSource, CRC_BYTES, ShardReader } from '../../../runtime/format/shard.ts';
import { GOLDEN } from '../../fixtures/golden/vectors.ts';
import { decodeGrammarWhole, type Encodable, encodeGrammar, type GrammarValue, plain } from '../../helpers/msgpack-grammar.ts';
import { canon, grammarValue } from '../../helpers/msgpack-arbitrary.ts';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const FORMAT = fs.readFileSync(path.join(ROOT, 'dataset/FORMAT.md'), 'utf8');

/** The header keys FORMAT.md lists for the file kind of `magic`, in order (its `Header -->` line). */
function specHeaderKeys(magic: string): string[] {
  const at = FORMAT.search(new RegExp(`^## .*magic \`${magic}\``, 'm'));
  expect(at, `a FORMAT.md section for ${magic}`).toBeGreaterThan(0);
  const section = FORMAT.slice(at, FORMAT.indexOf('\n## ', at + 1));
  const fields = section.match(/^Header\s+-->\s+\{([^}]*)\}/m)?.[1];
  expect(fields, `the Header line of ${magic}`).toBeDefined();
  return [...fields!.matchAll(/(\w+):/g)].map((m) => m[1]!);
}

/** For comparing values across codecs: bytes as plain Uint8Arrays (not Buffers), −0 as 0. */
const headerBytes = (file: Buffer) => file.subarray(12, 12 + file.readUInt32LE(8));
const keysOf = (v: GrammarValue) => (v instanceof Map ? [...v.keys()] : []);

/** A container built from § 4 alone: magic, version, header length, header, zero padding, payload. */
function container(magic: string, header: Uint8Array, payload: Uint8Array): Buffer {
  const start = alignUp(12 + header.length, PAYLOAD_ALIGNMENT);
  const out = Buffer.alloc(start + payload.length);
  out.write(magic, 0, 'latin1');
  out.writeUInt32LE(FORMAT_VERSION, 4);
  out.writeUInt32LE(header.length, 8);
  out.set(header, 12);
  out.set(payload, start);
  return out;
}
const payloadOf = (file: Buffer) => file.subarray(alignUp(12 + file.readUInt32LE(8), PAYLOAD_ALIGNMENT));

describe('container headers (FORMAT.md § 4.1)', () => {
  for (const [name, make] of Object.entries(GOLDEN)) {
    it(`writes the header of ${name} in the grammar, with the keys of its Header line in order`, () => {
      const file = make();
      const head = decodeGrammarWhole(headerBytes(file));
      expect(plain(head)).toEqual(packr.unpack(headerBytes(file)));
      expect(keysOf(head)).toEqual(specHeaderKeys(file.toString('latin1', 0, 4)));
    });
  }

  it('writes every msgpack value of the real dataset in the grammar: headers, records and the catalog', () => {
    const dir = inject('realDataDir');
    const manifest = JSON.parse(fs.readFileSync(path.join(dir, 'manifest.json'), 'utf8')) as { files: { path: string }[] };
    let records = 0;
    for (const { path: p } of manifest.files) {
      const file = fs.readFileSync(path.join(dir, p));
      const head = decodeGrammarWhole(headerBytes(file));
      expect(keysOf(head), p).toEqual(specHeaderKeys(file.toString('latin1', 0, 4)));
      if (p.startsWith('records/')) {
        const shard = new ShardReader(bufferSource(file), p);
        for (let i = 0; i < shard.count; i++, records++) {
          const [start, end] = shard.range(i);
          const [id, json] = shard.tuple(i);
          // A record's range ends with its CRC-32C (FORMAT.md § 5); the msgpack value is before it.
          if (!isDeepStrictEqual(decodeGrammarWhole(file.subarray(start, end - CRC_BYTES)), [id, new Uint8Array(json)])) expect.fail(`${p}: record ${i}`);
        }
      }
      if (p === 'catalog.bin') {
        // Every unit (the two indexes, every block) is one msgpack value in the grammar, then its CRC.
        const payload = payloadOf(file);
        const header = packr.unpack(headerBytes(file)) as { entryIndex: [number, number]; nameIndex: [number, number] };
        const unit = ([offset, length]: [number, number]) => plain(decodeGrammarWhole(payload.subarray(offset, offset + length)));
        const blocks = [header.entryIndex, header.nameIndex].flatMap((section) => (unit(section) as [string, number, number, number][]).map((r) => unit([r[2], r[3]])));
        const reader = new CatalogReader(bufferSource(file), p);
        expect(isDeepStrictEqual(blocks.flat(), [...reader.entriesAt(0, reader.entryCount), ...reader.names()])).toBe(true);
      }
    }
    expect(records).toBeGreaterThan(1000);
  });

  it('encodes any value in the grammar as the grammar gives it, and the grammar decodes it back', () => {
    fc.assert(
      fc.property(grammarValue, (v) => {
        const written = packr.pack(v);
        const grammar = encodeGrammar(v);
        // isDeepStrictEqual first: vitest's deep equality is slow on 64 KB strings and byte arrays.
        if (!Buffer.from(grammar).equals(written)) expect(new Uint8Array(written)).toEqual(grammar);
        const want = canon(v);
        for (const got of [canon(plain(decodeGrammarWhole(written))), canon(packr.unpack(grammar))]) {
          if (!isDeepStrictEqual(got, want)) expect(got).toEqual(want);
        }
      }),
      { numRuns: 200 },
    );
  });

  it('refuses what the grammar leaves out: nil, float32, a longer form than needed, a number as a key', () => {
    for (const bytes of [[0xc0], [0xca, 0, 0, 0, 0], [0xcc, 0x05], [0xd9, 1, 0x61], [0xde, 0, 1, 0xa1, 0x61, 1], [0x81, 1, 1], [0xcb, 0x3f, 0xf0, 0, 0, 0, 0, 0, 0]]) {
      expect(() => decodeGrammarWhole(Uint8Array.from(bytes)), JSON.stringify(bytes)).toThrow();
    }
  });

  it('reads files whose header is encoded from the grammar, byte for byte the files the writer makes', () => {
    const cases: [string, Encodable, (file: Buffer) => void][] = [
      ['id-table.bin', { count: 3, width: 16, perBlock: 64 }, (f) => expect(new IdTableReader(bufferSource(f), 'ids.bin').lookup('bbbbbbbbbbbbb')).toBe(2)],
      ['doc-list.bin', { name: 'popular', count: 3, order: 'test order' }, (f) => expect([...decodeDocList(f, 'popular.bin').docs]).toEqual([2, 0, 1])],
      ['shard.bin', { firstDoc: 4096, count: 2 }, (f) => expect(new ShardReader(bufferSource(f), 'shard').tuple(0)[0]).toBe('aaaaaaaaaaaaa')],
      ['catalog.bin', packr.unpack(headerBytes(GOLDEN['catalog.bin']!())) as Encodable, (f) => expect(new CatalogReader(bufferSource(f), 'catalog.bin').lookupName('eggs')).toBe('egg')],
      ['bitmap-index.bin', packr.unpack(headerBytes(GOLDEN['bitmap-index.bin']!())) as Encodable, (f) => expect(toArray(new BitmapIndexReader(bufferSource(f), 'index.bin').get('italian')!)).toEqual([0, 2, 70000])],
    ];
    for (const [name, header, read] of cases) {
      const written = GOLDEN[name]!();
      const file = container(written.toString('latin1', 0, 4), encodeGrammar(header), payloadOf(written));
      expect(file.equals(written), name).toBe(true);
      read(file);
    }
  });
});
