/** Driving lists (runtime/query/search/driving-lists.ts): a masked prefix query with many candidate terms. */
import { describe, it } from 'vitest';
import { corpus, maskOf, random } from '../../../helpers/search-corpus.ts';
import { expectExhaustiveAnswers } from '../../../helpers/search-oracle.ts';
import { buildSearchIndex } from '../../../../build/write/search.ts';
import { Searcher } from '../../../../runtime/query/search/searcher.ts';

const DAAT = { strategy: 'pruned' } as const;
const TAAT = { strategy: 'term-at-a-time' } as const;

describe('driving lists', () => {
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
    const mask = (f: Parameters<typeof maskOf>[1]) => maskOf(recipes, f);
    const en = mask((r) => r.language === 'en');
    const de = mask((r) => r.language === 'de');
    const enSome = Uint8Array.from(en, (a) => (a && rand() < 0.7 ? 1 : 0));
    expectExhaustiveAnswers(searchers, ['zzpasta zzsal', 'zzpasta zzsa', 'zzsauce zzpasta zzsal', 'zzsal zzpasta', 'zzsage zzsalt'], [en, de, enSome, undefined], [1, 10, 50, 200]);
  });
});
