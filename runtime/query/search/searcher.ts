/**
 * Relevance search over the compiled search index (FORMAT.md § 15): the entry point. A query is
 * normalised and tokenised like the documents, planned (plan.ts), then scored term at a time
 * (taat.ts) or by the pruned document-at-a-time pass (max-score.ts). Pure: no HTTP, no I/O beyond
 * the index reader's positional reads. The design is in README.md beside this file.
 */
import { SearchIndexReader, type SearchIndexData } from '../../format/search-index.ts';
import { normalizeText } from '../../format/text/normalize.ts';
import { tokenizeQuery } from '../../format/text/tokenize.ts';
import type { Cursor } from './cursor.ts';
import { DenseForms } from './dense.ts';
import { BLOCK_CACHE_BLOCKS, DENSE_CACHE_TERMS } from './knobs.ts';
import { MaxScorePass, type PassParts } from './max-score.ts';
import { QueryPlanner, type MaskStats } from './plan.ts';
import { Postings } from './postings.ts';
import { Seeder } from './seed.ts';
import { TermAtATime } from './taat.ts';
import { splitCompounds } from './compounds.ts';
import { matchesWithoutTypos, typoOnlyFloor } from './typo-floor.ts';
import { TermDictionary } from './terms.ts';
import type { SearchHit } from './top-k.ts';
import { PassWorkspace } from './workspace.ts';

export type { SearchHit } from './top-k.ts';

/** How a Searcher scores: 'auto' picks per query (TAAT_MAX_DOCS, TAAT_COST); the others force one way (tests). */
export type SearchStrategy = 'auto' | 'pruned' | 'term-at-a-time';

export interface SearchOptions {
  query: string;
  limit: number;
  /** Allowed docs (1 = allowed), e.g. the AND of filter bitmaps; absent = every doc. */
  allowed?: Uint8Array;
  /** Score every posting (no pruning): the reference the pruned path must equal (tests). */
  exhaustive?: boolean;
}

export interface SearcherOptions {
  /** Decoded blocks kept across queries (BLOCK_CACHE_BLOCKS). */
  blockCacheBlocks?: number;
  /** Dense forms kept across queries (DENSE_CACHE_TERMS). */
  denseCacheTerms?: number;
  strategy?: SearchStrategy;
}

export class Searcher {
  readonly ix: SearchIndexReader;
  readonly dict: TermDictionary;
  readonly #planner: QueryPlanner;
  readonly #taat: TermAtATime;
  readonly #parts: PassParts;
  readonly #strategy: SearchStrategy;

  constructor(index: SearchIndexReader | SearchIndexData, opts: SearcherOptions = {}) {
    const ix = index instanceof SearchIndexReader ? index : SearchIndexReader.fromData(index);
    this.ix = ix;
    this.dict = new TermDictionary(ix.terms);
    const postings = new Postings(ix, opts.blockCacheBlocks ?? BLOCK_CACHE_BLOCKS);
    const denseCacheTerms = opts.denseCacheTerms ?? DENSE_CACHE_TERMS;
    const dense = new DenseForms(postings, denseCacheTerms);
    this.#planner = new QueryPlanner(postings, this.dict);
    this.#taat = new TermAtATime(postings, dense, denseCacheTerms);
    this.#parts = { postings, dense, seeder: new Seeder(postings, dense), workspace: new PassWorkspace(ix.languages.length, ix.blockSize) };
    this.#strategy = opts.strategy ?? 'auto';
  }

  search(opts: SearchOptions): SearchHit[] {
    // Unknown compounds become their parts (compounds.ts); the last part is still the last word.
    const tokens = splitCompounds(this.dict, this.ix.languages, tokenizeQuery(normalizeText(opts.query)));
    const seen = new Set<string>();
    const words = tokens.filter((t) => !seen.has(t.text) && seen.add(t.text));
    const limit = Math.max(0, opts.limit);
    if (limit === 0 || words.length === 0) return [];
    const last = tokens.at(-1);
    const mask = opts.allowed && !opts.exhaustive ? this.#planner.maskStats(opts.allowed) : null;
    const cursors = this.#planner.cursors(words, last, mask);
    const hits =
      !opts.exhaustive && this.#termAtATime(cursors, mask)
        ? this.#taat.search(cursors, words.length, limit, opts.allowed, mask)
        : new MaxScorePass(this.#parts, cursors, words.length, limit, opts.allowed, opts.exhaustive === true).run();
    if (matchesWithoutTypos(this.dict, this.ix.languages, words, last)) return hits;
    // Every match is a typo guess: keep the ones that stand where they mean something (typo-floor.ts).
    const floor = typoOnlyFloor(words.map((w) => this.#planner.wordPlan(w.text, w.kind, w === last)));
    return hits.filter((h) => h.score >= floor);
  }

  /** Whether term at a time scores this query (forced by the strategy, else taat.ts decides). */
  #termAtATime(cursors: readonly Cursor[], mask: MaskStats | null): boolean {
    if (this.#strategy !== 'auto') return this.#strategy === 'term-at-a-time';
    return this.#taat.suits(cursors, mask);
  }
}
