import { afterAll, describe, expect, it, vi } from 'vitest';
import { buildFixture } from '../../../helpers/fixture-dataset.ts';
import { makeRecipe } from '../../../helpers/make-recipe.ts';
import { expectExhaustiveAnswers } from '../../../helpers/search-oracle.ts';
import { createApp } from '../../../../runtime/http/create-app.ts';
import { createMemoryStore } from '../../../../runtime/store/memory.ts';
import type { SearchFilter } from '../../../../runtime/query/search/query.ts';
import { Searcher } from '../../../../runtime/query/search/searcher.ts';
import { buildSearchIndex } from '../../../../build/write/search.ts';

const step = (text: string) => [{ step: 1, text }];
const fx = buildFixture([
  makeRecipe({ id: 'choc', title: 'Chocolate cake', createdAt: '2024-01-10T00:00:00.000Z' }),
  makeRecipe({ id: 'crepe', title: 'Crêpes Suzette', language: 'fr', cuisines: ['french'] }),
  makeRecipe({ id: 'tomato', title: 'Tomato soup', cuisines: ['italian'] }),
  makeRecipe({ id: 'kartoffel', title: 'Gebratene Kartoffel', language: 'de', cuisines: ['german'] }),
  makeRecipe({ id: 'hongshao', title: '红烧肉', language: 'zh', cuisines: ['chinese'] }),
  makeRecipe({ id: 'lemontart', title: 'Lemon tart', createdAt: '2023-01-01T00:00:00.000Z' }),
  makeRecipe({ id: 'stew', title: 'Winter stew', instructions: step('Squeeze a lemon over the stew.'), createdAt: '2024-02-01T00:00:00.000Z' }),
  makeRecipe({ id: 'pasta', title: 'Pasta salad' }),
  makeRecipe({ id: 'paste', title: 'Garlic paste' }),
  makeRecipe({ id: 'nice', title: 'Nice salad' }),
  makeRecipe({ id: 'twin1', title: 'Barley bread', createdAt: '2022-01-02T00:00:00.000Z' }),
  makeRecipe({ id: 'twin2', title: 'Barley bread', createdAt: '2022-01-01T00:00:00.000Z' }),
]);
afterAll(() => fx.cleanup());

const search = (query: string, limit = 10, filter?: SearchFilter) =>
  fx.engine.search!(filter ? { query, limit, filter } : { query, limit }).hits.map((h) => fx.recipes[h.doc]!.id);
describe('GET /search over HTTP', () => {
  const app = createApp({ engine: fx.engine, store: createMemoryStore(), now: () => 0, requireKey: false, dailyQuota: 1000, clientAddress: () => 'test' });

  it('answers {query, recipes} with a score per recipe and no pagination object', async () => {
    const res = await app.request('/search?query=%20chocolate%20');
    expect(res.status).toBe(200);
    const body = (await res.json()) as { query: string; recipes: { id: string; title: string; score: number }[]; pagination?: unknown };
    expect(Object.keys(body)).toEqual(['query', 'recipes']);
    expect(body.query).toBe('chocolate');
    expect(body.recipes[0]!.id).toBe('choc');
    expect(body.recipes[0]!.title).toBe('Chocolate cake');
    expect(body.recipes[0]!.score).toBeGreaterThan(0);
  });

  it('answers 400 with the SPEC message when the query is missing', async () => {
    const res = await app.request('/search');
    expect(res.status).toBe(400);
    expect(((await res.json()) as { error: { message: string } }).error.message).toBe('The query parameter is required.');
  });
});

describe('search matching', () => {
  it('folds accents: crepe finds Crêpes and crêpe finds it too', () => {
    expect(search('crepe')[0]).toBe('crepe');
    expect(search('CRÊPES')[0]).toBe('crepe');
  });

  it('stems: tomatoes finds Tomato, Kartoffeln finds Kartoffel', () => {
    expect(search('tomatoes')).toEqual(['tomato']);
    expect(search('Kartoffeln')).toEqual(['kartoffel']);
  });

  it('tolerates typos: choclate finds chocolate', () => {
    expect(search('choclate')[0]).toBe('choc');
    expect(search('chocolaet cake')[0]).toBe('choc');
  });

  it('gives words of up to 4 letters no edits: rice does not find Nice', () => {
    expect(search('rice')).toEqual([]);
    expect(search('nice')).toEqual(['nice']);
  });

  it('completes the last word as a prefix (search as you type)', () => {
    expect(search('choc')).toEqual(['choc']);
    expect(search('gebratene kart')[0]).toBe('kartoffel');
    expect(search('winter st')[0]).toBe('stew');
  });

  it('finds a Chinese title by a two-character substring', () => {
    expect(search('烧肉')).toEqual(['hongshao']);
    expect(search('红烧')).toEqual(['hongshao']);
  });

  it('applies filters before scoring', () => {
    expect(search('salad', 10, { language: 'en' }).sort()).toEqual(['nice', 'pasta']);
    expect(search('salad', 10, { language: 'fr' })).toEqual([]);
    expect(search('crepe', 10, { cuisine: 'french' })).toEqual(['crepe']);
    expect(search('crepe', 10, { cuisine: 'thai' })).toEqual([]);
  });
});

describe('search ranking', () => {
  it('ranks a title match above an instruction-only match', () => {
    expect(search('lemon')).toEqual(['lemontart', 'stew']);
  });

  it('ranks an exact match above a fuzzy one', () => {
    const r = search('pasta');
    expect(r[0]).toBe('pasta');
    expect(r).toContain('paste');
  });

  it('breaks score ties by doc order (newest first) and is deterministic', () => {
    expect(search('barley bread')).toEqual(['twin1', 'twin2']);
    const a = fx.engine.search!({ query: 'salad lemon cake', limit: 10 });
    const b = fx.engine.search!({ query: 'salad lemon cake', limit: 10 });
    expect(a).toEqual(b);
  });

  it('returns at most limit hits, best first', () => {
    const all = fx.engine.search!({ query: 'salad', limit: 10 }).hits;
    expect(all.length).toBe(2);
    expect(fx.engine.search!({ query: 'salad', limit: 1 }).hits).toEqual([all[0]]);
    for (let i = 1; i < all.length; i++) expect(all[i - 1]!.score).toBeGreaterThanOrEqual(all[i]!.score);
  });

  it('returns nothing for a query with no searchable characters', () => {
    expect(search('!!!')).toEqual([]);
  });
});

/** Strategies forced by the cost limit: the pruned document-at-a-time pass, or term-at-a-time for every query. */
const DAAT = { strategy: 'pruned' } as const;
const TAAT = { strategy: 'term-at-a-time' } as const;

describe('search pruning', () => {
  it('returns exactly what exhaustive scoring returns (MaxScore skips only what cannot rank)', () => {
    let seed = 42;
    const rand = () => ((seed = (Math.imul(seed, 1664525) + 1013904223) >>> 0) / 2 ** 32);
    // A skewed vocabulary: a few very common words and a long tail, like recipe text.
    const vocab = Array.from({ length: 120 }, (_, i) => `w${String.fromCharCode(97 + (i % 26))}${'xyz'[i % 3]}${i}`);
    const word = () => vocab[Math.floor(vocab.length * rand() ** 3)]!;
    const text = (n: number) => Array.from({ length: 1 + Math.floor(rand() * n) }, word).join(' ');
    const recipes = Array.from({ length: 400 }, (_, i) =>
      makeRecipe({ id: `r${i}`, title: text(5), description: text(20), instructions: step(text(60)), tags: [word()] }),
    );
    const index = buildSearchIndex(recipes);
    const searcher = new Searcher(index, DAAT);
    const taat = new Searcher(index, TAAT);
    for (let q = 0; q < 300; q++) {
      const query = text(6);
      for (const limit of [1, 3, 10]) {
        const want = searcher.search({ query, limit, exhaustive: true });
        expect(searcher.search({ query, limit }), query).toEqual(want);
        expect(taat.search({ query, limit }), query).toEqual(want);
      }
    }
  });

  it('equals exhaustive scoring across many posting blocks, with filters, languages and prefixes', () => {
    let seed = 7;
    const rand = () => ((seed = (Math.imul(seed, 1664525) + 1013904223) >>> 0) / 2 ** 32);
    const vocab = Array.from({ length: 60 }, (_, i) => `t${String.fromCharCode(97 + (i % 26))}${'aeiou'[i % 5]}${i}`);
    const word = () => vocab[Math.floor(vocab.length * rand() ** 2)]!;
    const text = (n: number) => Array.from({ length: 1 + Math.floor(rand() * n) }, word).join(' ');
    // 1,500 docs: frequent terms span ~10 blocks of 128 postings, so block skipping and seeding run.
    const recipes = Array.from({ length: 1500 }, (_, i) =>
      makeRecipe({ id: `s${i}`, language: i % 7 === 0 ? 'de' : 'en', title: text(4), description: text(12), instructions: step(text(30)) }),
    );
    const index = buildSearchIndex(recipes);
    const searcher = new Searcher(index, DAAT);
    const taat = new Searcher(index, TAAT);
    // Tiny block caches: blocks are evicted while queries still hold them, or never kept.
    const evicting = [new Searcher(index, { ...DAAT, blockCacheBlocks: 3 }), new Searcher(index, { ...DAAT, blockCacheBlocks: 0 })];
    const allowed = Uint8Array.from({ length: recipes.length }, () => (rand() < 0.6 ? 1 : 0));
    for (let q = 0; q < 120; q++) {
      let query = text(4);
      if (q % 3 === 0) query = query.slice(0, -2); // a cut last word: prefix completions
      for (const limit of [1, 10, 50]) {
        expect(searcher.search({ query, limit }), query).toEqual(searcher.search({ query, limit, exhaustive: true }));
        expect(searcher.search({ query, limit, allowed }), query).toEqual(searcher.search({ query, limit, allowed, exhaustive: true }));
        expect(taat.search({ query, limit }), query).toEqual(searcher.search({ query, limit, exhaustive: true }));
        expect(taat.search({ query, limit, allowed }), query).toEqual(searcher.search({ query, limit, allowed, exhaustive: true }));
        for (const s of evicting) expect(s.search({ query, limit }), query).toEqual(searcher.search({ query, limit, exhaustive: true }));
      }
    }
  });

  it('equals exhaustive scoring on dense multi-word queries (tf~ thresholds, dense tf~ arrays of frequent terms)', () => {
    let seed = 11;
    const rand = () => ((seed = (Math.imul(seed, 1664525) + 1013904223) >>> 0) / 2 ** 32);
    // Words in 40% .. 3% of 8,000 docs: lists of up to ~25 blocks, each with a dense array (df ≥ N/64),
    // and queries that need docs holding several of them; a tail of rare words around them.
    const dense = ['dzapa', 'dzepe', 'dzipi', 'dzopo', 'dzupu', 'dzyby', 'dzaca'];
    const density = [0.4, 0.3, 0.2, 0.12, 0.08, 0.05, 0.03];
    const tail = Array.from({ length: 200 }, (_, i) => `r${String.fromCharCode(97 + (i % 26))}q${i}`);
    const some = (n: number) => Array.from({ length: n }, () => tail[Math.floor(tail.length * rand())]!);
    const field = (n: number, scale: number) => {
      const words = some(1 + Math.floor(rand() * n));
      dense.forEach((w, i) => {
        if (rand() < density[i]! * scale) for (let k = 1 + Math.floor(rand() * 3); k > 0; k--) words.splice(Math.floor(rand() * words.length), 0, w);
      });
      return words.join(' ');
    };
    const recipes = Array.from({ length: 8000 }, (_, i) =>
      makeRecipe({ id: `d${i}`, language: i % 5 === 0 ? 'de' : 'en', title: field(3, 0.5), description: field(10, 0.6), instructions: step(field(25, 0.7)) }),
    );
    const index = buildSearchIndex(recipes);
    const searcher = new Searcher(index, DAAT);
    const uncached = new Searcher(index, { ...DAAT, blockCacheBlocks: 0, denseCacheTerms: 0 });
    const tiny = new Searcher(index, { ...DAAT, blockCacheBlocks: 5, denseCacheTerms: 1 });
    // tiny scores unmasked queries only: a read of a frequent term's whole list is its dense array.
    const wholeReads = vi.spyOn(tiny.ix, 'forEachBlock');
    const taat = new Searcher(index, TAAT);
    const masks = [0.5, 0.05].map((p) => Uint8Array.from({ length: recipes.length }, () => (rand() < p ? 1 : 0)));
    const pick = () => dense[Math.floor(rand() * dense.length)]!;
    for (let q = 0; q < 60; q++) {
      const words = Array.from({ length: 2 + (q % 3) }, pick);
      if (q % 4 === 1) words.push(some(1)[0]!);
      let query = words.join(' ');
      if (q % 5 === 2) query = query.slice(0, -2); // a cut last word: prefix completions
      for (const limit of [1, 10, 50]) {
        const want = searcher.search({ query, limit, exhaustive: true });
        expect(searcher.search({ query, limit }), query).toEqual(want);
        expect(uncached.search({ query, limit }), query).toEqual(want);
        expect(tiny.search({ query, limit }), query).toEqual(want);
        expect(taat.search({ query, limit }), query).toEqual(want);
        for (const allowed of masks) {
          const wantAllowed = searcher.search({ query, limit, allowed, exhaustive: true });
          expect(searcher.search({ query, limit, allowed }), query).toEqual(wantAllowed);
          expect(uncached.search({ query, limit, allowed }), query).toEqual(wantAllowed);
          expect(taat.search({ query, limit, allowed }), query).toEqual(wantAllowed);
        }
      }
    }
    // The dense path ran (a frequent term's dense tf~ array was built).
    expect(wholeReads.mock.calls.some(([t]) => tiny.ix.df(t) * 64 >= tiny.ix.docCount)).toBe(true);
  });

  it('equals exhaustive scoring when the mask excludes most high-scoring docs (a language filter)', () => {
    let seed = 23;
    const rand = () => ((seed = (Math.imul(seed, 1664525) + 1013904223) >>> 0) / 2 ** 32);
    const tail = Array.from({ length: 150 }, (_, i) => `r${String.fromCharCode(97 + (i % 26))}q${i}`);
    const some = (n: number) => Array.from({ length: 1 + Math.floor(rand() * n) }, () => tail[Math.floor(tail.length * rand())]!);
    // 6,000 docs; the German ones are in runs and repeat the query words often (the best blocks
    // of every list are mostly German), the English ones hold them once or twice.
    const recipes = Array.from({ length: 6000 }, (_, i) => {
      const de = Math.floor(i / 300) % 3 === 0 && i % 10 !== 0;
      const words = some(20);
      for (const w of ['kzapa', 'kzepe', 'kzipi', 'kzopo']) {
        if (rand() < (de ? 0.6 : 0.3)) for (let k = de ? 2 + Math.floor(rand() * 6) : 1 + Math.floor(rand() * 2); k > 0; k--) words.splice(Math.floor(rand() * words.length), 0, w);
      }
      return makeRecipe({ id: `m${i}`, language: de ? 'de' : 'en', title: some(3).join(' '), description: words.join(' '), instructions: step(some(20).join(' ')) });
    });
    const index = buildSearchIndex(recipes);
    const searchers = [
      new Searcher(index, DAAT),
      new Searcher(index, { ...DAAT, blockCacheBlocks: 0, denseCacheTerms: 0 }),
      new Searcher(index, { ...DAAT, blockCacheBlocks: 4, denseCacheTerms: 1 }),
      new Searcher(index, TAAT),
    ];
    const en = Uint8Array.from(recipes, (r) => (r.language === 'en' ? 1 : 0));
    const enSome = Uint8Array.from(en, (a) => (a && rand() < 0.5 ? 1 : 0));
    expectExhaustiveAnswers(searchers, ['kzapa', 'kzapa kzepe', 'kzipi kzopo kzapa', 'kzapa kz', 'kzepe kzi', 'rbq1 kzopo'], [en, enSome]);
  });
});
