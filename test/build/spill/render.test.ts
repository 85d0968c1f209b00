/**
 * The spill's records rendered straight into bytes (render.ts, render-search.ts, facts-codec.ts) against the
 * strings they stand for: recipeJson in UTF-8, the search texts of fieldTexts, and facts that
 * read back as JSON.parse(JSON.stringify(recipeFacts)) — for recipes of every shape, the
 * normaliser's (frozen shared ingredients, template steps) and odd ones.
 */
import { isDeepStrictEqual } from 'node:util';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ByteSink } from '../../../build/spill/byte-sink.ts';
import { FactsStrings, readFacts, writeFacts } from '../../../build/spill/facts-codec.ts';
import { recipeFacts } from '../../../build/write/recipe-facts.ts';
import { recipeJson } from '../../../build/write/recipe-json.ts';
import { SpillLines } from '../../../build/spill/lines.ts';
import { writeRecipeJson } from '../../../build/spill/render.ts';
import { writeRecipeSearchRecord } from '../../../build/spill/render-search.ts';
import { fieldTexts, unpackSearchTexts } from '../../../build/spill/search-record.ts';
import type { Ingredient, Recipe } from '../../../runtime/format/recipe.ts';
import { makeRecipe } from '../../helpers/make-recipe.ts';

// Text that JSON escapes, lone and paired surrogates, non-Latin-1, LF (a line break in the search texts).
const CHARS = ['a', ' ', 'é', '"', '\\', '\n', '\t', '\u0000', '\u001f', '\u2028', '\ud800', '\udfff', '😀', '鸡', 'Ω', '/', ','];
const text = fc.array(fc.constantFrom(...CHARS), { maxLength: 12 }).map((parts) => parts.join(''));
/** Template steps and shared lines: a few texts recur. */
const shared = fc.constantFrom('Preheat the oven.', 'Stir "well".', 'salt', '鸡蛋', '');

const ingredient = fc.record({
  display: fc.oneof(text, shared),
  name: fc.oneof(text, shared),
  optional: fc.boolean(),
  id: fc.option(fc.constantFrom('salt', 'egg', 'é-id'), { nil: undefined }),
  quantity: fc.option(fc.record({ unit: fc.constantFrom('g', 'cup', ''), value: fc.double({ noNaN: false }) }), { nil: undefined }),
});

/** An ingredient as the normaliser shares it (frozen, quantity too), or a plain one; undefined fields left out. */
function asIngredient(i: { display: string; name: string; optional: boolean; id?: string; quantity?: { unit: string; value: number } }, frozen: boolean): Ingredient {
  const out: Ingredient = { display: i.display, name: i.name, optional: i.optional };
  if (i.quantity) out.quantity = frozen ? Object.freeze({ ...i.quantity }) : { ...i.quantity };
  if (i.id !== undefined) out.id = i.id;
  return frozen ? Object.freeze(out) : out;
}

const recipeArb = fc
  .record({
    id: fc.oneof(fc.constantFrom('abcdefghijklm'), text),
    title: fc.oneof(text, shared),
    description: text,
    language: fc.constantFrom('en', 'de', 'zh'),
    steps: fc.array(fc.oneof(text, shared), { maxLength: 4 }),
    ingredients: fc.array(fc.tuple(ingredient, fc.boolean()), { maxLength: 4 }),
    tags: fc.array(fc.oneof(text, shared), { maxLength: 3 }),
    categories: fc.array(fc.constantFrom('main-course', 'soup'), { maxLength: 2 }),
    equipment: fc.option(fc.array(fc.constantFrom('oven', 'pot'), { maxLength: 2 }), { nil: undefined }),
    rating: fc.record({ count: fc.oneof(fc.nat(), fc.constant(Number.NaN)), reviewCount: fc.nat(), value: fc.oneof(fc.double(), fc.constant(-0)) }),
    author: fc.option(fc.record({ name: text, url: fc.constant('https://example.org') }), { nil: undefined }),
    odd: fc.constantFrom('none', 'step-order', 'step-extra', 'step-string', 'text-swapped', 'nan-step', 'float-step', 'fn-field', 'text-lines-differ'),
  })
  .map((g) => {
    const ingredients = g.ingredients.map(([i, frozen]) => asIngredient(i, frozen));
    const r = makeRecipe({
      id: g.id,
      title: g.title,
      description: g.description,
      language: g.language,
      instructions: g.steps.map((t, i) => ({ step: i + 1, text: t })),
      ingredients,
      tags: g.tags,
      categories: g.categories,
      rating: g.rating,
      nutrition: { calories: { unit: 'kcal', value: 12.5 } },
      times: { total: { seconds: 600 } },
    });
    if (g.equipment) r.equipment = g.equipment;
    if (g.author) r.author = g.author;
    const any = r as unknown as Record<string, unknown>;
    if (g.odd === 'step-order' && g.steps.length > 0) any.instructions = [{ text: g.steps[0], step: 1 }];
    if (g.odd === 'step-extra' && g.steps.length > 0) any.instructions = [{ step: 1, text: g.steps[0], extra: true }];
    if (g.odd === 'step-string') any.instructions = ['just text'];
    if (g.odd === 'text-swapped') any.text = { instructions: r.text.instructions, ingredients: r.text.ingredients };
    if (g.odd === 'nan-step' && g.steps.length > 0) any.instructions = [{ step: Number.NaN, text: g.steps[0] }];
    if (g.odd === 'float-step' && g.steps.length > 0) any.instructions = [{ step: 1.5, text: g.steps[0] }];
    if (g.odd === 'fn-field') any.media = () => 1;
    if (g.odd === 'text-lines-differ') any.text = { ingredients: ['other', 7], instructions: [null, 'x'] };
    return r;
  });

const rendered = (write: (sink: ByteSink) => void): Buffer => {
  const sink = new ByteSink(8);
  write(sink);
  return sink.buf.subarray(0, sink.at);
};

describe('spill records rendered into bytes', () => {
  it('writes the bytes of recipeJson, whatever the recipe holds', () => {
    fc.assert(
      fc.property(fc.array(recipeArb, { minLength: 1, maxLength: 5 }), (recipes) => {
        // Twice: the second time from what the first remembered of shared steps and frozen ingredients.
        for (const r of [...recipes, ...recipes]) expect(rendered((s) => writeRecipeJson(s, r)).equals(Buffer.from(recipeJson(r)))).toBe(true);
      }),
      { numRuns: 300 },
    );
  });

  it('writes search records that read back as fieldTexts (in UTF-8), lines shared within a part', () => {
    fc.assert(
      fc.property(fc.array(recipeArb, { minLength: 1, maxLength: 5 }), (recipes) => {
        const parts = [new SpillLines(), new SpillLines()];
        const records = [...recipes, ...recipes].map((r, i) => ({ r, part: i % 2, bytes: rendered((s) => writeRecipeSearchRecord(s, r, parts[i % 2]!)) }));
        const lines = parts.map((p) => p.lines());
        for (const { r, part, bytes } of records) {
          let want: string[];
          try {
            want = fieldTexts(r);
          } catch {
            continue; // odd shapes fieldTexts cannot read either
          }
          // In UTF-8, as the spill holds text: a lone surrogate reads back as U+FFFD (which analyses the same: neither is a word character).
          const utf8 = (t: string) => Buffer.from(t, 'utf8').toString('utf8');
          expect(unpackSearchTexts(bytes, 0, lines[part])).toEqual({ language: r.language, texts: want.map(utf8) });
        }
      }),
      { numRuns: 300 },
    );
  });

  it('writes facts that read back as their JSON does', () => {
    fc.assert(
      fc.property(fc.array(recipeArb, { minLength: 1, maxLength: 5 }), fc.constantFrom(0, -0, 1.5, Number.NaN, Number.POSITIVE_INFINITY), (recipes, n) => {
        const table = new FactsStrings();
        const written = recipes.map((r) => {
          const facts = recipeFacts(r);
          facts.numeric[1] = n;
          return { facts, bytes: rendered((s) => writeFacts(s, facts, table)) };
        });
        for (const { facts, bytes } of written) {
          const back = readFacts(bytes, 0, bytes.length, table.strings);
          expect(isDeepStrictEqual(back, JSON.parse(JSON.stringify(facts)))).toBe(true);
        }
      }),
      { numRuns: 300 },
    );
  });

  it('writes facts of another shape as JSON', () => {
    const facts = recipeFacts(makeRecipe({ id: 'x' }));
    const odd = [{ ...facts, extra: 1 }, { ...facts, rating: { value: 1 } }, { ...facts, categories: ['a', 3] }, { ...facts, ingredients: [{ optional: 'no' }] }];
    const table = new FactsStrings();
    for (const f of odd as unknown as Recipe[]) {
      const bytes = rendered((s) => writeFacts(s, f as never, table));
      expect(bytes[0]).toBe(0);
      expect(readFacts(bytes, 0, bytes.length, table.strings)).toEqual(JSON.parse(JSON.stringify(f)));
    }
  });
});
