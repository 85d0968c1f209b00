/**
 * The search threads (search-thread.ts): the search index built from the spilled search records
 * on threads of their own, in doc ranges, must be the file the main thread builds.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { replaySearchRecords, spillRecipes, SpillWriter, type Spill, type SpillLayout } from '../../../build/spill/spill.ts';
import { fieldTexts, unpackSearchTexts } from '../../../build/spill/search-record.ts';
import { searchThread, splitDocs } from '../../../build/threads/search-thread.ts';
import { compareDocOrder } from '../../../build/write/doc-order.ts';
import { searchWriter } from '../../../build/write/search.ts';
import { PART_WRITERS, writeDataset, writePart } from '../../../build/write/write-dataset.ts';
import { PATHS } from '../../../runtime/format/constants.ts';
import type { Recipe } from '../../../runtime/format/recipe.ts';
import { SEARCH_BLOCK_SIZE } from '../../../runtime/format/search-index.ts';
import { makeRecipe } from '../../helpers/make-recipe.ts';
import { manyRecipes, recipesOf, SAMPLE_RECIPES as recipes } from '../../helpers/search-recipes.ts';

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

/** Runs `use` with a spill of `parts` parts in a directory of its own, removed afterwards. */
function withSpill(parts: number, use: (spill: Spill, root: string) => void): void {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'recipe-db-search-thread-'));
  const spill = spillRecipes(root, parts);
  try {
    use(spill, root);
  } finally {
    spill.dispose();
    fs.rmSync(root, { recursive: true, force: true });
  }
}

describe('search threads', () => {
  it('builds the same file on the search thread as on the main thread', () => {
    const recipes = recipesOf(Array.from({ length: 41 }, (_, i) => `Soup ${i % 7} with ${['onion', 'Äpfel', '红烧肉'][i % 3]} number ${i}`)).sort(compareDocOrder);
    withSpill(1, (spill) => {
      for (const r of [...recipes].reverse()) spill.add(r);
      const want = writePart(searchWriter, { recipes, catalog: [], ingredientNames: [] }).get(PATHS.searchIndex)!;
      expect(fileFromThreads(spill.searchLayout(spill.docOrder()), recipes.length).equals(want)).toBe(true);
    });
  }, 60_000);

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
    // Two parts, as two normalise workers write them.
    withSpill(2, (spill) => {
      const writers = [0, 1].map((p) => new SpillWriter(spill.files(p)));
      [...recipes].reverse().forEach((r, i) => spill.note(i % 2, writers[i % 2]!.add(r), r.createdAt, r.id));
      writers.forEach((w, p) => spill.attach(p, w.finish()));
      const order = spill.docOrder();
      for (const threads of [1, 2, 3]) {
        const lines: string[] = [];
        expect(fileFromThreads(spill.searchLayout(order), recipes.length, threads, (l) => lines.push(l)).equals(want)).toBe(true);
        expect(lines.some((l) => new RegExp(`search index thread: \\d+ ms \\(${threads} threads?:`).test(l))).toBe(true);
      }
    });
  }, 120_000);

  it('reports a failure of any search thread, also while another waits for it', () => {
    withSpill(1, (spill, root) => {
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
    });
  }, 60_000);

  it('builds the same file on a thread of its own, from the spilled search records', () => {
    withSpill(1, (spill, root) => {
      [...recipes].reverse().forEach((r) => spill.add(r));
      const order = spill.docOrder();
      const inOrder: Recipe[] = [];
      spill.replay(order, (doc, entry) => (inOrder[doc] = entry.recipe()));
      const replayed: { language: string; texts: string[] }[] = [];
      replaySearchRecords(spill.searchLayout(order), (doc, record, lines) => (replayed[doc] = unpackSearchTexts(record, 0, lines)));
      expect(replayed).toEqual(inOrder.map((r) => ({ language: r.language, texts: fieldTexts(r) })));

      const lines: string[] = [];
      const thread = searchThread((l) => lines.push(l));
      try {
        thread.start(spill.searchLayout(order));
        const head = { recipeCount: order.length, catalog: [], ingredientNames: [] as [string, string][], sources: [] };
        const parts = PART_WRITERS.filter((w) => w === searchWriter).map(() => thread.writer);
        const { dir } = writeDataset(path.join(root, 'out'), head, (add) => spill.replay(order, add), parts);
        const want = writePart(searchWriter, { recipes: inOrder, catalog: [], ingredientNames: [] }).get(PATHS.searchIndex)!;
        expect(fs.readFileSync(path.join(dir, PATHS.searchIndex)).equals(want)).toBe(true);
        expect(lines.some((l) => /search index thread: \d+ ms/.test(l))).toBe(true);
      } finally {
        thread.close();
      }
    });
  }, 60_000);

  it('reports a failure of the search thread when the main thread asks for its file', () => {
    const thread = searchThread();
    try {
      const layout = { files: [path.join(os.tmpdir(), 'recipe-db-no-such-spill')], lines: [{ bytes: new Uint8Array(0), ends: new Uint32Array(0) }], part: Uint8Array.of(0), offsets: Float64Array.of(0), lengths: Uint32Array.of(10) };
      expect(() => thread.writer.begin({ recipeCount: 1, catalog: [], ingredientNames: [], emit: () => {} })).toThrow(/not started/);
      thread.start(layout);
      const builder = thread.writer.begin({ recipeCount: 1, catalog: [], ingredientNames: [], emit: () => {} });
      expect(() => builder.finish()).toThrow(/search index thread failed: .*ENOENT/s);
    } finally {
      thread.close();
    }
  }, 60_000);
});
