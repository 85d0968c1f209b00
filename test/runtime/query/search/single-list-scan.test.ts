/** The one-essential-list scan (runtime/query/search/single-list-scan.ts) when another word is required through its frequent lists (a chain). */
import { describe, it } from 'vitest';
import { corpus, random } from '../../../helpers/search-corpus.ts';
import { expectExhaustiveAnswers } from '../../../helpers/search-oracle.ts';
import { buildSearchIndex } from '../../../../build/write/search.ts';
import { Searcher } from '../../../../runtime/query/search/searcher.ts';

const DAAT = { strategy: 'pruned' } as const;

describe('single-list scan', () => {
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
});
