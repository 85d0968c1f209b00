/**
 * Pantry ranking against a plain oracle: coverage, both lists, order, maxMissing, language and
 * staples must equal a straightforward computation over the records, for random fixture recipes
 * and random pantries, and for random pantries over the real compiled dataset.
 */
import fc from 'fast-check';
import { describe, expect, inject, it } from 'vitest';
import type { Recipe } from '../../../../runtime/format/recipe.ts';
import { openDataset } from '../../../../runtime/data/open.ts';
import { createEngine } from '../../../../runtime/query/create-engine.ts';
import type { Engine } from '../../../../runtime/query/engine.ts';
import { STAPLES, type PantryQuery } from '../../../../runtime/query/pantry/pantry.ts';
import { buildFixture, catalogEntry } from '../../../helpers/fixture-dataset.ts';
import { makeRecipe } from '../../../helpers/make-recipe.ts';

interface Expected {
  doc: number;
  coverage: number;
  matchedIngredients: string[];
  missingIngredients: string[];
}

/** SPEC.md § GET /pantry with the documented formula, written as plainly as possible. */
function oracle(recipes: readonly Recipe[], q: PantryQuery): Expected[] {
  const available = new Set([...q.ingredients, ...(q.assumeStaples ? STAPLES : [])]);
  const rows: (Expected & { m: number; t: number })[] = [];
  recipes.forEach((r, doc) => {
    if (r.language !== q.language) return;
    const required = r.ingredients.filter((i) => !i.optional);
    const ids = new Set(required.filter((i) => i.id).map((i) => i.id!));
    const t = ids.size + required.filter((i) => !i.id).length;
    const m = [...ids].filter((id) => available.has(id)).length;
    if (![...ids].some((id) => q.ingredients.includes(id))) return;
    if (q.maxMissing !== undefined && t - m > q.maxMissing) return;
    const matched = r.ingredients.filter((i) => i.id && available.has(i.id)).map((i) => i.name);
    // One name per missing unit of T: the first line of each missing id, every line without an id.
    const missing = required.filter((i, k) => !i.id || (!available.has(i.id) && required.findIndex((j) => j.id === i.id) === k)).map((i) => i.name);
    expect(missing.length).toBe(t - m);
    rows.push({ doc, m, t, coverage: Math.round((m / t) * 1e4) / 1e4, matchedIngredients: [...new Set(matched)], missingIngredients: missing });
  });
  rows.sort((a, b) => b.m / b.t - a.m / a.t || a.t - a.m - (b.t - b.m) || b.m - a.m || a.doc - b.doc);
  return rows.map(({ doc, coverage, matchedIngredients, missingIngredients }) => ({ doc, coverage, matchedIngredients, missingIngredients }));
}

/** Compares one query; returns the total so callers can check the run was not vacuous. */
function check(engine: Engine, recipes: readonly Recipe[], q: PantryQuery): number {
  const expected = oracle(recipes, q);
  const got = engine.pantry(q);
  expect(got.total).toBe(expected.length);
  expect(got.results).toEqual(expected.slice(q.offset, q.offset + q.limit));
  return got.total;
}

const IDS = ['salt', 'water', 'black-pepper', 'onion', 'garlic', 'tomato', 'basil', 'rice', 'chicken', 'tofu'];

const recipeArb = (i: number) =>
  fc
    .record({
      day: fc.integer({ min: 1, max: 28 }),
      language: fc.constantFrom('en', 'sv'),
      lines: fc.array(
        fc.record({ id: fc.option(fc.constantFrom(...IDS), { nil: undefined }), optional: fc.boolean(), name: fc.constantFrom('', ' fresh', ' dried') }),
        { maxLength: 8 },
      ),
    })
    .map((g): Recipe =>
      makeRecipe({
        id: `r${String(i).padStart(4, '0')}`,
        createdAt: `2024-02-${String(g.day).padStart(2, '0')}T00:00:00.000Z`,
        language: g.language,
        ingredients: g.lines.map((l, k) => {
          const name = `${l.id ?? `mystery ${k}`}${l.name}`;
          return { display: name, name, optional: l.optional, ...(l.id && { id: l.id }) };
        }),
      }),
    );

const queryArb = (ids: readonly string[]): fc.Arbitrary<PantryQuery> =>
  fc.record({
    ingredients: fc.subarray([...ids], { minLength: 1, maxLength: Math.min(20, ids.length) }),
    language: fc.constantFrom('en', 'en', 'sv'),
    maxMissing: fc.option(fc.integer({ min: 0, max: 4 }), { nil: undefined }),
    assumeStaples: fc.boolean(),
    limit: fc.integer({ min: 1, max: 30 }),
    offset: fc.integer({ min: 0, max: 40 }),
  }).map((q) => {
    const { maxMissing, ...rest } = q;
    return maxMissing === undefined ? rest : { ...rest, maxMissing };
  });

describe('pantry ranking (property)', () => {
  it('equals the oracle for random recipes and random pantries', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 200 }).chain((n) => fc.tuple(...Array.from({ length: n }, (_, i) => recipeArb(i)))),
        fc.array(queryArb(IDS), { minLength: 1, maxLength: 15 }),
        (recipes, queries) => {
          const fx = buildFixture(recipes, IDS.map((id) => catalogEntry(id)));
          try {
            for (const q of queries) check(fx.engine, fx.recipes, q);
          } finally {
            fx.cleanup();
          }
        },
      ),
      { numRuns: 25 },
    );
  });

  it('equals the oracle for random pantries over the real dataset', () => {
    const engine = createEngine(openDataset(inject('realDataDir')));
    const recipes = Array.from({ length: engine.info.recipeCount }, (_, d) => engine.record(d));
    // Pantries drawn from the 60 most used ids (staples included: the hard case) plus rarer ones.
    const uses = new Map<string, number>();
    for (const r of recipes) for (const i of r.ingredients) if (i.id) uses.set(i.id, (uses.get(i.id) ?? 0) + 1);
    const common = [...uses].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1)).map(([id]) => id);
    const languages = [...new Set(recipes.map((r) => r.language))];
    let nonEmpty = 0;
    fc.assert(
      fc.property(queryArb(common.slice(0, 60)), fc.oneof({ weight: 3, arbitrary: fc.constant('en') }, { weight: 1, arbitrary: fc.constantFrom(...languages) }), (q, language) => {
        if (check(engine, recipes, { ...q, language }) > q.offset) nonEmpty++;
      }),
      { numRuns: 60, seed: 4 },
    );
    expect(nonEmpty).toBeGreaterThan(10);
  });

  it('names staples that exist in the real catalog', () => {
    const engine = createEngine(openDataset(inject('realDataDir')));
    for (const id of STAPLES) expect(engine.resolveIngredient(id)).toBe(id);
  });
});
