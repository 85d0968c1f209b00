/**
 * The search index built in pieces: texts analysed piece by piece between ASCII white space and
 * line by line, from search records whose lines are shared through a spill part's lines (on the
 * search thread). All must give exactly the index of one builder over whole texts.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compareDocOrder } from '../../../build/write/doc-order.ts';
import { SearchIndexBuilder, searchWriter } from '../../../build/write/search.ts';
import { searchThread } from '../../../build/write/search-thread.ts';
import { spillRecipes } from '../../../build/write/spill.ts';
import { SpillLines, writeRecipeSearchRecord } from '../../../build/write/spill-render.ts';
import { ByteSink } from '../../../build/write/byte-sink.ts';
import { writePart } from '../../../build/write/write-dataset.ts';
import { PATHS } from '../../../runtime/format/constants.ts';
import { MAX_FIELD_LENGTH } from '../../../runtime/format/search-index.ts';
import { analyze } from '../../../runtime/format/text/analyze.ts';
import { makeRecipe } from '../../helpers/make-recipe.ts';

// Letters that compose, decompose, change case by context or fold, marks, CJK, surrogates, and
// every kind of ASCII white space next to them.
const ALPHABET = ['a', 'B', 'é', 'e\u0301', '\u0301', 'Σ', 'ς', 'İ', 'ß', 'ﬁ', '５', '\u00a0', '´', "'", '’', '=', '\u0338', '≠',
  '红', '烧', 'カ', 'ー', '김', '𠀋', 'x'.repeat(41), '-', '.', ' ', '\t', '\n', '\r', '\v', '\f', '  '];
const text = fc.array(fc.constantFrom(...ALPHABET), { maxLength: 40 }).map((parts) => parts.join(''));
const LANGS = ['en', 'de', 'zh', 'ja', 'fr'];

const recipesOf = (texts: string[]) =>
  texts.map((t, i) => makeRecipe({ id: `r${String(i).padStart(3, '0')}`, language: LANGS[i % LANGS.length]!, title: t, description: texts[(i + 1) % texts.length]!, tags: i % 3 ? ['main-course'] : [] }));

function encodeWhole(recipes: ReturnType<typeof recipesOf>): Buffer {
  const b = new SearchIndexBuilder(recipes.length);
  recipes.forEach((r, doc) => b.add(doc, r));
  return b.encode();
}

describe('search index built in pieces', () => {
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

  it('builds the same file on the search thread as on the main thread', () => {
    const recipes = recipesOf(Array.from({ length: 41 }, (_, i) => `Soup ${i % 7} with ${['onion', 'Äpfel', '红烧肉'][i % 3]} number ${i}`)).sort(compareDocOrder);
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'recipe-db-search-split-'));
    const spill = spillRecipes(root);
    try {
      for (const r of [...recipes].reverse()) spill.add(r);
      const thread = searchThread();
      try {
        thread.start(spill.searchLayout(spill.docOrder()));
        let file: Uint8Array | undefined;
        const builder = thread.writer.begin({ recipeCount: recipes.length, catalog: [], ingredientNames: [], emit: (_, bytes) => (file = bytes) });
        builder.finish();
        const want = writePart(searchWriter, { recipes, catalog: [], ingredientNames: [] }).get(PATHS.searchIndex)!;
        expect(Buffer.from(file!).equals(want)).toBe(true);
      } finally {
        thread.close();
      }
    } finally {
      spill.dispose();
      fs.rmSync(root, { recursive: true, force: true });
    }
  }, 60_000);
});
