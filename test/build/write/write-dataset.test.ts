/**
 * The streaming writer (spill file → part builders → stage directory) against the in-memory one:
 * same recipes, same bytes, whatever order pass 1 saw them in.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { RECORDS_PER_SHARD } from '../../../runtime/format/constants.ts';
import { compareDocOrder } from '../../../build/write/doc-order.ts';
import { spillRecipes } from '../../../build/spill/spill.ts';
import { renderDataset, writeDataset } from '../../../build/write/write-dataset.ts';
import { makeRecipe } from '../../helpers/make-recipe.ts';

const N = RECORDS_PER_SHARD + 7; // two shards, the second one partly full
const LANGS = ['en', 'de', 'fr'];
const recipes = Array.from({ length: N }, (_, i) =>
  makeRecipe({
    id: `r${String(i).padStart(5, '0')}`,
    title: `Soup number ${i % 13} with ${i % 2 ? 'tomato' : 'onion'}`,
    language: LANGS[i % 3]!,
    createdAt: `2024-01-${String(1 + (i % 28)).padStart(2, '0')}T00:00:00.000Z`,
    ingredients: [{ display: 'salt', name: 'salt', optional: false, ...(i % 4 ? { id: 'salt' } : {}) }],
    tags: i % 5 ? ['quick'] : [],
    rating: { count: i % 7, reviewCount: 0, value: (i % 7) * 0.7 },
  }),
);
const sorted = [...recipes].sort(compareDocOrder);
const head = { recipeCount: N, catalog: [], ingredientNames: [] as [string, string][], sources: ['test'] };

const roots: string[] = [];
afterEach(() => roots.splice(0).forEach((r) => fs.rmSync(r, { recursive: true, force: true })));

describe('streaming dataset writer', () => {
  it('writes the same files as the in-memory writer from recipes spilled in any order', () => {
    const memory = renderDataset({ recipes: sorted, catalog: [], ingredientNames: [] }, ['test']);
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'recipe-db-stream-'));
    roots.push(root);
    const spill = spillRecipes(root);
    try {
      for (const r of [...recipes].reverse()) spill.add(r);
      const order = spill.docOrder();
      const { dir } = writeDataset(root, head, (add) => spill.replay(order, add));
      for (const [p, bytes] of memory) expect(fs.readFileSync(path.join(dir, p)).equals(bytes), p).toBe(true);
      expect(fs.readFileSync(path.join(root, 'current'), 'utf8').trim()).toBe(path.basename(dir));
    } finally {
      spill.dispose();
    }
    expect(fs.readdirSync(root).filter((n) => n.startsWith('.'))).toEqual([]);
  });

  it('refuses two recipes with the same id', () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'recipe-db-stream-'));
    roots.push(root);
    const spill = spillRecipes(root);
    try {
      spill.add(recipes[0]!);
      spill.add({ ...recipes[0]!, createdAt: '2020-01-01T00:00:00.000Z' });
      expect(() => spill.docOrder()).toThrow(/recipe id collision: r00000/);
    } finally {
      spill.dispose();
    }
  });

  it('leaves no stage directory behind when a writer fails', () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'recipe-db-stream-'));
    roots.push(root);
    const failing = { name: 'failing', begin: () => ({ add() {}, finish() { throw new Error('boom'); } }) };
    expect(() => writeDataset(root, { ...head, recipeCount: 0 }, () => {}, [failing])).toThrow('boom');
    expect(fs.readdirSync(root)).toEqual([]);
  });
});
