/**
 * The real dataset, compiled twice: every record matches SPEC.md's field tables, ids are unique
 * and stable, doc order is newest first, and the in-memory and the streaming (two-pass) builds are
 * byte-identical.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildDataset, compileDataset, type Compiled } from '../../build/compile.ts';
import { renderDataset } from '../../build/write/write-dataset.ts';
import { recipeJson } from '../../build/write/recipe-json.ts';
import { assertRecipeShape } from '../helpers/recipe-shape.ts';

const datasetDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../dataset');
let first: Compiled;
let files: Map<string, Buffer>;

beforeAll(() => {
  first = compileDataset(datasetDir);
  files = renderDataset(first, first.sources);
}, 180_000);

describe('compiling the real dataset', () => {
  it('compiles about 4,000 real recipes from every source', () => {
    expect(first.recipes.length).toBeGreaterThan(3900);
    expect(first.sources).toEqual(expect.arrayContaining(['epicurious', 'howtocook', 'iba-cocktails', 'public-domain-recipes', 'recipe-db-de', 'recipe-scrapers']));
  });

  it('gives every compiled record every field of SPEC.md, with the right types', () => {
    for (const r of first.recipes) assertRecipeShape(r);
  });

  it('stores each record as JSON that parses back to the same recipe', () => {
    for (const r of first.recipes.slice(0, 200)) expect(JSON.parse(recipeJson(r))).toEqual(JSON.parse(JSON.stringify(r)));
  });

  it('numbers docs newest first', () => {
    for (let i = 1; i < first.recipes.length; i++) expect(first.recipes[i - 1]!.createdAt >= first.recipes[i]!.createdAt).toBe(true);
  });

  it('produces byte-identical files when built twice, in memory and streaming through a spill file', () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'recipe-db-compile-'));
    try {
      const built = buildDataset(datasetDir, root);
      expect(built.report).toEqual(first.report);
      expect(fs.readdirSync(root).filter((n) => n.startsWith('.'))).toEqual([]); // no stage or spill left
      const second = new Map([...files.keys()].map((p) => [p, fs.readFileSync(path.join(built.dir, p))]));
      expect(fs.readdirSync(built.dir, { recursive: true, encoding: 'utf8' }).filter((p) => fs.statSync(path.join(built.dir, p)).isFile()).length).toBe(files.size);
      for (const [p, bytes] of files) expect(second.get(p)!.equals(bytes), p).toBe(true);
    } finally {
      fs.rmSync(root, { recursive: true, force: true });
    }
  }, 180_000);
});
