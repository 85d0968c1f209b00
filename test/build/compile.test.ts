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
import { prepareDatasetDir } from '../bench/synth/dataset-dir.ts';

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

  it('produces the same files and report when normalising on worker threads', () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'recipe-db-compile-'));
    try {
      const built = buildDataset(datasetDir, root, () => {}, { workers: 2 });
      expect(built.report).toEqual(first.report);
      expect(built.sources).toEqual(first.sources);
      expect(fs.readdirSync(root).filter((n) => n.startsWith('.'))).toEqual([]);
      for (const [p, bytes] of files) expect(fs.readFileSync(path.join(built.dir, p)).equals(bytes), p).toBe(true);
    } finally {
      fs.rmSync(root, { recursive: true, force: true });
    }
  }, 180_000);
});

describe('normalising JSONL sources on worker threads', () => {
  const line = (i: number) =>
    JSON.stringify({
      id: `r${i}`,
      recipe: {
        '@type': 'Recipe',
        name: `Soup ${i}`,
        url: `https://example.com/soup-${i}`,
        inLanguage: i % 3 ? 'en' : 'de',
        recipeIngredient: ['1 tsp salt', `${i % 5} cups water`, '2 onions, chopped', 'parchment paper'],
        recipeInstructions: [{ '@type': 'HowToStep', text: `Boil in a large pot for ${i % 7} minutes.` }],
        keywords: i % 2 ? 'vegan, soup' : 'Quick',
        datePublished: `2024-0${1 + (i % 9)}-1${i % 10}`,
      },
    });
  const withDataset = (files: Record<string, string>, test: (dir: string) => void) => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'recipe-db-jsonl-'));
    try {
      const jsonld = prepareDatasetDir(datasetDir, dir);
      for (const [name, text] of Object.entries(files)) fs.writeFileSync(path.join(jsonld, name), text);
      test(dir);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  };

  it('gives the same files and report as the main thread', () => {
    const a = Array.from({ length: 150 }, (_, i) => line(i)).join('\n') + '\n\n{"@type":"Thing"}\n';
    const b = Array.from({ length: 90 }, (_, i) => line(1000 + i)).join('\n');
    withDataset({ 'a.jsonl': a, 'b.jsonl': b }, (dir) => {
      const one = buildDataset(dir, path.join(dir, 'out0'), () => {}, { sources: ['jsonld'] });
      const two = buildDataset(dir, path.join(dir, 'out2'), () => {}, { sources: ['jsonld'], workers: 2 });
      expect(one.recipeCount).toBe(240);
      expect(two.report).toEqual(one.report);
      expect(two.manifest).toEqual(one.manifest);
      for (const f of one.manifest.files) expect(fs.readFileSync(path.join(two.dir, f.path)).equals(fs.readFileSync(path.join(one.dir, f.path))), f.path).toBe(true);
    });
  }, 180_000);

  it('builds an empty dataset, on the main thread and on worker threads alike', () => {
    withDataset({ 'a.jsonl': '' }, (dir) => {
      const one = buildDataset(dir, path.join(dir, 'out0'), () => {}, { sources: ['jsonld'] });
      const two = buildDataset(dir, path.join(dir, 'out2'), () => {}, { sources: ['jsonld'], workers: 2 });
      expect(one.recipeCount).toBe(0);
      expect(two.manifest).toEqual(one.manifest);
    });
  }, 180_000);

  it('reports a duplicate id and invalid JSON as the main thread does', () => {
    const dup = [line(1), line(2), line(1)].join('\n');
    withDataset({ 'a.jsonl': dup }, (dir) => {
      expect(() => buildDataset(dir, path.join(dir, 'out'), () => {}, { sources: ['jsonld'] })).toThrow(/a\.jsonl:3: duplicate id r1$/);
      expect(() => buildDataset(dir, path.join(dir, 'out'), () => {}, { sources: ['jsonld'], workers: 2 })).toThrow(/a\.jsonl:3: duplicate id r1$/);
    });
    withDataset({ 'a.jsonl': [line(1), '{oops', line(2)].join('\n') }, (dir) => {
      expect(() => buildDataset(dir, path.join(dir, 'out'), () => {}, { sources: ['jsonld'], workers: 2 })).toThrow(/a\.jsonl:2: invalid JSON/);
    });
  }, 180_000);
});
