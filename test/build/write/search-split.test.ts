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
import { searchWriter } from '../../../build/write/search.ts';
import { SearchIndexBuilder } from '../../../build/write/search/builder.ts';
import { finishSearchFile, planSearchFile, searchFileBlocks, writeSearchFileHead } from '../../../build/write/search/file-plan.ts';
import { searchThread, splitDocs } from '../../../build/threads/search-thread.ts';
import { spillRecipes, SpillWriter, type SpillLayout } from '../../../build/spill/spill.ts';
import { SpillLines } from '../../../build/spill/lines.ts';
import { writeRecipeSearchRecord } from '../../../build/spill/render-search.ts';
import { ByteSink } from '../../../build/spill/byte-sink.ts';
import { writePart } from '../../../build/write/write-dataset.ts';
import { PATHS } from '../../../runtime/format/constants.ts';
import { MAX_FIELD_LENGTH, SEARCH_BLOCK_SIZE } from '../../../runtime/format/search-index.ts';
import type { Recipe } from '../../../runtime/format/recipe.ts';
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

function encodeWhole(recipes: readonly Recipe[]): Buffer {
  const b = new SearchIndexBuilder(recipes.length);
  recipes.forEach((r, doc) => b.add(doc, r));
  return b.encode();
}

/** The file of builders of docs [bounds[p], bounds[p + 1]), put together as the search threads do (on this thread). */
function encodeParts(recipes: readonly Recipe[], bounds: readonly number[]): Buffer {
  const builders = bounds.slice(1).map((to, p) => {
    const from = bounds[p]!;
    const b = new SearchIndexBuilder(to - from, from);
    for (let doc = from; doc < to; doc++) b.add(doc, recipes[doc]!);
    return b;
  });
  const plan = planSearchFile(builders.map((b) => b.summary()));
  const out = Buffer.alloc(plan.size);
  writeSearchFileHead(out, plan);
  const others = builders.map((b, p) => {
    const blocks = p === 0 ? searchFileBlocks(out, plan) : new Uint32Array(2 * plan.blockCount);
    b.scatter(out, plan.placements[p]!, blocks);
    return blocks;
  });
  finishSearchFile(out, plan, others.slice(1));
  return out;
}

/** The search file the search threads (`threads` of them, default SEARCH_THREADS) build from the spill of `layout`; `log` gets their timings. */
function fileFromThreads(layout: SpillLayout, recipeCount: number, threads?: number, log?: (line: string) => void): Buffer {
  const thread = searchThread(log, threads);
  try {
    thread.start(layout);
    let file: Uint8Array | undefined;
    thread.writer.begin({ recipeCount, catalog: [], ingredientNames: [], emit: (_, bytes) => (file = bytes) }).finish();
    return Buffer.from(file!.buffer, file!.byteOffset, file!.byteLength);
  } finally {
    thread.close();
  }
}

/**
 * `count` recipes in runs of languages (a run of 'en', then 'de', ...), sharing words so that
 * common terms have more than one block of postings, each with a word of its own.
 */
const manyRecipes = (count: number) =>
  Array.from({ length: count }, (_, i) =>
    makeRecipe({
      id: `m${String(i).padStart(4, '0')}`,
      language: ['en', 'de', 'zh', 'fr'][Math.floor(i / 70) % 4]!,
      title: `Soup ${i % 3 ? 'with onions' : 'of tomatoes'} number${i} 红烧肉`,
      description: i % 5 ? 'Simmer slowly, then serve.' : '',
      tags: i % 4 ? ['main-course', `tag-${i % 9}`] : [],
      ingredients: [{ display: 'x', name: ['onion', 'Äpfel', 'salt'][i % 3]!, optional: false }],
    }),
  );

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
      const want = writePart(searchWriter, { recipes, catalog: [], ingredientNames: [] }).get(PATHS.searchIndex)!;
      expect(fileFromThreads(spill.searchLayout(spill.docOrder()), recipes.length).equals(want)).toBe(true);
    } finally {
      spill.dispose();
      fs.rmSync(root, { recursive: true, force: true });
    }
  }, 60_000);

  it('gives the same file from builders of doc ranges as from one builder, wherever the ranges split the docs', () => {
    fc.assert(
      fc.property(fc.array(text, { minLength: 1, maxLength: 30 }), fc.array(fc.nat(), { maxLength: 4 }), (texts, cuts) => {
        const recipes = recipesOf(texts);
        const bounds = [0, ...cuts.map((c) => c % (recipes.length + 1)).sort((a, b) => a - b), recipes.length];
        expect(encodeParts(recipes, bounds).equals(encodeWhole(recipes))).toBe(true);
      }),
      { numRuns: 200 },
    );
  });

  it('gives the same file from builders of doc ranges when terms have several blocks and a range ends inside a block and a language run', () => {
    const recipes = manyRecipes(3 * SEARCH_BLOCK_SIZE + 17);
    const whole = encodeWhole(recipes);
    for (const bounds of [[0, 150, recipes.length], [0, 1, 129, 200, recipes.length], [0, 0, 257, recipes.length, recipes.length], [0, recipes.length]]) {
      expect(encodeParts(recipes, bounds).equals(whole)).toBe(true);
    }
  });

  it('splits the docs into ranges of about equal search record bytes', () => {
    expect(splitDocs(Uint32Array.of(10, 10, 10, 10), 2)).toEqual([0, 2, 4]);
    expect(splitDocs(Uint32Array.of(30, 10, 10, 10), 2)).toEqual([0, 1, 4]);
    expect(splitDocs(Uint32Array.of(5), 3)).toEqual([0, 0, 1, 1]); // the doc goes to the range its middle byte falls in
    expect(splitDocs(new Uint32Array(0), 2)).toEqual([0, 0, 0]);
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 1, max: 1000 }), { maxLength: 200 }), fc.integer({ min: 1, max: 5 }), (lengths, parts) => {
        const bounds = splitDocs(Uint32Array.from(lengths), parts);
        expect(bounds.length).toBe(parts + 1);
        expect(bounds[0]).toBe(0);
        expect(bounds[parts]).toBe(lengths.length);
        const total = lengths.reduce((a, b) => a + b, 0);
        for (let p = 0; p < parts; p++) {
          expect(bounds[p + 1]!).toBeGreaterThanOrEqual(bounds[p]!);
          // Each range is within one record of its share.
          const bytes = lengths.slice(bounds[p], bounds[p + 1]).reduce((a, b) => a + b, 0);
          expect(Math.abs(bytes - total / parts)).toBeLessThanOrEqual(1000);
        }
      }),
    );
  });

  it('builds the same file on any number of search threads, with more docs than one block and several languages', () => {
    const recipes = manyRecipes(2 * SEARCH_BLOCK_SIZE + 45).sort(compareDocOrder);
    const want = writePart(searchWriter, { recipes, catalog: [], ingredientNames: [] }).get(PATHS.searchIndex)!;
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'recipe-db-search-threads-'));
    // Two parts, as two normalise workers write them.
    const spill = spillRecipes(root, 2);
    try {
      const writers = [0, 1].map((p) => new SpillWriter(spill.files(p)));
      [...recipes].reverse().forEach((r, i) => spill.note(i % 2, writers[i % 2]!.add(r), r.createdAt, r.id));
      writers.forEach((w, p) => spill.attach(p, w.finish()));
      const order = spill.docOrder();
      for (const threads of [1, 2, 3]) {
        const lines: string[] = [];
        expect(fileFromThreads(spill.searchLayout(order), recipes.length, threads, (l) => lines.push(l)).equals(want)).toBe(true);
        expect(lines.some((l) => new RegExp(`search index thread: \\d+ ms \\(${threads} threads?:`).test(l))).toBe(true);
      }
    } finally {
      spill.dispose();
      fs.rmSync(root, { recursive: true, force: true });
    }
  }, 120_000);

  it('reports a failure of any search thread, also while another waits for it', () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'recipe-db-search-fail-'));
    const spill = spillRecipes(root);
    try {
      spill.add(makeRecipe({ id: 'ok', title: 'A long enough title for the first range of docs, and then some more words' }));
      const good = spill.searchLayout(spill.docOrder());
      // Doc 0 is fine (the first thread's), doc 1 is in a file that is not there (the second thread's): the first waits for the second's summary.
      const layout = {
        files: [good.files[0]!, path.join(root, 'no-such-spill')],
        lines: [good.lines[0]!, { bytes: new Uint8Array(0), ends: new Uint32Array(0) }],
        part: Uint8Array.of(0, 1),
        offsets: Float64Array.of(good.offsets[0]!, 0),
        lengths: Uint32Array.of(good.lengths[0]!, 10),
      };
      expect(splitDocs(layout.lengths, 2)).toEqual([0, 1, 2]);
      const thread = searchThread(() => {}, 2);
      try {
        thread.start(layout);
        const builder = thread.writer.begin({ recipeCount: 2, catalog: [], ingredientNames: [], emit: () => {} });
        expect(() => builder.finish()).toThrow(/search index thread failed: .*ENOENT/s);
      } finally {
        thread.close();
      }
    } finally {
      spill.dispose();
      fs.rmSync(root, { recursive: true, force: true });
    }
  }, 60_000);
});
