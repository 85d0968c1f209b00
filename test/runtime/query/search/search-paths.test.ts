/**
 * The search paths that only larger indexes take (runtime/query/search/): term at a time
 * through dense forms under a small language's mask, the one-essential-list scan that requires
 * another word's frequent lists, seeding from docs holding every word (and leaving out the seeds
 * that cannot rank), and the skip over the blocks of the one essential list left. Each must return
 * exactly what exhaustive scoring returns.
 */
import { describe, expect, it, vi } from 'vitest';
import fc from 'fast-check';
import { makeRecipe } from '../../../helpers/make-recipe.ts';
import { expectExhaustiveAnswers } from '../../../helpers/search-oracle.ts';
import { buildSearchIndex } from '../../../../build/write/search.ts';
import { byTfDescending } from '../../../../runtime/query/search/block-cache.ts';
import { distinctSorted, kthSmallest } from '../../../../runtime/query/search/arrays.ts';
import { Cursor } from '../../../../runtime/query/search/cursor.ts';
import { Searcher } from '../../../../runtime/query/search/searcher.ts';
import type { Recipe } from '../../../../runtime/format/recipe.ts';

const DAAT = { strategy: 'pruned' } as const;
const TAAT = { strategy: 'term-at-a-time' } as const;
const step = (text: string) => [{ step: 1, text }];

/** A deterministic generator (LCG) of floats in [0, 1). */
function random(seed: number): () => number {
  return () => ((seed = (Math.imul(seed, 1664525) + 1013904223) >>> 0) / 2 ** 32);
}

/** Docs whose fields hold each of `words` with its probability (repeated 1..3 times), among tail words. */
function corpus(n: number, words: Record<string, number>, language: (i: number) => string, seed: number): Recipe[] {
  const rand = random(seed);
  const tail = Array.from({ length: 120 }, (_, i) => `t${String.fromCharCode(97 + (i % 26))}q${i}`);
  const field = (n: number, scale: number) => {
    const out = Array.from({ length: 1 + Math.floor(rand() * n) }, () => tail[Math.floor(tail.length * rand())]!);
    for (const [w, p] of Object.entries(words)) {
      if (rand() < p * scale) for (let k = 1 + Math.floor(rand() * 3); k > 0; k--) out.splice(Math.floor(rand() * out.length), 0, w);
    }
    return out.join(' ');
  };
  return Array.from({ length: n }, (_, i) =>
    makeRecipe({ id: `p${i}`, language: language(i), title: field(3, 0.4), description: field(10, 0.6), instructions: step(field(25, 0.8)) }),
  );
}

describe('search paths of larger indexes', () => {
  it('a filtered search in a small language equals the exhaustive answer (term at a time through dense forms)', () => {
    // 20,000 docs, 3% German: `zzsalt` is in most docs (a dense form, and more postings than
    // allowed docs), `zzsal` is rare, and a cut `zzsa` completes to both.
    const recipes = corpus(20000, { zzsalt: 0.6, zzsalad: 0.2, zzpasta: 0.08, zzsal: 0.02 }, (i) => (i % 33 === 0 ? 'de' : i % 97 === 1 ? 'fr' : 'en'), 5);
    const index = buildSearchIndex(recipes);
    const taat = new Searcher(index, TAAT);
    const searchers = [taat, new Searcher(index, DAAT), new Searcher(index), new Searcher(index, { ...TAAT, denseCacheTerms: 2 })];
    const reads = vi.spyOn(taat.ix, 'forEachBlock');
    const rand = random(9);
    const de = Uint8Array.from(recipes, (r) => (r.language === 'de' ? 1 : 0));
    const deSome = Uint8Array.from(de, (a) => (a && rand() < 0.5 ? 1 : 0));
    const fr = Uint8Array.from(recipes, (r) => (r.language === 'fr' ? 1 : 0));
    expectExhaustiveAnswers(searchers, ['zzpasta zzsal', 'zzpasta zzsa', 'zzsalt', 'zzsalt zzsalad zzpasta', 'zzsal zzsalt'], [de, deSome, fr]);
    // `zzsalt` (94 blocks) was read once, for its dense form; term at a time would read it per query.
    const salt = taat.ix.terms.indexOf('zzsalt');
    expect(salt).toBeGreaterThanOrEqual(0);
    expect(reads.mock.calls.filter(([t]) => t === salt).length).toBe(1);
  });

  it('equals exhaustive scoring when the scanned list needs another word held by a frequent list (a required word)', () => {
    // `zzsoup` is rarer and scores higher; `zztomato` is frequent (a dense form) and `zztomat`, a
    // typo of it, holds a few docs: a doc can rank only if `zztomato` holds it, so the scan of
    // `zzsoup` passes over the others on a bit test. Half the German docs have the typo instead.
    const recipes = corpus(20000, { zzsoup: 0.05, zztomato: 0.15, zzbutter: 0.3, zzgarlic: 0.25 }, (i) => (i % 5 === 0 ? 'de' : 'en'), 17);
    const rand = random(3);
    for (const r of recipes) if (r.language === 'de' && rand() < 0.5) r.description = r.description.replaceAll('zztomato', 'zztomat');
    const index = buildSearchIndex(recipes);
    const searchers = [new Searcher(index, DAAT), new Searcher(index, { ...DAAT, blockCacheBlocks: 0, denseCacheTerms: 0 }), new Searcher(index, { ...DAAT, denseCacheTerms: 1 })];
    const en = Uint8Array.from(recipes, (r) => (r.language === 'en' ? 1 : 0));
    expectExhaustiveAnswers(searchers, ['zztomato zzsoup', 'zzsoup zztomato', 'zzgarlic zzbutter zzsoup', 'zztomato zzsou', 'zzbutter zztomato', 'zzsoup zztomat'], [undefined, en]);
  });

  it('a masked prefix query with many candidate terms ranks as exhaustive scoring, pruned and term at a time (driving lists)', () => {
    // 20,000 docs, 84% English: `zzsa` and `zzsal` complete to many terms, `zzsalt` in half the
    // docs; `zzsal` itself is rare (a high idf for every completion), so the top holds `zzpasta`
    // and a completion, and the pruned pass is driven by `zzpasta`'s list and the strongest
    // `zzsal` lists, and probes the others (`zzsalt`) only for their docs. `zzsalmon` is rare and
    // strong outside English (in the titles of French docs).
    const words: Record<string, number> = { zzsalt: 0.5, zzsalad: 0.1, zzpasta: 0.06, zzsalsa: 0.03, zzsalz: 0.03, zzsalat: 0.02, zzsalami: 0.01, zzsal: 0.004, zzsage: 0.05, zzsauce: 0.08 };
    const recipes = corpus(20000, words, (i) => (i % 33 === 0 ? 'de' : i % 7 === 1 ? 'fr' : 'en'), 23);
    const rand = random(29);
    for (const r of recipes) if (r.language === 'fr' && rand() < 0.05) r.title = `zzsalmon zzsalmon zzsalmon ${r.title}`;
    const index = buildSearchIndex(recipes);
    const searchers = [new Searcher(index, DAAT), new Searcher(index, TAAT), new Searcher(index), new Searcher(index, { ...DAAT, blockCacheBlocks: 0, denseCacheTerms: 0 })];
    const mask = (f: (r: Recipe) => boolean) => Uint8Array.from(recipes, (r) => (f(r) ? 1 : 0));
    const en = mask((r) => r.language === 'en');
    const de = mask((r) => r.language === 'de');
    const enSome = Uint8Array.from(en, (a) => (a && rand() < 0.7 ? 1 : 0));
    expectExhaustiveAnswers(searchers, ['zzpasta zzsal', 'zzpasta zzsa', 'zzsauce zzpasta zzsal', 'zzsal zzpasta', 'zzsage zzsalt'], [en, de, enSome, undefined], [1, 10, 50, 200]);
  });

  it('skips the blocks of the one essential list left that cannot rank in one loop over their bounds, as exhaustive scoring ranks', () => {
    // 20,000 docs: `zzchocolat` in 30% of descriptions but in the title of 1 doc in 997, so once θ
    // is up most of its 47 blocks hold no doc that can rank; `zzchocolate` and `zzchoclat` are
    // rare (a typo query's other lists).
    const rand = random(11);
    const tail = Array.from({ length: 120 }, (_, i) => `t${String.fromCharCode(97 + (i % 26))}q${i}`);
    const words = (n: number) => Array.from({ length: 1 + Math.floor(rand() * n) }, () => tail[Math.floor(tail.length * rand())]!);
    const recipes = Array.from({ length: 20000 }, (_, i) => {
      const title = words(3);
      if (i % 997 === 5) title.push('zzchocolat');
      const description = words(10);
      if (rand() < 0.3) description.push('zzchocolat');
      if (rand() < 0.004) description.push('zzchocolate');
      const instructions = words(25);
      if (rand() < 0.002) instructions.push('zzchoclat');
      return makeRecipe({ id: `c${i}`, language: 'en', title: title.join(' '), description: description.join(' '), instructions: step(instructions.join(' ')) });
    });
    const index = buildSearchIndex(recipes);
    // (A cache of 3 blocks: cursors' cached blocks evicted under them.)
    const searchers = [new Searcher(index, DAAT), new Searcher(index, { ...DAAT, blockCacheBlocks: 3 })];
    const skipBlocks = Cursor.prototype.skipBlocks;
    let most = 0; // the most blocks passed over by one skip
    const skips = vi.spyOn(Cursor.prototype, 'skipBlocks').mockImplementation(function (this: Cursor, mx: number) {
      const from = this.bi;
      skipBlocks.call(this, mx);
      most = Math.max(most, (this.doc === 0xffffffff ? this.last.length : this.bi) - from - 1);
    });
    try {
      expectExhaustiveAnswers(searchers, ['zzchocolat', 'zzchocolate', 'zzchoclate'], [undefined]);
      expect(skips).toHaveBeenCalled();
      expect(most).toBeGreaterThanOrEqual(10);
    } finally {
      skips.mockRestore();
    }
  });

  it('leaves out the seeds that cannot rank among the seeds before reading lists for them, as exhaustive scoring ranks', () => {
    // `zzsa` completes to six terms of more than 4 blocks each (SEED_PRUNE_BLOCKS), most without a
    // dense form (denseCacheTerms: 0 for none at all): most seeds are left out before the weaker
    // ones are read (measured: up to 161 of 166 seeds unfiltered, 990 of 1,040 with the mask).
    const recipes = corpus(20000, { zzsalt: 0.6, zzsalad: 0.2, zzpasta: 0.08, zzsal: 0.02, zzsalmon: 0.05, zzsalsa: 0.04, zzsalz: 0.03 }, (i) => (i % 33 === 0 ? 'de' : 'en'), 5);
    const index = buildSearchIndex(recipes);
    const searchers = [new Searcher(index, DAAT), new Searcher(index, { ...DAAT, denseCacheTerms: 0 }), new Searcher(index, { ...DAAT, blockCacheBlocks: 3 })];
    const rand = random(4);
    const some = Uint8Array.from(recipes, () => (rand() < 0.7 ? 1 : 0));
    expectExhaustiveAnswers(searchers, ['zzpasta zzsa', 'zzsal zzpasta', 'zzsa', 'zzpasta zzsal zzsalmon'], [undefined, some]);
  });

  it('lists seeds ascending and once (distinctSorted), and selects the k-th smallest score (kthSmallest), as a sort would', () => {
    const docs = fc.array(fc.integer({ min: 0, max: 5000 }), { maxLength: 300 });
    fc.assert(
      fc.property(docs, docs, (head, rest) => {
        const values = [...[...new Set(head)].sort((a, b) => a - b), ...rest]; // an ascending run, then any
        expect(Array.from(distinctSorted(values))).toEqual([...new Set(values)].sort((a, b) => a - b));
      }),
    );
    fc.assert(
      fc.property(fc.array(fc.double({ min: 0, max: 10, noNaN: true }), { minLength: 1, maxLength: 300 }), fc.nat(), (values, at) => {
        const k = at % values.length;
        expect(kthSmallest(Float64Array.from(values), values.length, k)).toBe([...values].sort((a, b) => a - b)[k]);
      }),
    );
  });

  it('orders a block by tf~ descending (the scan visits the postings above its threshold only)', () => {
    fc.assert(
      fc.property(fc.array(fc.float({ min: 0, max: 1000, noNaN: true }), { maxLength: 300 }), (values) => {
        const xs = Float32Array.from(values);
        const order = Array.from(byTfDescending(xs));
        expect([...order].sort((a, b) => a - b)).toEqual(values.map((_, i) => i));
        for (let k = 1; k < order.length; k++) expect(xs[order[k - 1]!]!).toBeGreaterThanOrEqual(xs[order[k]!]!);
      }),
    );
  });
});
