import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openDataset, resolveDataDir, verifyDataset } from '../../../runtime/data/open.ts';
import { FORMAT_VERSION } from '../../../runtime/format/constants.ts';
import { buildFixture, type Fixture } from '../../helpers/fixture-dataset.ts';
import { makeRecipe } from '../../helpers/make-recipe.ts';

let fx: Fixture | undefined;
afterEach(() => fx?.cleanup());
const make = () => (fx = buildFixture([makeRecipe({ id: 'aaa' }), makeRecipe({ id: 'bbb' })]));

describe('opening a dataset', () => {
  it('serves the directory named by dist/data/current', () => {
    const f = make();
    expect(resolveDataDir(f.root)).toBe(f.dir);
    expect(fs.readdirSync(f.root).filter((n) => n.startsWith('.'))).toEqual([]);
  });

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
    expect(src.read(0, 4).toString('latin1')).toBe('RDBT');
  });

  it('says what to run when there is no dataset at all', () => {
    expect(() => resolveDataDir('/nonexistent/recipe-db')).toThrow(/No compiled dataset.*npm run build/);
  });
});
