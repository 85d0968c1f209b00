import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createHash } from 'node:crypto';
import { DatasetError } from '../../../runtime/data/dataset-error.ts';
import { openDataset, verifyDataset } from '../../../runtime/data/open.ts';
import { FORMAT_VERSION } from '../../../runtime/format/constants.ts';
import { alignUp } from '../../../runtime/format/container.ts';
import { bufferSource, encodeShard, ShardReader } from '../../../runtime/format/shard.ts';
import { createEngine } from '../../../runtime/query/create-engine.ts';
import { createApp } from '../../../runtime/http/create-app.ts';
import { createMemoryStore } from '../../../runtime/store/memory.ts';
import { buildFixture, catalogEntry, type Fixture } from '../../helpers/fixture-dataset.ts';
import { makeRecipe } from '../../helpers/make-recipe.ts';

let fx: Fixture | undefined;
afterEach(() => fx?.cleanup());
const make = () => (fx = buildFixture([makeRecipe({ id: 'aaa' }), makeRecipe({ id: 'bbb' })]));
/** Two recipes with a cuisine, an ingredient and a search term, so that every lazily read part has something to serve. */
const makeRich = () =>
  (fx = buildFixture(
    [
      makeRecipe({ id: 'aaa', cuisines: ['italian'], title: 'Tomato soup', ingredients: [{ name: 'tomato', display: '2 tomatoes', optional: false, id: 'tomato' }] }),
      makeRecipe({ id: 'bbb', cuisines: ['mexican'], createdAt: '2024-02-01T00:00:00.000Z' }),
    ],
    [catalogEntry('tomato')],
  ));

/** Flips bytes of a dataset file in place (same size). */
function patch(dir: string, file: string, edit: (b: Buffer) => void): void {
  const full = path.join(dir, file);
  const bytes = fs.readFileSync(full);
  edit(bytes);
  fs.writeFileSync(full, bytes);
}

/** Rewrites a file's SHA-256 in the manifest, as if the compiler itself had written these bytes. */
function rehash(dir: string, file: string): void {
  const m = JSON.parse(fs.readFileSync(path.join(dir, 'manifest.json'), 'utf8'));
  const entry = m.files.find((f: { path: string }) => f.path === file);
  entry.sha256 = createHash('sha256').update(fs.readFileSync(path.join(dir, file))).digest('hex');
  fs.writeFileSync(path.join(dir, 'manifest.json'), JSON.stringify(m, null, 2) + '\n');
}

/** Byte offset of a shard's offset table (after the container header, 32-byte aligned). */
const offsetTableAt = (b: Buffer) => alignUp(12 + b.readUInt32LE(8), 32);

describe('opening a dataset', () => {
  it('refuses a missing manifest and says to run the build', () => {
    const f = make();
    fs.rmSync(path.join(f.dir, 'manifest.json'));
    expect(() => openDataset(f.dir)).toThrow(/manifest.json is missing.*npm run build/);
  });

  it('refuses an unknown format version', () => {
    const f = make();
    const file = path.join(f.dir, 'manifest.json');
    const m = JSON.parse(fs.readFileSync(file, 'utf8'));
    fs.writeFileSync(file, JSON.stringify({ ...m, formatVersion: 99 }));
    expect(() => openDataset(f.dir)).toThrow(new RegExp(`format version 99; this runtime reads version ${FORMAT_VERSION}.*npm run build`));
  });

  it('refuses a missing file', () => {
    const f = make();
    fs.rmSync(path.join(f.dir, 'index', 'cuisine.bin'));
    expect(() => openDataset(f.dir)).toThrow(/cuisine.bin is missing/);
  });

  it('refuses a file whose bytes changed but not its size', () => {
    const f = make();
    const file = path.join(f.dir, 'records', '00000.bin');
    const bytes = fs.readFileSync(file);
    bytes[bytes.length - 3] = bytes[bytes.length - 3]! ^ 0xff;
    fs.writeFileSync(file, bytes);
    expect(() => openDataset(f.dir)).toThrow(/does not match its SHA-256/);
  });

  it('refuses a truncated file', () => {
    const f = make();
    const file = path.join(f.dir, 'ids.bin');
    fs.truncateSync(file, 10);
    expect(() => openDataset(f.dir)).toThrow(/has 10 bytes, the manifest says/);
  });

  it('with verify "background" opens a dataset whose big file changed, and verifyDataset names that file', async () => {
    const f = make();
    const file = path.join(f.dir, 'search', 'index.bin');
    const bytes = fs.readFileSync(file);
    bytes[bytes.length - 40] = bytes[bytes.length - 40]! ^ 0xff; // inside the payload: headers stay valid
    fs.writeFileSync(file, bytes);
    expect(() => openDataset(f.dir)).toThrow(/index.bin does not match its SHA-256/);
    const ds = openDataset(f.dir, { verify: 'background' });
    expect(ds.hashed).toBe(false);
    await expect(verifyDataset(ds)).rejects.toThrow(/search\/index.bin does not match its SHA-256.*npm run build/);
    expect(() => openDataset(f.dir, { verify: 'size' })).not.toThrow();
  });

  it('verifyDataset resolves on an intact dataset and reports progress', async () => {
    const f = make();
    const ds = openDataset(f.dir, { verify: 'background' });
    const seen: number[] = [];
    await verifyDataset(ds, (p) => seen.push(p.files));
    expect(seen.at(-1)).toBe(ds.manifest.files.length);
  });

  it('checks container headers at open even without hashing', () => {
    const f = make();
    const file = path.join(f.dir, 'search', 'index.bin');
    const bytes = fs.readFileSync(file);
    bytes.write('XXXX', 0, 'latin1');
    fs.writeFileSync(file, bytes);
    expect(() => openDataset(f.dir, { verify: 'size' })).toThrow(/index.bin.*npm run build/);
  });

  it('does not read the search index into memory at open', () => {
    const f = make();
    const ds = openDataset(f.dir, { verify: 'background' });
    const src = ds.source('search/index.bin');
    expect(Buffer.from(src.read(0, 4)).toString('latin1')).toBe('RDBT');
  });
});

describe('opening lazily (FORMAT.md § 11: checked at open, on first use, in the background)', () => {
  it('opening does not read the bitmap indexes until a filter needs them', async () => {
    const f = makeRich();
    // Header length overrunning the file: magic and version intact, so only reading the header finds it.
    patch(f.dir, 'index/cuisine.bin', (b) => b.writeUInt32LE(0x7fffffff, 8));
    const ds = openDataset(f.dir, { verify: 'background' });
    const engine = createEngine(ds);
    // A plain page and the other families are served.
    expect(engine.listRecipes({}, { limit: 10, offset: 0 }).total).toBe(2);
    expect(engine.listRecipes({ language: 'en' }, { limit: 10, offset: 0 }).total).toBe(2);
    // The first cuisine filter reads the file and refuses it, naming it: its SHA-256 is checked as it loads, in every mode.
    expect(() => engine.listRecipes({ cuisine: 'italian' }, { limit: 10, offset: 0 })).toThrow(DatasetError);
    expect(() => ds.families.cuisine).toThrow(/index\/cuisine.bin does not match its SHA-256.*npm run build/);
    // The background pass and verify 'full' both find it.
    await expect(verifyDataset(ds)).rejects.toThrow(/index\/cuisine.bin does not match its SHA-256/);
    expect(() => openDataset(f.dir)).toThrow(/index\/cuisine.bin does not match its SHA-256/);
  });

  it('opening reads neither the numeric indexes, the id table, the popularity list, the catalog nor the pantry totals', () => {
    const f = makeRich();
    for (const file of ['numeric/calories.bin', 'ids.bin', 'popular.bin', 'catalog.bin', 'pantry/by-total.bin']) patch(f.dir, file, (b) => b.writeUInt32LE(0x7fffffff, 8));
    const ds = openDataset(f.dir, { verify: 'size' });
    const engine = createEngine(ds);
    expect(engine.listRecipes({}, { limit: 10, offset: 0 }).docs).toEqual(Uint32Array.from([0, 1]));
    // Even with verify 'size', each is checked against its SHA-256 as it loads (FORMAT.md § 11).
    expect(() => ds.numeric.calories).toThrow(/numeric\/calories.bin does not match its SHA-256/);
    expect(() => engine.docById('aaa')).toThrow(/ids.bin does not match its SHA-256/);
    expect(() => engine.popular({ limit: 1, offset: 0 })).toThrow(/popular.bin does not match its SHA-256/);
    expect(() => engine.resolveIngredient('tomato')).toThrow(/catalog.bin does not match its SHA-256/);
    const pantry = () => engine.pantry({ ingredients: ['tomato'], language: 'en', assumeStaples: false, limit: 10, offset: 0 });
    expect(pantry).toThrow(DatasetError);
    expect(pantry).toThrow(/pantry\/by-total.bin does not match its SHA-256.*npm run build/);
    expect(() => openDataset(f.dir)).toThrow(/does not match its SHA-256/);
  });

  it('a wrong magic in a file loaded on first use still stops the start', () => {
    const f = make();
    patch(f.dir, 'index/ingredient.bin', (b) => b.write('XXXX', 0, 'latin1'));
    expect(() => openDataset(f.dir, { verify: 'size' })).toThrow(/index\/ingredient.bin.*expected magic RDBX, found "XXXX".*npm run build/);
    patch(f.dir, 'index/ingredient.bin', (b) => {
      b.write('RDBX', 0, 'latin1');
      b.writeUInt32LE(FORMAT_VERSION + 1, 4);
    });
    expect(() => openDataset(f.dir, { verify: 'background' })).toThrow(new RegExp(`ingredient.bin.*format version ${FORMAT_VERSION + 1}.*npm run build`));
  });

  it('a malformed shard found on first read gives a DatasetError or FormatError naming it, not a crash', async () => {
    const f = makeRich();
    // The fixture's shard has one offset block: OffsetCrcs[0], HeadCrc, then Offsets. Offset 1 no
    // longer matches its block's checksum; the head itself is valid.
    patch(f.dir, 'records/00000.bin', (b) => b.writeUInt32LE(b.readUInt32LE(offsetTableAt(b) + 12) + 1, offsetTableAt(b) + 12));
    const ds = openDataset(f.dir, { verify: 'background' }); // opens: shards are checked on first read
    const engine = createEngine(ds);
    expect(() => engine.recordJson(0)).toThrow(/records\/00000.bin: offset block 0 does not match its checksum/);
    const headBad = makeRich();
    patch(headBad.dir, 'records/00000.bin', (b) => (b[offsetTableAt(b) + 4]! ^= 1));
    const dsHead = openDataset(headBad.dir, { verify: 'background' });
    expect(() => dsHead.shard(0)).toThrow(DatasetError);
    expect(() => dsHead.shard(0)).toThrow(/records\/00000.bin is malformed.*do not match their checksum.*npm run build/);
    // Over HTTP it is a logged 503 DATASET_CORRUPT (never a 500), and the app keeps answering.
    const logged: string[] = [];
    const app = createApp({
      engine,
      store: createMemoryStore({ now: Date.now }),
      now: Date.now,
      requireKey: false,
      dailyQuota: 1000,
      logger: { info: () => {}, error: (_m, fields) => logged.push(String(fields?.error)) },
    });
    const res = await app.request('/recipes');
    expect(res.status).toBe(503);
    expect((await res.json()).error.code).toBe('DATASET_CORRUPT');
    expect(logged).toHaveLength(1);
    expect(logged.join('\n')).toMatch(/FormatError.*records\/00000.bin: offset block 0/);
    expect((await app.request('/healthz')).status).toBe(200);
    // The background pass and verify 'full' both find it.
    await expect(verifyDataset(ds)).rejects.toThrow(/records\/00000.bin does not match its SHA-256/);
    expect(() => openDataset(f.dir)).toThrow(/records\/00000.bin does not match its SHA-256/);
  });

  it('a shard with a wrong magic is refused on first read', () => {
    const f = make();
    patch(f.dir, 'records/00000.bin', (b) => b.write('XXXX', 0, 'latin1'));
    const ds = openDataset(f.dir, { verify: 'size' });
    expect(() => createEngine(ds).recordJson(1)).toThrow(/records\/00000.bin is malformed.*expected magic RDBS.*npm run build/);
  });

  it('structural checks still run before open returns with verify "full" and in the background pass', async () => {
    const f = make();
    // A shard that claims to start at doc 5, with a manifest hash to match (as a faulty compiler would write it).
    patch(f.dir, 'records/00000.bin', (b) => {
      const r = new ShardReader(bufferSource(b), 'records/00000.bin');
      const moved = encodeShard(5, [r.tuple(0), r.tuple(1)]);
      expect(moved.length).toBe(b.length);
      moved.copy(b);
    });
    rehash(f.dir, 'records/00000.bin');
    expect(() => openDataset(f.dir)).toThrow(/records\/00000.bin starts at doc 5, expected 0.*npm run build/);
    const ds = openDataset(f.dir, { verify: 'background' });
    await expect(verifyDataset(ds)).rejects.toThrow(/records\/00000.bin starts at doc 5, expected 0/);
  });

  it('the background pass hashes the bytes that are served, also when a request loads the file first', async () => {
    const f = makeRich();
    const ds = openDataset(f.dir, { verify: 'background' });
    const pending = verifyDataset(ds); // starts reading catalog.bin without blocking
    const served = ds.file('catalog.bin'); // a request loads it meanwhile
    expect(ds.file('catalog.bin')).toBe(served); // loaded once, then kept
    served[served.length - 1] = served[served.length - 1]! ^ 0xff; // what is in memory now differs from the disk
    await expect(pending).rejects.toThrow(/catalog.bin does not match its SHA-256/);
    // Intact on disk: a fresh open verifies.
    await expect(verifyDataset(openDataset(f.dir, { verify: 'background' }))).resolves.toBeUndefined();
  });

  it('after the background pass every part is in memory or held open: requests no longer need the files by path', async () => {
    const f = makeRich();
    const ds = openDataset(f.dir, { verify: 'background' });
    const engine = createEngine(ds);
    await verifyDataset(ds);
    fs.rmSync(f.dir, { recursive: true, force: true }); // descriptors stay valid; paths do not
    expect(engine.listRecipes({ cuisine: 'italian' }, { limit: 10, offset: 0 }).total).toBe(1);
    expect(engine.listRecipes({ numeric: [{ field: 'calories', op: 'le', bound: 100 }] }, { limit: 10, offset: 0 }).total).toBe(0);
    expect(engine.docById('bbb')).toBe(0);
    expect(engine.popular({ limit: 2, offset: 0 }).total).toBe(2);
    expect(engine.resolveIngredient('Tomato')).toBe('tomato');
    expect(engine.ingredients({ offset: 0, limit: 10 }).total).toBe(1);
    expect(engine.pantry({ ingredients: ['tomato'], language: 'en', assumeStaples: false, limit: 10, offset: 0 }).total).toBe(1);
    expect(JSON.parse(new TextDecoder().decode(engine.recordJson(1))).id).toBe('aaa');
  });
});

