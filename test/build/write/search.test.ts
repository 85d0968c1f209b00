import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildSearchIndex, searchWriter } from '../../../build/write/search.ts';
import { SearchIndexBuilder } from '../../../build/write/search/builder.ts';
import { fieldTexts, unpackSearchTexts } from '../../../build/spill/search-record.ts';
import { searchThread } from '../../../build/threads/search-thread.ts';
import { replaySearchRecords, spillRecipes } from '../../../build/spill/spill.ts';
import { PART_WRITERS, writeDataset, writePart } from '../../../build/write/write-dataset.ts';
import { PATHS } from '../../../runtime/format/constants.ts';
import { FormatError } from '../../../runtime/format/container.ts';
import { decodeSearchIndex, encodeSearchIndex, SEARCH_BLOCK_SIZE, SEARCH_FIELDS } from '../../../runtime/format/search-index.ts';
import type { Recipe } from '../../../runtime/format/recipe.ts';
import { analyze } from '../../../runtime/format/text/analyze.ts';
import { makeRecipe } from '../../helpers/make-recipe.ts';

const recipes = [
  makeRecipe({ id: 'a', title: 'Tomato soup', tags: ['quick'], description: 'A red soup.', instructions: [{ step: 1, text: 'Simmer the tomatoes.' }] }),
  makeRecipe({ id: 'b', title: 'Gebratene Kartoffeln', language: 'de', ingredients: [{ display: '1 kg Kartoffeln', name: 'Kartoffeln', optional: false }] }),
  makeRecipe({ id: 'c', title: '红烧肉', language: 'zh', cuisines: ['chinese'] }),
];
const ctx = { recipes, catalog: [], ingredientNames: [] };

describe('search index writer', () => {
  it('decodes to exactly what it encoded', () => {
    const ix = buildSearchIndex(recipes);
    const back = decodeSearchIndex(encodeSearchIndex(ix), 'search/index.bin');
    expect(back.fields).toEqual([...SEARCH_FIELDS]);
    expect(back.languages).toEqual(['de', 'en', 'zh']);
    expect(back.terms).toEqual(ix.terms);
    expect([...back.termStarts]).toEqual([...ix.termStarts]);
    expect([...back.docs]).toEqual([...ix.docs]);
    expect([...back.tfs]).toEqual([...ix.tfs]);
    expect([...back.lengths]).toEqual([...ix.lengths]);
    expect([...back.docLanguage]).toEqual([...ix.docLanguage]);
    expect(back.avgFieldLengths).toEqual(ix.avgFieldLengths);
  });

  it('sorts the dictionary by code units and stores stemmed terms with per-field frequencies', () => {
    const ix = buildSearchIndex(recipes);
    expect([...ix.terms]).toEqual([...ix.terms].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
    const postings = (term: string) => {
      const t = ix.terms.indexOf(term);
      expect(t).toBeGreaterThanOrEqual(0);
      const out: [number, number[]][] = [];
      for (let p = ix.termStarts[t]!; p < ix.termStarts[t + 1]!; p++) out.push([ix.docs[p]!, [...ix.tfs.subarray(p * 5, p * 5 + 5)]]);
      return out;
    };
    // "Tomato" in the title, "tomatoes" in the instructions: one term, two fields.
    expect(postings('tomato')).toEqual([[0, [1, 0, 0, 0, 1]]]);
    // German "Kartoffeln" stems to "kartoffel" in the title and the ingredient names.
    expect(postings('kartoffel')).toEqual([[1, [1, 1, 0, 0, 0]]]);
    // Chinese: unigrams and bigrams.
    expect(postings('烧肉')).toEqual([[2, [1, 0, 0, 0, 0]]]);
    expect(postings('肉')).toEqual([[2, [1, 0, 0, 0, 0]]]);
    // Field lengths: "红烧肉" → 红 红烧 烧 烧肉 肉 = 5 terms.
    expect(ix.lengths[2 * 5]).toBe(5);
  });

  it('indexes exactly the terms of analyze() on mixed scripts (its scanners agree with the tokenizer)', () => {
    let seed = 11;
    const rand = () => ((seed = (Math.imul(seed, 1664525) + 1013904223) >>> 0) / 2 ** 32);
    const pieces = ['红烧肉', 'カレー', 'ー', 'aー', 'ーa', '々', '漢字かなカナ', 'iphone版', 'Crêpe', 'Äpfel', 'straße', 'Ωmega',
      'Кartoffeln', 'tomatoes', "don't", '𠀋𠀋', '𝔘nicode', 'x'.repeat(41), 'é'.repeat(40), 'é'.repeat(41), '日'.repeat(45), 'ab12',
      '５０', 'ﬁsh', '〇', '⺀', 'カ・レ', '゛', ' ', '-', ',', '김치찌개', 'ελληνικά', 'naïve', 'Chicken'];
    const text = (n: number) => Array.from({ length: n }, () => pieces[Math.floor(rand() * pieces.length)]).join(rand() < 0.5 ? ' ' : '');
    const langs = ['en', 'de', 'zh', 'ja', 'fr', 'ko', 'es'];
    const mixed = Array.from({ length: 300 }, (_, i) =>
      makeRecipe({ id: `m${i}`, language: langs[i % langs.length]!, title: text(4), description: text(8), instructions: [{ step: 1, text: text(20) }] }),
    );
    const ix = buildSearchIndex(mixed);
    const F = SEARCH_FIELDS.length;
    const got = new Map<string, string>(); // "doc term" → tfs
    for (let t = 0; t < ix.terms.length; t++) {
      for (let p = ix.termStarts[t]!; p < ix.termStarts[t + 1]!; p++) got.set(`${ix.docs[p]} ${ix.terms[t]}`, [...ix.tfs.subarray(p * F, p * F + F)].join());
    }
    const want = new Map<string, string>();
    mixed.forEach((r, d) => {
      const tf = new Map<string, number[]>();
      fieldTexts(r).forEach((field, f) => {
        const terms = analyze(field, r.language);
        expect(ix.lengths[d * F + f]).toBe(terms.length);
        for (const term of terms) {
          if (!tf.has(term)) tf.set(term, new Array<number>(F).fill(0));
          tf.get(term)![f]!++;
        }
      });
      for (const [term, counts] of tf) want.set(`${d} ${term}`, counts.join());
    });
    expect(got).toEqual(want);
  });

  it('writes byte-identical files for the same recipes', () => {
    const a = writePart(searchWriter, ctx).get(PATHS.searchIndex)!;
    const b = writePart(searchWriter, ctx).get(PATHS.searchIndex)!;
    expect(a.equals(b)).toBe(true);
    expect(a.subarray(0, 4).toString('latin1')).toBe('RDBT');
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

  it('builds the same file on a thread of its own, from the spilled search records', () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'recipe-db-search-thread-'));
    const spill = spillRecipes(root);
    try {
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
    } finally {
      spill.dispose();
      fs.rmSync(root, { recursive: true, force: true });
    }
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

  it('refuses a file whose sections disagree with its header', () => {
    const bytes = Buffer.from(encodeSearchIndex(buildSearchIndex(recipes)));
    expect(() => decodeSearchIndex(bytes.subarray(0, bytes.length - 64), 'x')).toThrow(FormatError);
  });
});
