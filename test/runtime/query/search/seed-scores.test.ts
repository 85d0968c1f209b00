/** Seed scoring (runtime/query/search/seed-scores.ts): seeds that cannot rank are left out before lists are read for them. */
import { describe, expect, it, vi } from 'vitest';
import { corpus, random } from '../../../helpers/search-corpus.ts';
import { expectExhaustiveAnswers } from '../../../helpers/search-oracle.ts';
import { buildSearchIndex } from '../../../../build/write/search.ts';
import { Postings } from '../../../../runtime/query/search/postings.ts';
import { SeedScorer } from '../../../../runtime/query/search/seed-scores.ts';
import { Searcher } from '../../../../runtime/query/search/searcher.ts';

const DAAT = { strategy: 'pruned' } as const;

describe('seed scores', () => {
  it('leaves out the seeds that cannot rank among the seeds before reading lists for them, as exhaustive scoring ranks', () => {
    // `zzsa` completes to six terms of more than 4 blocks each (SEED_PRUNE_BLOCKS), most without a
    // dense form (denseCacheTerms: 0 for none at all): most seeds are left out before the weaker
    // ones are read, so few of those lists' blocks are read for the seeds.
    const recipes = corpus(20000, { zzsalt: 0.6, zzsalad: 0.2, zzpasta: 0.08, zzsal: 0.02, zzsalmon: 0.05, zzsalsa: 0.04, zzsalz: 0.03 }, (i) => (i % 33 === 0 ? 'de' : 'en'), 5);
    const index = buildSearchIndex(recipes);
    const rand = random(4);
    const some = Uint8Array.from(recipes, () => (rand() < 0.7 ? 1 : 0));
    const queries = ['zzpasta zzsa', 'zzsal zzpasta', 'zzsa', 'zzpasta zzsal zzsalmon'];
    // The blocks the seed scorer asks for (through the cache or not), per query, mask and limit.
    const scores = SeedScorer.prototype.scores;
    const read = Postings.prototype.read;
    let seeding = false;
    let reads = 0;
    const seedSpy = vi.spyOn(SeedScorer.prototype, 'scores').mockImplementation(function (this: SeedScorer, ...args: Parameters<SeedScorer['scores']>) {
      seeding = true;
      try {
        return scores.apply(this, args);
      } finally {
        seeding = false;
      }
    });
    const readSpy = vi.spyOn(Postings.prototype, 'read').mockImplementation(function (this: Postings, t: number, j: number) {
      if (seeding) reads++;
      return read.call(this, t, j);
    });
    try {
      for (const q of queries) for (const allowed of [undefined, some]) new Searcher(index, { ...DAAT, denseCacheTerms: 0 }).search({ query: q, limit: 10, allowed });
      expect(seedSpy).toHaveBeenCalled();
      // 131 blocks with the pruning; 360 when no seed is ever left out.
      expect(reads).toBeLessThan(180);
    } finally {
      seedSpy.mockRestore();
      readSpy.mockRestore();
    }
    const searchers = [new Searcher(index, DAAT), new Searcher(index, { ...DAAT, denseCacheTerms: 0 }), new Searcher(index, { ...DAAT, blockCacheBlocks: 3 })];
    expectExhaustiveAnswers(searchers, queries, [undefined, some]);
  });
});
