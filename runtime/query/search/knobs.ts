/**
 * Every tuning constant of the searcher, with its default and range. None changes a result:
 * they trade speed and memory only, except the scoring constants at the top. The measurements
 * behind the defaults are in test/bench/REPORT.md ("Search design measurements").
 */
import { DEFAULT_FIELD_B, DEFAULT_FIELD_WEIGHTS } from '../../format/search-index.ts';

// --- Scoring (these change scores) ---

/** Build-time defaults (the index header carries the values in force). */
export const FIELD_WEIGHTS = DEFAULT_FIELD_WEIGHTS;
export const FIELD_B = DEFAULT_FIELD_B;
/** BM25 term-frequency saturation, default 1.2 (range 0.5..2). */
export const K1 = 1.2;
/** Candidate weights: exact 1; a prefix completion and a fuzzy match count less, so exact wins. */
export const PREFIX_WEIGHT = 0.6;
/** By edit distance 0, 1, 2. */
export const FUZZY_WEIGHT = [1, 0.45, 0.3];
/** The last word completes to at most this many terms (the most frequent), default 32 (range 8..256: more = better recall of rare completions, slower). */
export const PREFIX_MAX_TERMS = 32;
/** A prefix needs at least this many letters (1 would expand to a large part of the dictionary). */
export const PREFIX_MIN_LENGTH = 2;

// --- Exactness ---

/** Sums of bounds are inflated by this factor before they may prune (float rounding of sums in another order). Fixed. */
export const SUM_SLACK = 1 + 1e-12;

// --- Caches (block-cache.ts, dense.ts, plan.ts) ---

/**
 * Decoded posting blocks kept across queries (doc, tf~, tf bytes and language: 9 + F bytes per posting):
 * default 8192 blocks ≈ 15 MB at 128 postings per block and 5 fields (range 0..: 0 reads every
 * block every time; more helps little: a query reads a block once).
 */
export const BLOCK_CACHE_BLOCKS = 8192;
/** Block bounds of at most this many terms are cached (they are read once per term otherwise), default 4096 (range 0..). */
export const BOUNDS_CACHE_TERMS = 4096;
/** Planned query words kept (their candidate terms, found by a dictionary scan), default 2048 (range 0..). */
export const PLAN_CACHE_WORDS = 2048;
/**
 * Dense forms of frequent terms kept across queries (dense.ts): default 16 terms ≤ 66 MB at 1M
 * docs, ≈ 4 MB plus 4 bytes per posting for the terms in fewer than a quarter of the docs (range
 * 0..: 0 builds one per query that needs it; fewer cost a rebuild when traffic alternates between
 * more frequent words than are kept).
 */
export const DENSE_CACHE_TERMS = 16;
/** A term has a dense form when its docs are at least 1/DENSE_DF of all, default 64 (range 8..1024). */
export const DENSE_DF = 64;
/** A dense form keeps a tf~ per doc (no rank) for a term in at least 1/DENSE_PACK of the docs, default 4 (range 2..8). */
export const DENSE_PACK = 4;

// --- Document at a time (max-score.ts, single-list-scan.ts) ---

/** The one-essential-list scan bounds another word by the dense forms of at most this many of its strongest lists (default 3, range 1..8). */
export const DENSE_CHAIN = 3;
/** Dense forms are used once a query has probed (or scanned) this many candidates, default 256 (range 0..4096). */
export const DENSE_AFTER = 256;

// --- Term at a time (taat.ts) ---

/**
 * Term at a time instead of the pruned pass on an index of at most TAAT_MAX_DOCS docs, default
 * 2^14 (range 0..2^16): there the pass's fixed costs and its merge of many short lists cost more
 * than scoring every posting once.
 */
export const TAAT_MAX_DOCS = 1 << 14;
/**
 * ... and with an allowed-doc mask that allows at most half the docs, when the cost of scoring
 * every allowed posting is at most TAAT_COST: one unit per allowed posting and 1/TAAT_READ_SHARE
 * per posting read. Defaults 2^17 (range 2^14..2^20) and 10 (range 4..20: the measured ratio of
 * scoring a posting to reading and skipping one).
 */
export const TAAT_COST = 1 << 17;
export const TAAT_READ_SHARE = 10;
/**
 * Term at a time walks at most this many lists of a query through their dense forms (a frequent
 * list whose postings outnumber the mask's allowed docs), and at most half the dense cache's
 * terms: default 8 (range 0..: more would evict the forms a query itself needs, and rebuild them each time).
 */
export const TAAT_DENSE_LISTS = 8;
/**
 * ... when the mask allows at most this many docs per posting of the list: default 4 (range 1..16).
 * A bit test per allowed doc costs a fraction of a posting read, and the form's tf~ are computed
 * already where a read computes each allowed posting's (a random access to its doc's norms).
 */
export const TAAT_DENSE_RATIO = 4;
/** Term at a time reads a list of at most this many blocks through the block cache (a longer one in one read, not to evict the cache), default 16 (range 0..64). */
export const TAAT_CACHED_BLOCKS = 16;

// --- Seeding (seed.ts, seed-scores.ts) ---

/** With an allowed-doc mask, seeding reads the strongest list's best blocks until this many allowed docs (default 1024, range 128..8192) ... */
export const SEED_DOCS = 1024;
/** ... or this many blocks (default 64, range 1..256). */
export const SEED_BLOCKS = 64;
/** With a mask and several words, a strongest list of at most this many blocks is read for docs holding every word (default 128, range 0..1024), */
export const SEED_MATCH_BLOCKS = 128;
/** ... (without a mask: its this many best blocks, default 16, range 0..64) ... */
export const SEED_MATCH_BEST = 16;
/** ... a doc holding a word when one of the word's this many strongest lists holds it (default 4, range 1..16); */
export const SEED_TESTS = 4;
/** ... best blocks first, until this many such docs are found (default 256, range SEED_MATCHED..4096) ... */
export const SEED_MATCH_POOL = 256;
/** ... and this many of them, with the best lower bounds, are seeded (default 64, range 1..SEED_MATCH_POOL). */
export const SEED_MATCHED = 64;
/** Seeds that cannot rank among themselves are left out before a list of more than this many blocks is read for them, default 4 (range 0..64). */
export const SEED_PRUNE_BLOCKS = 4;
/**
 * Postings bytes a reader over ranges (the offline client) fetches in one round for a query's
 * terms before it runs, smallest lists first (default 1 MiB); larger lists are read block by
 * block as the query reaches them. No effect on a reader with the file in memory.
 */
export const PREFETCH_POSTINGS_BYTES = 1 << 20;
