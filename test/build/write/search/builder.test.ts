/**
 * The search index builder: texts analysed piece by piece between ASCII white space and line by
 * line, and search records whose lines are shared through a spill part's lines, must give
 * exactly the index of analyze() over whole texts; encode() the bytes of encodeSearchIndex.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ByteSink } from '../../../../build/spill/byte-sink.ts';
import { SpillLines } from '../../../../build/spill/lines.ts';
import { writeRecipeSearchRecord } from '../../../../build/spill/render-search.ts';
import { SearchIndexBuilder } from '../../../../build/write/search/builder.ts';
import { encodeSearchIndex, MAX_FIELD_LENGTH, SEARCH_BLOCK_SIZE } from '../../../../runtime/format/search-index.ts';
import { analyze } from '../../../../runtime/format/text/analyze.ts';
import { makeRecipe } from '../../../helpers/make-recipe.ts';
import { encodeWhole, LANGS, recipesOf, SAMPLE_RECIPES as recipes, text } from '../../../helpers/search-recipes.ts';

describe('search index builder', () => {
  it('has the terms of analyze() on the whole text when analysing it piece by piece between ASCII white space', () => {
    fc.assert(
      fc.property(text, fc.constantFrom(...LANGS), (t, lang) => {
        expect(t.split(/[\t\n\v\f\r ]/).flatMap((piece) => analyze(piece, lang))).toEqual(analyze(t, lang));
      }),
      { numRuns: 2000 },
    );
  });

  it('indexes each doc with the terms of analyze() whatever white space separates them', () => {
    fc.assert(
      fc.property(fc.array(text, { minLength: 1, maxLength: 12 }), (texts) => {
        const recipes = recipesOf(texts);
        const data = new SearchIndexBuilder(recipes.length);
        recipes.forEach((r, doc) => data.add(doc, r));
        const ix = data.data();
        recipes.forEach((r, d) => expect(ix.lengths[d * ix.fields.length]).toBe(Math.min(analyze(r.title, r.language).length, MAX_FIELD_LENGTH)));
        const got = new Set<string>();
        for (let t = 0; t < ix.terms.length; t++) for (let p = ix.termStarts[t]!; p < ix.termStarts[t + 1]!; p++) if (ix.tfs[p * ix.fields.length]) got.add(`${ix.docs[p]} ${ix.terms[t]}`);
        expect(got).toEqual(new Set(recipes.flatMap((r, d) => analyze(r.title, r.language).map((term) => `${d} ${term}`))));
      }),
      { numRuns: 200 },
    );
  });

  it('gives the same file from search records whose steps and ingredient names are lines of their spill part', () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(text, text, fc.nat(3)), { maxLength: 25 }), (rows) => {
        // Steps and ingredient names repeat across recipes (they are shared lines); two parts, as two workers write them.
        const recipes = rows.map(([t, u, k], i) =>
          makeRecipe({
            id: `r${i}`,
            language: LANGS[i % LANGS.length]!,
            title: t,
            instructions: [{ step: 1, text: u }, { step: 2, text: rows[k % rows.length]![1] }],
            ingredients: [{ display: u, name: rows[(i + k) % rows.length]![0], optional: false }, Object.freeze({ display: 'x', name: t, optional: true })],
          }),
        );
        const parts = [new SpillLines(), new SpillLines()];
        const records = recipes.map((r, i) => {
          const sink = new ByteSink(16);
          writeRecipeSearchRecord(sink, r, parts[i % 2]!);
          return sink.buf.subarray(0, sink.at);
        });
        const lines = parts.map((p) => p.lines());
        const b = new SearchIndexBuilder(recipes.length);
        records.forEach((record, doc) => b.addRecord(doc, record, 0, lines[doc % 2]));
        expect(b.encode().equals(encodeWhole(recipes))).toBe(true);
      }),
      { numRuns: 100 },
    );
  });

  it('encodes straight into the file the bytes of encodeSearchIndex, over several blocks per term', () => {
    // "soup" in every doc (3 blocks, the last one partial), "onion" in every other, a few rare words.
    const many = Array.from({ length: 2 * SEARCH_BLOCK_SIZE + 37 }, (_, i) =>
      makeRecipe({
        id: `s${i}`,
        language: ['en', 'de', 'zh'][i % 3]!,
        title: `Soup ${i % 2 ? 'onion' : '红烧肉'} ${i % 11 === 0 ? `rare${i}` : ''}`,
        description: 'soup '.repeat(i % 300),
        tags: i % 5 ? ['main-course'] : [],
      }),
    );
    for (const input of [many, recipes, []]) {
      const streamed = new SearchIndexBuilder(input.length);
      const arrays = new SearchIndexBuilder(input.length);
      input.forEach((r, doc) => {
        streamed.add(doc, r);
        arrays.add(doc, r);
      });
      expect(streamed.encode().equals(encodeSearchIndex(arrays.data()))).toBe(true);
    }
  });
});
