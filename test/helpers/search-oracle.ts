import { expect } from 'vitest';
import type { Searcher } from '../../runtime/query/search/searcher.ts';

/**
 * Every searcher answers each query, under each mask and limit, exactly as exhaustive scoring by
 * the first one does, twice (the second time with warm caches); that answer is never empty.
 */
export function expectExhaustiveAnswers(searchers: readonly Searcher[], queries: readonly string[], alloweds: readonly (Uint8Array | undefined)[], limits: readonly number[] = [1, 10, 50]): void {
  for (const query of queries) {
    for (const allowed of alloweds) {
      for (const limit of limits) {
        const want = searchers[0]!.search({ query, limit, allowed, exhaustive: true });
        expect(want.length, query).toBeGreaterThan(0);
        for (const s of searchers) {
          expect(s.search({ query, limit, allowed }), query).toEqual(want);
          expect(s.search({ query, limit, allowed }), query).toEqual(want); // again, with warm caches
        }
      }
    }
  }
}
