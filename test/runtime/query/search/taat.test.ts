/** Term at a time (runtime/query/search/taat.ts), through dense forms under a small language's mask. */
import { describe, expect, it, vi } from 'vitest';
import { corpus, random } from '../../../helpers/search-corpus.ts';
import { expectExhaustiveAnswers } from '../../../helpers/search-oracle.ts';
import { buildSearchIndex } from '../../../../build/write/search.ts';
import { Searcher } from '../../../../runtime/query/search/searcher.ts';

const DAAT = { strategy: 'pruned' } as const;
const TAAT = { strategy: 'term-at-a-time' } as const;

describe('term at a time', () => {
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
});
