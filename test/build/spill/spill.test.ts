/**
 * The spill (spill.ts): parts written by other threads (SpillWriter, as the normalise workers do)
 * read back exactly as parts written here, and doc order is compareDocOrder's.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import { compareDocOrder } from '../../../build/write/doc-order.ts';
import { recipeFacts } from '../../../build/write/recipe-facts.ts';
import { recipeJson } from '../../../build/write/recipe-json.ts';
import { fieldTexts, unpackSearchTexts } from '../../../build/spill/search-record.ts';
import { replaySearchRecords, spillRecipes, SpillWriter } from '../../../build/spill/spill.ts';
import type { Recipe } from '../../../runtime/format/recipe.ts';
import { makeRecipe } from '../../helpers/make-recipe.ts';

const roots: string[] = [];
afterEach(() => roots.splice(0).forEach((r) => fs.rmSync(r, { recursive: true, force: true })));
const tempDir = () => {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'recipe-db-spill-'));
  roots.push(root);
  return root;
};

const recipes = Array.from({ length: 40 }, (_, i) =>
  makeRecipe({
    id: `r${String(i).padStart(3, '0')}`,
    language: ['en', 'de', 'zh'][i % 3]!,
    title: `Soup ${i % 4} ${'é'.repeat(i % 3)}`,
    createdAt: `2024-0${1 + (i % 3)}-01T00:00:00.000Z`,
    instructions: [{ step: 1, text: `Boil ${i % 5} minutes.` }, { step: 2, text: 'Serve.' }],
    ingredients: [Object.freeze({ display: '1 tsp salt', name: 'salt', optional: false, id: 'salt' }), { display: `${i} g rice`, name: 'rice', optional: i % 2 === 0 }],
    rating: { count: i % 4, reviewCount: 0, value: i % 4 ? 4.5 : 0 },
  }),
);

/** What replay and the search records give back, in doc order. */
function readBack(spill: ReturnType<typeof spillRecipes>): { json: string[]; facts: unknown[]; search: unknown[] } {
  const order = spill.docOrder();
  const json: string[] = [];
  const facts: unknown[] = [];
  spill.replay(order, (doc, entry) => {
    json[doc] = Buffer.from(entry.json).toString('utf8');
    facts[doc] = entry.facts;
  });
  const search: unknown[] = [];
  replaySearchRecords(spill.searchLayout(order), (doc, record, lines) => (search[doc] = unpackSearchTexts(record, 0, lines)));
  return { json, facts, search };
}

describe('spill', () => {
  it('reads back the records of parts written elsewhere as those written here, in doc order', () => {
    const here = spillRecipes(tempDir());
    const root = tempDir();
    const apart = spillRecipes(root, 3);
    try {
      for (const r of recipes) here.add(r);
      // Parts 0..2 written by their own writers (as on three threads), recipes dealt round-robin in source order.
      const writers = [0, 1, 2].map((p) => new SpillWriter(apart.files(p)));
      recipes.forEach((r, i) => apart.note(i % 3, writers[i % 3]!.add(r), r.createdAt, r.id));
      writers.forEach((w, p) => apart.attach(p, w.finish()));
      const a = readBack(here);
      const b = readBack(apart);
      expect(b).toEqual(a);
      const sorted = [...recipes].sort(compareDocOrder);
      expect(a.json).toEqual(sorted.map(recipeJson));
      expect(a.facts).toEqual(sorted.map((r) => JSON.parse(JSON.stringify(recipeFacts(r)))));
      expect(a.search).toEqual(sorted.map((r) => ({ language: r.language, texts: fieldTexts(r) })));
    } finally {
      here.dispose();
      apart.dispose();
    }
    expect(fs.readdirSync(root)).toEqual([]);
  });

  it('refuses records noted out of order or positions that do not cover them', () => {
    const spill = spillRecipes(tempDir(), 2);
    try {
      const writer = new SpillWriter(spill.files(1));
      writer.add(recipes[0]!);
      writer.add(recipes[1]!);
      expect(() => spill.note(1, 1, recipes[1]!.createdAt, recipes[1]!.id)).toThrow(/out of order/);
      spill.note(1, 0, recipes[0]!.createdAt, recipes[0]!.id);
      spill.attach(1, writer.finish());
      expect(() => spill.docOrder()).toThrow(/part 1 holds 2 records, 1 noted/);
    } finally {
      spill.dispose();
    }
  });

  it('orders docs newest first, then by id, as compareDocOrder', () => {
    const dates = ['2024-01-01T00:00:00.000Z', '2023-05-06T07:08:09.000Z', '2024-01-01T00:00:00.001Z', '1970-01-01T00:00:00.000Z'];
    fc.assert(
      fc.property(fc.uniqueArray(fc.string({ maxLength: 4 }), { maxLength: 60 }), fc.array(fc.nat(dates.length - 1), { minLength: 60, maxLength: 60 }), (ids, picks) => {
        const rs: Recipe[] = ids.map((id, i) => makeRecipe({ id, createdAt: dates[picks[i]!]! }));
        const spill = spillRecipes(tempDir());
        try {
          for (const r of rs) spill.add(r);
          const order = spill.docOrder();
          expect([...order].map((i) => rs[i]!.id)).toEqual([...rs].sort(compareDocOrder).map((r) => r.id));
        } finally {
          spill.dispose();
        }
      }),
      { numRuns: 50 },
    );
  });
});
