/** Block-max skipping (runtime/query/search/block-max.ts): the blocks of the one essential list left. */
import { describe, expect, it, vi } from 'vitest';
import { makeRecipe } from '../../../helpers/make-recipe.ts';
import { random, step } from '../../../helpers/search-corpus.ts';
import { expectExhaustiveAnswers } from '../../../helpers/search-oracle.ts';
import { buildSearchIndex } from '../../../../build/write/search.ts';
import { Cursor } from '../../../../runtime/query/search/cursor.ts';
import { Searcher } from '../../../../runtime/query/search/searcher.ts';

const DAAT = { strategy: 'pruned' } as const;

describe('block-max', () => {
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
});
