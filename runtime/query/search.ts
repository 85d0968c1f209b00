/**
 * Relevance search over the compiled search index (FORMAT.md § 15). Pure: no HTTP, no I/O
 * beyond the index reader's positional reads.
 *
 * A query is normalised and tokenised like the documents (runtime/format/text). Each query
 * word expands to candidate terms, each with a weight:
 * - exact: the word stemmed by each language of the dataset; a stem only counts for documents
 *   of the language that produced it (so Italian "pasta" → "past" does not hit English "paste");
 * - prefix (the last word only, search as you type): dictionary terms starting with the word;
 * - fuzzy: terms within the allowed edits of a stemmed form (search-terms.ts rules).
 * A word scores a document with its best candidate (max, not sum); word scores add up.
 *
 * Scoring is BM25F (Robertson & Zaragoza): per field f, tf~ = Σ W_f · tf_f / (1 − b + b · len_f / avg_f)
 * (float32; W_f and b_f are the index header's, chosen at build time: search-index.ts);
 * score = weight · idf · tf~ / (k1 + tf~), idf = ln(1 + (N − df + 0.5) / (df + 0.5)).
 * Ties: score descending, then doc ascending (newer first).
 *
 * Plan: a word's candidates that share a term become one posting list with a scale per doc
 * language (the largest weight · idf of the candidates allowing that language, 0 for none), so
 * each term is read once per word. Scoring is document-at-a-time over posting blocks read on
 * demand (FORMAT.md § 15) and kept decoded, with tf~ per posting, in a bounded cache shared by
 * queries; with exact pruning:
 * - MaxScore: each list has an upper bound (its largest scale · g(TermMax)); the weakest lists
 *   whose bounds (per word the largest, summed over words) stay below the current k-th score
 *   are "non-essential": only docs found through the other lists are looked up in them;
 * - block-max: a run of docs whose block bounds (BlockMax of every essential list that may
 *   hold one of them, plus the non-essential bounds) cannot beat the k-th score is skipped
 *   without reading its postings (tried first with each non-essential list's bound over the
 *   whole list, which skips most runs of a one-word query without a seek per such list; when a
 *   single essential list is left, the blocks after a run so skipped are passed over in one loop
 *   over its BlockMax while each stays below the tf~ that could reach θ: `choclate`, 511 of the
 *   548 blocks of `chocolat`).
 * Docs are visited in ascending order, so a doc that only ties the k-th score loses (ties go to
 * the lower doc), which lets both rules skip on equality.
 *
 * Seeding: before the pass, the docs of the strongest list's best block are scored in full, so
 * θ (the k-th score) starts high (with an allowed-doc mask: its allowed docs in its best blocks,
 * up to SEED_DOCS, since the best block may be mostly excluded, e.g. by a language filter; and
 * the lists' scales and bounds only count the languages of allowed docs). With several words,
 * also docs of the strongest list's best blocks (with a mask, of a short list's every block) that
 * hold every other word, the SEED_MATCHED best by a lower bound of their score (#matchedSeeds):
 * the final top usually holds every word. Seeds are scored list by list (#seedScores: a dense
 * form's bit test per doc, or the docs merged with the list's blocks), the lists with a dense
 * form first, then the strongest first: a block is not read when its bound cannot raise its
 * word's score at any seed it may hold, and before a longer list is read the seeds that cannot be
 * among the `limit` best seeds (an upper bound below the limit-th lower bound) are left out, not
 * offered (θ after seeding is the same: `pasta sal` reads 12 blocks for its seeds, not 448).
 * Driving lists (MaxScore across words; #run's rebuild, each time θ rose): a word scores its best
 * candidate, so MaxScore's essential lists are a union, and with a prefix (`sal` → `salt`, in
 * half the docs) most docs they hold cannot rank. For a word w, a doc holding none of w's
 * essential lists scores at most w's non-essential bound plus, per other word, the bound of its
 * lists left out; the other words' strongest essential lists are added to w's (the word whose
 * bound falls most first) until that sum is below θ. Only those lists (of the w with the fewest
 * postings) stay essential: the others are probed like the non-essential ones, only for docs
 * the driving lists find, while the doc's bound can reach θ. A list that turns essential again
 * moves on to the frontier (the least position of the old essential lists: every doc below it is
 * done). With a mask, the essential lists pass over the excluded docs of their loaded blocks
 * with a byte test each. (`pasta sal` + language=en at 100k: the top holds `pasta` and a `sal`
 * completion; the pass drives by `pasta` and one strong completion, 6k docs, not the 80k of
 * every `sal` list: 13 → 1.3 ms; + language=de at 1M: 24 → 2.4 ms.)
 * A doc found through the essential lists is then completed from the non-essential ones word by
 * word, strongest list first, with per-language bounds (a list's scale for the doc's language;
 * `sufLang`: the largest bound of the lists left to probe), and dropped as soon as its bound falls
 * below θ.
 *
 * One essential list (the usual case once θ is up: e.g. "tomato soup" keeps only "soup"): its
 * block is scanned, with tf~, languages and the postings' order by tf~ filled once per cached block:
 * - only postings whose tf~ reaches a per-scale threshold (minTf: conservative, derived from θ
 *   and the window's non-essential bounds) are visited, in doc order (the block's tf~ order gives
 *   them without a pass over the others);
 * - after DENSE_AFTER candidates, each other word's strongest non-essential lists, when frequent
 *   (df ≥ N/DENSE_DF; at most DENSE_CHAIN), are read through their dense forms (a doc bitset and
 *   per doc its tf~; cached across queries): the candidate's bound then holds those lists' exact
 *   scores (the word's other lists bounded by their sufLang), so most candidates are dropped
 *   without a completion, and a completion looks the lists up in O(1), not in their postings;
 * - with those forms, a posting whose tf~ is below a higher threshold (one other word's chain
 *   assumed absent) must have its doc in that word's chain: a bit test before it is visited.
 *
 * Term at a time instead (Searcher #taat; TAAT_MAX_DOCS, TAAT_COST): on a small index, or with
 * a mask when few allowed postings are to be scored, every posting is scored once, each word's
 * best score kept per doc, and the totals offered to the top: the same float operations. A
 * frequent list under a sparse mask (language=de: 26k docs, `salt`: 627k postings at 1M) is
 * walked through its dense form over the allowed docs, not read (TAAT_DENSE_RATIO).
 *
 * Every rule only drops docs whose bound cannot beat θ; bounds are inflated by SUM_SLACK (and the
 * thresholds by wider margins) so float rounding never drops a doc that ranks. The result is
 * exactly the exhaustive one (tests compare them): the same float operations in the same order
 * score every doc.
 */
import {
  docNorms,
  SearchIndexReader,
  tfTilde,
  type SearchIndexData,
  type TermBlocks,
} from '../format/search-index.ts';
import { normalizeText } from '../format/text/normalize.ts';
import { stem } from '../format/text/stem.ts';
import { tokenizeQuery } from '../format/text/tokenize.ts';
import { FifoCache } from './fifo-cache.ts';
import { minTf, saturation } from './search/bm25.ts';
import {
  BLOCK_CACHE_BLOCKS,
  BOUNDS_CACHE_TERMS,
  DENSE_AFTER,
  DENSE_CACHE_TERMS,
  DENSE_CHAIN,
  DENSE_DF,
  DENSE_PACK,
  FUZZY_WEIGHT,
  PLAN_CACHE_WORDS,
  PREFIX_MAX_TERMS,
  PREFIX_MIN_LENGTH,
  PREFIX_WEIGHT,
  SEED_BLOCKS,
  SEED_DOCS,
  SEED_MATCH_BEST,
  SEED_MATCH_BLOCKS,
  SEED_MATCH_POOL,
  SEED_MATCHED,
  SEED_PRUNE_BLOCKS,
  SEED_TESTS,
  SUM_SLACK,
  TAAT_CACHED_BLOCKS,
  TAAT_COST,
  TAAT_DENSE_LISTS,
  TAAT_DENSE_RATIO,
  TAAT_MAX_DOCS,
  TAAT_READ_SHARE,
} from './search/knobs.ts';
import { maxEdits, TermDictionary } from './search/terms.ts';

const END = 0xffffffff;

/** The indices of the `k` largest block bounds, largest first (the lower index on ties). */
export function bestBlocks(maxes: ArrayLike<number>, k: number): number[] {
  if (k === 1 && maxes.length > 0) {
    let best = 0;
    for (let b = 1; b < maxes.length; b++) if (maxes[b]! > maxes[best]!) best = b;
    return [best];
  }
  const out: number[] = [];
  for (let b = 0; b < maxes.length; b++) {
    const m = maxes[b]!;
    if (out.length === k && m <= maxes[out[k - 1]!]!) continue;
    let at = out.length === k ? k - 1 : out.length;
    while (at > 0 && maxes[out[at - 1]!]! < m) {
      out[at] = out[at - 1]!;
      at--;
    }
    out[at] = b;
  }
  return out;
}

/**
 * The distinct values, ascending. Seeds are one block's docs (ascending) then a few others: the
 * ascending prefix is kept, the rest sorted (by insertion when short) and merged in.
 */
export function distinctSorted(values: number[]): Uint32Array {
  const n = values.length;
  let p = 1;
  while (p < n && values[p - 1]! < values[p]!) p++;
  if (p >= n) return Uint32Array.from(values);
  const tail = new Uint32Array(n - p);
  for (let i = p; i < n; i++) tail[i - p] = values[i]!;
  if (tail.length > 64) tail.sort(); // typed array sort is numeric
  else {
    for (let i = 1; i < tail.length; i++) {
      const v = tail[i]!;
      let j = i;
      for (; j > 0 && tail[j - 1]! > v; j--) tail[j] = tail[j - 1]!;
      tail[j] = v;
    }
  }
  const out = new Uint32Array(n);
  let o = 0;
  for (let i = 0, j = 0; i < p || j < tail.length; ) {
    const v = j >= tail.length || (i < p && values[i]! <= tail[j]!) ? values[i++]! : tail[j++]!;
    if (o === 0 || out[o - 1] !== v) out[o++] = v;
  }
  return out.subarray(0, o);
}

/** The k-th smallest (from 0) of a[0 .. n), reordering them (quickselect: a sort costs 10× more). */
export function kthSmallest(a: Float64Array, n: number, k: number): number {
  let lo = 0;
  let hi = n - 1;
  while (lo < hi) {
    const pivot = a[(lo + hi) >>> 1]!;
    let i = lo;
    let j = hi;
    while (i <= j) {
      while (a[i]! < pivot) i++;
      while (a[j]! > pivot) j--;
      if (i <= j) {
        const t = a[i]!;
        a[i++] = a[j]!;
        a[j--] = t;
      }
    }
    if (k <= j) hi = j;
    else if (k >= i) lo = i;
    else return a[k]!;
  }
  return a[k]!;
}

/** The docs a mask allows (below n), ascending. */
function allowedList(allowed: Uint8Array, n: number): Uint32Array {
  const end = Math.min(n, allowed.length);
  let count = 0;
  for (let d = 0; d < end; d++) if (allowed[d] !== 0) count++;
  const docs = new Uint32Array(count);
  for (let d = 0, k = 0; d < end; d++) if (allowed[d] !== 0) docs[k++] = d;
  return docs;
}

/** Puts (d, score) in its place in `top` (score descending, then doc ascending), keeping at most `limit` hits. */
function insertHit(top: SearchHit[], limit: number, d: number, score: number): void {
  let at = top.length;
  while (at > 0 && (top[at - 1]!.score < score || (top[at - 1]!.score === score && top[at - 1]!.doc > d))) at--;
  if (at >= limit) return;
  // Shifts the hits after `at` one place (the last one out when the top is full): cheaper than splice.
  const hit = { doc: d, score };
  let k = top.length;
  if (k < limit) top.push(hit);
  else k--;
  for (; k > at; k--) top[k] = top[k - 1]!;
  top[at] = hit;
}

export interface SearchHit {
  doc: number;
  score: number;
}

/** How a Searcher scores: 'auto' picks per query (TAAT_MAX_DOCS, TAAT_COST); the others force one way (tests). */
export type SearchStrategy = 'auto' | 'pruned' | 'term-at-a-time';

/** What search reads off an allowed-doc mask: per language 1 when some allowed doc has it, and the share and number of docs allowed. */
interface MaskStats {
  langs: Uint8Array;
  share: number;
  count: number;
  /** The allowed docs, ascending: listed on first need (#taat over a dense form). */
  docs?: Uint32Array;
}

export interface SearchOptions {
  query: string;
  limit: number;
  /** Allowed docs (1 = allowed), e.g. the AND of filter bitmaps; absent = every doc. */
  allowed?: Uint8Array;
  /** Score every posting (no pruning): the reference the pruned path must equal (tests). */
  exhaustive?: boolean;
}

interface Candidate {
  term: number;
  weight: number;
  /** Allowed doc languages (index into ix.languages), or null for any. */
  langs: Uint8Array | null;
}

/**
 * One decoded posting block: docs ascending, tf bytes, and each posting's tf~ (float32,
 * docNorms/tfTilde) filled in when first needed (−1 until then: a block is often read for a few
 * of its docs, and tf~ reads the doc's norms).
 */
interface DecodedBlock {
  /** Its term and block number. */
  term: number;
  j: number;
  docs: Uint32Array;
  tfs: Uint8Array;
  xs: Float32Array;
  /** Each posting's doc language, once filled. */
  langs: Uint8Array;
  /** Every tf~ and language of the block is known (fill). */
  filled: boolean;
  /** Once filled: the postings' indices by tf~ descending (the one-essential-list scan visits those above its threshold only). */
  order: Uint16Array | null;
}

/** Computes every unknown tf~ of a block and the languages (a list scanned posting by posting needs them all). */
function fill(b: DecodedBlock, norms: Float32Array, F: number, docLanguage: Uint8Array): void {
  const { docs, tfs, xs, langs } = b;
  for (let i = 0; i < docs.length; i++) {
    if (xs[i]! < 0) tfAt(docs, tfs, xs, i, norms, F);
    langs[i] = docLanguage[docs[i]!]!;
  }
  b.order = byTfDescending(xs);
  b.filled = true;
}

const f32Scratch = new Float32Array(1);
const f32Bits = new Uint32Array(f32Scratch.buffer);

/**
 * Indices of xs (at most 2^16, tf~ ≥ 0) by value descending. One numeric sort of keys that pack the
 * value's float32 bits (ordered as the values, for values ≥ 0) above the index.
 */
export function byTfDescending(xs: Float32Array): Uint16Array {
  const n = xs.length;
  const keys = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    f32Scratch[0] = xs[i]!;
    keys[i] = f32Bits[0]! * 65536 + i;
  }
  keys.sort();
  const order = new Uint16Array(n);
  for (let k = 0; k < n; k++) order[k] = keys[n - 1 - k]! % 65536;
  return order;
}

/** tf~ of posting i of a block (docs, tfs, xs), computed once: tfTilde, the same float operations. */
function tfAt(docs: Uint32Array, tfs: Uint8Array, xs: Float32Array, i: number, norms: Float32Array, F: number): number {
  const known = xs[i]!;
  if (known >= 0) return known;
  return (xs[i] = tfTilde(tfs, i * F, norms, docs[i]!, F));
}

/** A list's scales per doc language, with what a Cursor reads off them (computed once per planned list). */
interface Scales {
  /** Per doc language: weight · idf of the best candidate allowing it (0: none). */
  scale: Float64Array;
  maxScale: number;
  /** The scale when every language has the same one, else −1. */
  uniform: number;
  /** The distinct values of scale (usually 1 to 3), and per language the index of its own in them. */
  scales: number[];
  scaleOf: Uint8Array;
  /** 1 / each of scales (Infinity for 0). */
  inverses: number[];
}

function scalesOf(scale: Float64Array): Scales {
  let maxScale = 0;
  let min = Infinity;
  for (let l = 0; l < scale.length; l++) {
    const s = scale[l]!;
    if (s > maxScale) maxScale = s;
    if (s < min) min = s;
  }
  const scales: number[] = [];
  const scaleOf = new Uint8Array(scale.length);
  for (let l = 0; l < scale.length; l++) {
    let j = scales.indexOf(scale[l]!);
    if (j < 0) j = scales.push(scale[l]!) - 1;
    scaleOf[l] = j;
  }
  return { scale, maxScale, uniform: maxScale === min ? maxScale : -1, scales, scaleOf, inverses: scales.map((v) => 1 / v) };
}

/** One posting list of a query word. */
interface WordList {
  term: number;
  scales: Scales;
  ub: number;
}

const NO_DOCS = new Uint32Array(0);
const NO_XS = new Float32Array(0);
const NO_TFS = new Uint8Array(0);
const NO_BOUNDS = new Float64Array(0);
const NO_GROUPS = new Uint8Array(0);

/** First index in [lo, hi) whose value is ≥ target (hi when none), over an ascending array. */
function lowerBound(a: Uint32Array, target: number, lo: number, hi: number): number {
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (a[mid]! < target) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** First index in [lo, hi) whose value is ≥ target (hi when none), over an ascending array: galloping from lo (the answer is usually near). */
function gallop(a: Uint32Array, target: number, lo: number, hi: number): number {
  if (lo >= hi || a[lo]! >= target) return lo;
  let step = 1; // a[lo] < target
  while (lo + step < hi && a[lo + step]! < target) {
    lo += step;
    step *= 2;
  }
  return lowerBound(a, target, lo + 1, lo + step < hi ? lo + step : hi);
}

/**
 * A frequent term in a form for lookups by doc: bit d of `bits` is set when the term holds d (the
 * bitset is N/8 bytes, so it stays in cache), and its tf~ is then xs[rank(d)], rank(d) the number
 * of the term's docs below d (rank: per word of bits, the bits set before it): the tf~ are packed,
 * 4 bytes per posting, not per doc, so a lookup stays in cache where a per-doc array would not.
 * For a term in at least 1/DENSE_PACK of the docs, where packing saves less, xs[d] (rank null):
 * no rank to count (a walk over a mask's allowed docs finds most of them, `salt`: 63% of docs).
 */
interface DenseTerm {
  bits: Uint32Array;
  rank: Uint32Array | null;
  xs: Float32Array;
}


/** The number of bits set in a 32-bit word. */
function popcount(v: number): number {
  v = v - ((v >>> 1) & 0x55555555);
  v = (v & 0x33333333) + ((v >>> 2) & 0x33333333);
  v = (v + (v >>> 4)) & 0x0f0f0f0f;
  return Math.imul(v, 0x01010101) >>> 24;
}

/** The tf~ of a dense form at doc d, which it holds (its bit is set). */
function denseX(bits: Uint32Array, rank: Uint32Array | null, xs: Float32Array, d: number): number {
  if (rank === null) return xs[d]!;
  const w = d >>> 5;
  return xs[rank[w]! + popcount(bits[w]! & ~(-1 << (d & 31)))]!; // + the docs below d in its word
}

/** Where cursors read blocks: through the cache (read), whose blocks of a term they look up first (slots). */
interface BlockSource {
  read(t: number, j: number): DecodedBlock;
  slots(t: number): TermSlots | undefined;
}

/** One term's list for one word: a position moved forward block by block (exported for tests). */
export class Cursor {
  readonly term: number;
  readonly word: number;
  /** Per doc language: weight · idf of the best candidate allowing it (0: none). */
  readonly scale: Float64Array;
  /** The scale when every language has the same one, else −1. */
  readonly uniform: number;
  /** The distinct values of scale (usually 1 to 3), and per language the index of its own in them. */
  readonly scales: number[];
  readonly scaleOf: Uint8Array;
  readonly inverses: number[];
  readonly maxScale: number;
  /** Upper bound of this list's score for any doc: maxScale · g(TermMax). */
  readonly ub: number;
  /** Non-essential: the bound within the current window (search's block-max window)... */
  winUb = 0;
  /** ... and the largest block max tf~ it comes from. */
  winM = 0;
  /**
   * Per doc language: the largest bound (scale for the language · g(TermMax)) of this list and
   * of the lists of its word that follow it in the probing order (search's #run).
   */
  sufLang: Float64Array = NO_BOUNDS;
  /** search's #run: one of the essential lists that drive the pass (the others are seeked to their docs). */
  drive = false;
  /** Dense form of a frequent term (Searcher #dense), null for another; undefined until looked up. */
  dense: DenseTerm | null | undefined = undefined;
  readonly last: Uint32Array;
  readonly max: Float32Array;
  readonly #blocks: BlockSource;
  /** Its term's cached blocks (BlockSource.slots; refreshed on a miss). */
  #slots: TermSlots | undefined;
  /** Current block; `loaded` says whether its postings are in docs/xs. */
  bi = 0;
  loaded = false;
  /** Loaded: the current posting's doc. Not loaded: no posting from here on is below it. END: exhausted. */
  doc = 0;
  i = 0;
  docs: Uint32Array = NO_DOCS;
  xs: Float32Array = NO_XS;
  tfs: Uint8Array = NO_TFS;
  block: DecodedBlock | null = null;

  constructor(term: number, word: number, scales: Scales, ub: number, bounds: TermBlocks, blocks: BlockSource) {
    this.term = term;
    this.word = word;
    this.scale = scales.scale;
    this.maxScale = scales.maxScale;
    this.uniform = scales.uniform;
    this.scales = scales.scales;
    this.scaleOf = scales.scaleOf;
    this.inverses = scales.inverses;
    this.ub = ub;
    this.last = bounds.last;
    this.max = bounds.max;
    this.#blocks = blocks;
    if (bounds.last.length === 0) this.doc = END;
  }

  /** Score bound of the current block. */
  blockUb(): number {
    const m = this.max[this.bi]!;
    return saturation(this.maxScale, m);
  }

  /**
   * Moves past the current block and then past every following block whose BlockMax is below
   * `mx` (without reading them): to the first doc of the first block left, as shallowSeek to it.
   */
  skipBlocks(mx: number): void {
    const { last, max } = this;
    const n = last.length;
    let b = this.bi + 1;
    while (b < n && max[b]! < mx) b++;
    this.loaded = false;
    if (b >= n) {
      this.doc = END;
      return;
    }
    this.bi = b;
    this.doc = last[b - 1]! + 1;
  }

  /** Reads the current block and moves to its first doc ≥ the lower bound. */
  load(): void {
    let b = this.#slots?.blocks[this.bi];
    if (!b) {
      b = this.#blocks.read(this.term, this.bi);
      this.#slots = this.#blocks.slots(this.term);
    }
    const docs = b.docs;
    this.block = b;
    this.docs = docs;
    this.xs = b.xs;
    this.tfs = b.tfs;
    this.loaded = true;
    const t = this.doc;
    // The block's last doc is ≥ t by construction.
    const i = docs[0]! < t ? lowerBound(docs, t, 0, docs.length - 1) : 0;
    this.i = i;
    this.doc = docs[i]!;
  }

  next(): void {
    const i = ++this.i;
    if (i < this.docs.length) {
      this.doc = this.docs[i]!;
      return;
    }
    this.loaded = false;
    const b = ++this.bi;
    this.doc = b < this.last.length ? this.last[b - 1]! + 1 : END;
  }

  /** Moves (without reading) to the first posting with doc ≥ target: only block bounds are used. */
  shallowSeek(target: number): void {
    if (this.doc >= target) return;
    const last = this.last;
    if (last[this.bi]! >= target) {
      if (!this.loaded) {
        this.doc = target;
        return;
      }
      // Same block: gallop from the current posting (probes are usually a few postings ahead),
      // then binary search; the block's last doc is ≥ target.
      const docs = this.docs;
      let i = this.i + 1;
      const hi = docs.length - 1;
      if (docs[i]! < target) {
        let lo = i; // docs[lo] < target
        let step = 1;
        while (lo + step < hi && docs[lo + step]! < target) {
          lo += step;
          step <<= 1;
        }
        i = lowerBound(docs, target, lo + 1, lo + step < hi ? lo + step : hi);
      }
      this.i = i;
      this.doc = docs[i]!;
      return;
    }
    // Gallop, then binary search, over the block bounds.
    const n = last.length;
    let step = 1;
    const lo = this.bi + 1;
    while (lo + step < n && last[lo + step]! < target) step *= 2;
    const b = lowerBound(last, target, lo, Math.min(n, lo + step + 1));
    this.loaded = false;
    if (b >= n) {
      this.doc = END;
      return;
    }
    this.bi = b;
    this.doc = target;
  }
}

/** A term's decoded blocks in the cache (BlockCache): by block number, and how many. */
interface TermSlots {
  blocks: (DecodedBlock | undefined)[];
  count: number;
}

/**
 * Decoded blocks kept across queries, FIFO over blocks (at most `capacity`), found by term then
 * block number: a cursor looks its term up once, then its blocks by index (a hash lookup per
 * block read otherwise). A term with a cached block has an array of a slot per block of it (at
 * most 8 bytes per block of the index in all).
 */
class BlockCache {
  readonly #terms = new Map<number, TermSlots>();
  /** The blocks in the order added, with their term and number. */
  readonly #ring: (DecodedBlock | undefined)[];
  #next = 0;

  constructor(capacity: number) {
    this.#ring = new Array<DecodedBlock | undefined>(Math.max(0, capacity)).fill(undefined);
  }

  /** Term t's cached blocks (undefined when none): the object stays valid while it holds one. */
  slots(t: number): TermSlots | undefined {
    return this.#terms.get(t);
  }

  /** Adds block j of term t (of `n` blocks), not in the cache (no-op at capacity 0). */
  add(t: number, j: number, n: number, b: DecodedBlock): void {
    const ring = this.#ring;
    if (ring.length === 0) return;
    const old = ring[this.#next];
    if (old !== undefined) {
      const s = this.#terms.get(old.term)!;
      s.blocks[old.j] = undefined;
      if (--s.count === 0) this.#terms.delete(old.term);
    }
    ring[this.#next] = b;
    this.#next = (this.#next + 1) % ring.length;
    let s = this.#terms.get(t);
    if (!s) this.#terms.set(t, (s = { blocks: new Array<DecodedBlock | undefined>(n).fill(undefined), count: 0 }));
    s.blocks[j] = b;
    s.count++;
  }
}

export class Searcher {
  readonly ix: SearchIndexReader;
  readonly dict: TermDictionary;
  /** W_f / (1 − b_f + b_f · len_f / avg_f) per doc and field (the index's weights). */
  readonly #norms: Float32Array;
  readonly #boundsCache = new FifoCache<number, TermBlocks>(BOUNDS_CACHE_TERMS);
  /** Decoded blocks (FIFO, at most BLOCK_CACHE_BLOCKS). */
  readonly #blockCache: BlockCache;
  /** Planned query words (candidates are a dictionary scan: typos), FIFO, at most PLAN_CACHE_WORDS. */
  readonly #plans = new FifoCache<string, readonly WordList[]>(PLAN_CACHE_WORDS);
  readonly #maskLangs = new WeakMap<Uint8Array, MaskStats>();
  readonly #blockSource: BlockSource = { read: (t, j) => this.#block(t, j), slots: (t) => this.#blockCache.slots(t) };
  /** Dense forms of frequent terms, FIFO, at most DENSE_CACHE_TERMS. */
  readonly #denseCache: FifoCache<number, DenseTerm>;
  readonly #strategy: SearchStrategy;
  /** TAAT_DENSE_LISTS, at most half the dense cache. */
  readonly #taatDenseLists: number;
  /** #taat's workspace: per doc its slot (−1: none; all −1 between queries), per slot its doc and W word scores. */
  #slotOf: Int32Array | undefined;
  #slotDoc = new Uint32Array(1024);
  #slotScores = new Float64Array(4096);
  /** #run's workspace (per query otherwise): the one-essential-list scan's thresholds per scale and per group of languages, and a block's candidates. */
  readonly #xMinOf: Float64Array;
  readonly #xOut: Float64Array;
  readonly #cand: Uint16Array;
  readonly #marks: Int32Array;
  /** ... the lists' sufLang (views of it: #run), and #seedScores' scores. */
  #sufBuf = new Float64Array(0);
  #seedBuf = new Float64Array(0);
  #seedDead = new Uint8Array(0);
  #seedAlive = new Int32Array(0);
  #seedLbs = new Float64Array(0);

  constructor(index: SearchIndexReader | SearchIndexData, opts: { blockCacheBlocks?: number; denseCacheTerms?: number; strategy?: SearchStrategy } = {}) {
    const ix = index instanceof SearchIndexReader ? index : SearchIndexReader.fromData(index);
    this.ix = ix;
    this.dict = new TermDictionary(ix.terms);
    this.#norms = docNorms(ix.lengths, ix.docCount, ix.avgFieldLengths, ix.fieldWeights, ix.fieldB);
    this.#blockCache = new BlockCache(opts.blockCacheBlocks ?? BLOCK_CACHE_BLOCKS);
    this.#denseCache = new FifoCache(opts.denseCacheTerms ?? DENSE_CACHE_TERMS);
    this.#strategy = opts.strategy ?? 'auto';
    this.#xMinOf = new Float64Array(ix.languages.length);
    this.#xOut = new Float64Array(ix.languages.length);
    this.#cand = new Uint16Array(ix.blockSize);
    this.#marks = new Int32Array((ix.blockSize + 31) >>> 5);
    this.#taatDenseLists = Math.min(TAAT_DENSE_LISTS, Math.floor((opts.denseCacheTerms ?? DENSE_CACHE_TERMS) / 2));
  }

  /** Term t's dense form (its tf~ as tfTilde computes it for a decoded block); null for a term not frequent enough (DENSE_DF). */
  #dense(t: number): DenseTerm | null {
    const ix = this.ix;
    if (ix.df(t) * DENSE_DF < ix.docCount) return null;
    let dense = this.#denseCache.get(t);
    if (dense) return dense;
    const bits = new Uint32Array((ix.docCount + 31) >>> 5);
    const norms = this.#norms;
    const F = ix.fields.length;
    if (ix.df(t) * DENSE_PACK >= ix.docCount) {
      const xs = new Float32Array(ix.docCount);
      ix.forEachBlock(t, (docs, tfs) => {
        for (let i = 0; i < docs.length; i++) {
          const d = docs[i]!;
          bits[d >>> 5]! |= 1 << (d & 31);
          xs[d] = tfTilde(tfs, i * F, norms, d, F);
        }
      });
      dense = { bits, rank: null, xs };
    } else {
      const rank = new Uint32Array(bits.length);
      const xs = new Float32Array(ix.df(t));
      let p = 0; // the postings come in doc order
      ix.forEachBlock(t, (docs, tfs) => {
        for (let i = 0; i < docs.length; i++) {
          const d = docs[i]!;
          const w = d >>> 5;
          if (bits[w] === 0) rank[w] = p; // the first doc in its word: p docs below it
          bits[w]! |= 1 << (d & 31);
          xs[p++] = tfTilde(tfs, i * F, norms, d, F);
        }
      });
      // Words without a doc: the count of the docs below them.
      for (let w = 1; w < bits.length; w++) if (bits[w] === 0) rank[w] = rank[w - 1]! + popcount(bits[w - 1]!);
      dense = { bits, rank, xs };
    }
    this.#denseCache.add(t, dense);
    return dense;
  }

  /**
   * A list's exact score at a doc (0 when it does not hold it): through its dense form when one is
   * built, else a search of the (cached) block that may hold the doc.
   */
  #probe(c: Cursor): (d: number, lang: number) => number {
    const { scale, uniform } = c;
    const dense = c.dense ?? this.#denseCache.get(c.term);
    if (dense) {
      const { bits, rank, xs } = dense;
      return (d, lang) => {
        if ((bits[d >>> 5]! & (1 << (d & 31))) === 0) return 0;
        const x = denseX(bits, rank, xs, d);
        return saturation(uniform >= 0 ? uniform : scale[lang]!, x);
      };
    }
    const norms = this.#norms;
    const F = this.ix.fields.length;
    const last = c.last;
    return (d, lang) => {
      const j = lowerBound(last, d, 0, last.length);
      if (j === last.length) return 0;
      const b = this.#block(c.term, j);
      const i = lowerBound(b.docs, d, 0, b.docs.length);
      if (b.docs[i] !== d) return 0;
      const x = tfAt(b.docs, b.tfs, b.xs, i, norms, F);
      return saturation(uniform >= 0 ? uniform : scale[lang]!, x);
    };
  }

  /**
   * Seeds for several words: the (allowed) docs of the strongest list's best blocks (best first,
   * at most `blocks`) that hold every other word through one of its SEED_TESTS strongest lists
   * (those of them with a dense form when the strongest has one), ranked by a lower bound of their
   * score (the strongest list's score plus each other word's best among those lists): the
   * SEED_MATCHED best of the first SEED_MATCH_POOL found. The first found hold every word but
   * often weakly; the best-ranked start θ nearer the final one.
   */
  #matchedSeeds(strongest: Cursor, order: readonly Cursor[], W: number, allowed: Uint8Array | undefined, blocks: number): number[] {
    const docLanguage = this.ix.docLanguage;
    const norms = this.#norms;
    const F = this.ix.fields.length;
    // Per other word, its strongest lists (strongest first) and their probes.
    const lists: Cursor[][] = [];
    const probes: ((d: number, lang: number) => number)[][] = [];
    const wordBits: Uint32Array[] = []; // per other word (to wordBitsEnd[w]), its lists' bitsets when all are dense
    const wordBitsEnd: number[] = [];
    for (let w = 0; w < W; w++) {
      if (w === strongest.word) continue;
      let own = order.filter((c) => c.word === w).slice(-SEED_TESTS).reverse();
      if (own.length === 0) continue;
      // When the strongest has a dense form (built if need be: the pass's bounds use it too), only
      // the leading lists with one already (a dense form is not built for seeds alone): a search of
      // a list's block per doc costs more than the docs it adds are worth.
      const lead = own[0]!;
      if ((lead.dense === undefined ? (lead.dense = this.#dense(lead.term)) : lead.dense) !== null) {
        let k = 1;
        while (k < own.length && (own[k]!.dense ?? this.#denseCache.get(own[k]!.term))) k++;
        own = own.slice(0, k);
      }
      lists.push(own);
      probes.push(own.map((c) => this.#probe(c)));
      // A word whose lists all have dense forms: a doc none of their bitsets holds is passed over
      // first, on bit tests alone (most docs: `tomato soup`, 1 in 9 has `tomato`).
      const dense = own.map((c) => c.dense ?? this.#denseCache.get(c.term));
      if (dense.every((f) => f)) for (const f of dense) wordBits.push(f!.bits);
      wordBitsEnd.push(wordBits.length);
    }
    const poolDocs: number[] = [];
    const poolScores: number[] = [];
    const { scale, uniform } = strongest;
    for (const j of bestBlocks(strongest.max, blocks)) {
      const b = this.#block(strongest.term, j);
      const docs = b.docs;
      for (let i = 0; i < docs.length; i++) {
        const d = docs[i]!;
        if (allowed && allowed[d] === 0) continue;
        let held = true;
        for (let w = 0, r = 0; w < wordBitsEnd.length && held; w++) {
          const end = wordBitsEnd[w]!;
          if (r === end) continue; // (not all dense)
          held = false;
          for (; r < end; r++) if ((wordBits[r]![d >>> 5]! & (1 << (d & 31))) !== 0) held = true;
        }
        if (!held) continue;
        const lang = docLanguage[d]!;
        const x = tfAt(docs, b.tfs, b.xs, i, norms, F);
        let lb = saturation(uniform >= 0 ? uniform : scale[lang]!, x);
        for (let w = 0; w < lists.length && lb > 0; w++) {
          const own = lists[w]!;
          let best = 0;
          for (let k = 0; k < own.length && own[k]!.ub > best; k++) {
            const s = probes[w]![k]!(d, lang);
            if (s > best) best = s;
          }
          lb = best > 0 ? lb + best : 0;
        }
        if (lb > 0) {
          poolDocs.push(d);
          poolScores.push(lb);
        }
      }
      if (poolDocs.length >= SEED_MATCH_POOL) break;
    }
    // The SEED_MATCHED best: the pool's scores above the k-th largest, then ties to it in pool order.
    if (poolDocs.length <= SEED_MATCHED) return poolDocs;
    const kth = kthSmallest(new Float64Array(poolScores), poolScores.length, poolScores.length - SEED_MATCHED);
    const out: number[] = [];
    for (let k = 0; k < poolDocs.length; k++) if (poolScores[k]! > kth) out.push(poolDocs[k]!);
    for (let k = 0; k < poolDocs.length && out.length < SEED_MATCHED; k++) if (poolScores[k] === kth) out.push(poolDocs[k]!);
    return out;
  }

  /**
   * The seed docs' word scores (docs ascending; W per doc, each word's best candidate, in a
   * workspace valid until the next call), list by list (byUb: by bound ascending): through a
   * frequent list's dense form when one is cached (a bit test per doc), else walking the docs and
   * the list's blocks that may hold them together. The same float operations as a cursor's (the
   * tf~ of a cached block or of a dense form are tfTilde's).
   */
  #seedScores(docs: Uint32Array, byUb: readonly Cursor[], W: number, limit: number, slack: number): Float64Array {
    const n = docs.length;
    if (this.#seedBuf.length < n * W) this.#seedBuf = new Float64Array(n * W * 2);
    const out = this.#seedBuf;
    for (let at = 0; at < n * W; at++) out[at] = 0;
    if (this.#seedDead.length < n) {
      this.#seedDead = new Uint8Array(n * 2);
      this.#seedAlive = new Int32Array(n * 2);
      this.#seedLbs = new Float64Array(n * 2);
    }
    const dead = this.#seedDead;
    const alive = this.#seedAlive; // the seeds left, ascending
    for (let k = 0; k < n; k++) {
      dead[k] = 0;
      alive[k] = k;
    }
    let nAlive = n;
    const lbs = this.#seedLbs;
    const rem = new Float64Array(W);
    const lo = new Float64Array(W);
    const loStale = new Uint8Array(W).fill(1);
    const docLanguage = this.ix.docLanguage;
    const norms = this.#norms;
    const F = this.ix.fields.length;
    // The lists with a dense form first (a bit test per seed), then the others; each strongest
    // first: a word's score is its best list's, so a block whose bound is no more than the word's
    // score so far at each of its docs cannot change them, and is not read.
    // (A dense form is not built for seeds: the pass may not need it, and a build reads the whole list.)
    const forms: (DenseTerm | undefined)[] = [];
    for (const c of byUb) forms.push(c.dense !== undefined ? (c.dense ?? undefined) : this.#denseCache.get(c.term));
    let scored = 0; // lists done
    for (let pass = 0; pass < 2; pass++) {
      for (let li = byUb.length - 1; li >= 0; li--) {
        const dense = forms[li];
        if ((dense !== undefined) !== (pass === 0)) continue;
        const c = byUb[li]!;
        const { word: w, scale, uniform, last, max, maxScale } = c;
        if (!dense && scored > 0 && last.length > SEED_PRUNE_BLOCKS && nAlive > limit) {
          // Before a list that may read blocks: the seeds that cannot be among the `limit` best
          // seeds are left out (dead). A seed scores at least its word scores so far (summed in word
          // order) and at most, per word, the larger of its score so far and the largest bound of the
          // word's lists to come; one whose upper bound is below the limit-th largest lower bound
          // would not enter the top (nor ever after: θ only rises), so the seeds' top is the same
          // without it, and so is θ.
          for (let v = 0; v < W; v++) rem[v] = 0;
          for (let r = 0; r <= li; r++) {
            const o = byUb[r]!;
            if (forms[r] === undefined && o.ub > rem[o.word]!) rem[o.word] = o.ub;
          }
          for (let a = 0; a < nAlive; a++) {
            let lb = 0;
            for (let v = 0, at = alive[a]! * W; v < W; v++, at++) lb += out[at]!;
            lbs[a] = lb;
          }
          const kth = kthSmallest(lbs, nAlive, nAlive - limit);
          let kept = 0;
          for (let a = 0; a < nAlive; a++) {
            const k = alive[a]!;
            let ub = 0;
            for (let v = 0, at = k * W; v < W; v++, at++) ub += out[at]! > rem[v]! ? out[at]! : rem[v]!;
            if (ub * slack < kth) dead[k] = 1;
            else alive[kept++] = k;
          }
          if (kept < nAlive) for (let v = 0; v < W; v++) loStale[v] = 1;
          nAlive = kept;
        }
        scored++;
        if (dense) {
          const { bits, rank, xs } = dense;
          const ub = c.ub;
          loStale[w] = 1;
          for (let k = 0; k < n; k++) {
            const d = docs[k]!;
            if (dead[k] !== 0 || out[k * W + w]! >= ub || (bits[d >>> 5]! & (1 << (d & 31))) === 0) continue;
            const x = denseX(bits, rank, xs, d);
            const s = saturation(uniform >= 0 ? uniform : scale[docLanguage[d]!]!, x);
            if (s > out[k * W + w]!) out[k * W + w] = s;
          }
          continue;
        }
        // The least score so far of the word among the seeds left (recomputed once scores or seeds
        // changed; it only rises): a block bounded by it is not read.
        if (loStale[w] !== 0) {
          loStale[w] = 0;
          let m = Infinity;
          for (let k = 0, at = w; k < n; k++, at += W) if (dead[k] === 0 && out[at]! < m) m = out[at]!;
          lo[w] = m;
        }
        if (c.ub <= lo[w]!) continue;
        loStale[w] = 1;
        let j = 0;
        for (let k = 0; k < n; ) {
          // The block that may hold docs[k], and the docs up to its last.
          if (last[j]! < docs[k]!) j = lowerBound(last, docs[k]!, j + 1, last.length);
          if (j >= last.length) break;
          const kEnd = gallop(docs, last[j]! + 1, k + 1, n); // docs[k .. kEnd) are within the block's range
          const mx = max[j]!;
          const bound = saturation(maxScale, mx); // at least the score of any of the block's docs (as Cursor.blockUb)
          let q = bound <= lo[w]! ? kEnd : k;
          while (q < kEnd && (dead[q] !== 0 || out[q * W + w]! >= bound)) q++;
          if (q === kEnd) {
            k = kEnd;
            continue;
          }
          const b = this.#block(c.term, j);
          const bd = b.docs;
          const m = bd.length;
          // The docs and the block intersected, each side galloping to the other's next doc (the
          // seeds are often one block's docs, a short range where a list holds few docs).
          let i = lowerBound(bd, docs[k]!, 0, m);
          while (k < kEnd && i < m) {
            const d = docs[k]!;
            const e = bd[i]!;
            if (d < e) k = gallop(docs, e, k + 1, kEnd);
            else if (d > e) i = gallop(bd, d, i + 1, m);
            else {
              const x = tfAt(bd, b.tfs, b.xs, i, norms, F);
              const s = saturation(uniform >= 0 ? uniform : scale[docLanguage[d]!]!, x);
              if (s > out[k * W + w]!) out[k * W + w] = s;
              k++;
              i++;
            }
          }
          k = kEnd;
        }
      }
    }
    // A dead seed scores 0 here: it is not offered.
    for (let k = 0; k < n; k++) if (dead[k] !== 0) for (let at = k * W; at < (k + 1) * W; at++) out[at] = 0;
    return out;
  }

  #bounds(t: number): TermBlocks {
    let b = this.#boundsCache.get(t);
    if (b) return b;
    b = this.ix.blocks(t);
    this.#boundsCache.add(t, b);
    return b;
  }

  #block(t: number, j: number): DecodedBlock {
    const cache = this.#blockCache;
    let b = cache.slots(t)?.blocks[j];
    if (b) return b;
    // One buffer per block: docs, tf~ (−1: not yet computed), tf bytes (a copy: the read's
    // buffer may be a shared pool slab).
    const n = this.ix.df(t) - j * this.ix.blockSize;
    const size = n < this.ix.blockSize ? n : this.ix.blockSize;
    const F = this.ix.fields.length;
    const buf = new ArrayBuffer(8 * size + (F + 1) * size);
    const docs = new Uint32Array(buf, 0, size);
    const xs = new Float32Array(buf, 4 * size, size).fill(-1);
    const tfs = new Uint8Array(buf, 8 * size, F * size);
    const langs = new Uint8Array(buf, (8 + F) * size, size);
    tfs.set(this.ix.block(t, j, docs).tfs);
    b = { term: t, j, docs, tfs, xs, langs, filled: false, order: null };
    cache.add(t, j, this.ix.blockStarts[t + 1]! - this.ix.blockStarts[t]!, b);
    return b;
  }

  /** Candidate terms of one query word (see the module comment). */
  candidates(word: string, kind: 'word' | 'cjk1' | 'cjk2', last: boolean): Candidate[] {
    // One candidate per (term, weight); the same term at another weight (exact for one language,
    // a typo for another) stays a separate candidate, and the per-doc max picks the right one.
    const byTerm = new Map<string, Candidate>();
    const add = (term: number, weight: number, langs: Uint8Array | null) => {
      const key = `${term}:${weight}`;
      const c = byTerm.get(key);
      if (!c) return void byTerm.set(key, { term, weight, langs });
      if (!c.langs || !langs) c.langs = null;
      else c.langs = c.langs.map((x, i) => x | langs[i]!);
    };
    if (kind !== 'word') {
      const t = this.dict.id(word);
      if (t !== undefined) add(t, 1, null);
      return [...byTerm.values()];
    }
    // The word as each language of the dataset stems it.
    const L = this.ix.languages.length;
    const forms = new Map<string, Uint8Array>();
    this.ix.languages.forEach((lang, i) => {
      const s = stem(word, lang);
      let langs = forms.get(s);
      if (!langs) forms.set(s, (langs = new Uint8Array(L)));
      langs[i] = 1;
    });
    for (const [form, langs] of forms) {
      const t = this.dict.id(form);
      if (t !== undefined) add(t, 1, langs);
    }
    // Edits allowed by the shorter of word and stem: a 3-letter stem of a 5-letter word gets none.
    const letters = Array.from(word).length;
    for (const [form, langs] of forms) {
      const k = maxEdits(Math.min(letters, Array.from(form).length));
      if (k > 0) for (const [t, d] of this.dict.fuzzy(form, k)) add(t, FUZZY_WEIGHT[d] ?? 0, langs);
    }
    if (last && word.length >= PREFIX_MIN_LENGTH) {
      const { termStarts } = this.ix;
      const df = (t: number) => termStarts[t + 1]! - termStarts[t]!;
      const completions = this.dict.withPrefix(word).sort((a, b) => df(b) - df(a) || a - b);
      for (const t of completions.slice(0, PREFIX_MAX_TERMS)) add(t, PREFIX_WEIGHT, null);
    }
    return [...byTerm.values()];
  }

  /** A word's posting lists: its candidates grouped by term, with scales per language and bounds. */
  #wordPlan(word: string, kind: 'word' | 'cjk1' | 'cjk2', last: boolean): readonly WordList[] {
    const key = `${kind}:${last ? 1 : 0}:${word}`;
    const cached = this.#plans.get(key);
    if (cached) return cached;
    const { termStarts, termMax, docCount: N } = this.ix;
    const L = this.ix.languages.length;
    const cands = this.candidates(word, kind, last);
    // One idf per word (like Lucene's "blended" rewrite): from its most frequent exact term, or
    // with no exact term from its most frequent expansion. A typo or completion that hits a rare
    // term must not outscore the word itself, nor a frequent expansion flatten an exact word.
    let df = 0;
    const exact = cands.some((c) => c.weight === 1);
    for (const c of cands) if (!exact || c.weight === 1) df = Math.max(df, termStarts[c.term + 1]! - termStarts[c.term]!);
    const idf = Math.log(1 + (N - df + 0.5) / (df + 0.5));
    // One list per term: per language the largest weight · idf (scores are monotone in it).
    const scales = new Map<number, Float64Array>();
    for (const c of cands) {
      const s = c.weight * idf;
      let scale = scales.get(c.term);
      if (!scale) scales.set(c.term, (scale = new Float64Array(L)));
      for (let l = 0; l < L; l++) if ((!c.langs || c.langs[l]) && s > scale[l]!) scale[l] = s;
    }
    const lists: WordList[] = [];
    for (const [term, scale] of scales) {
      let maxScale = 0;
      for (const s of scale) if (s > maxScale) maxScale = s;
      if (maxScale <= 0) continue;
      const m = termMax[term]!;
      lists.push({ term, scales: scalesOf(scale), ub: saturation(maxScale, m) });
    }
    this.#plans.add(key, lists);
    return lists;
  }

  /** Per language, 1 when some allowed doc has it, and the share of allowed docs (cached per mask: masks are shared, not changed). */
  #maskStats(allowed: Uint8Array): MaskStats {
    const hit = this.#maskLangs.get(allowed);
    if (hit) return hit;
    const docLanguage = this.ix.docLanguage;
    const langs = new Uint8Array(this.ix.languages.length);
    const n = Math.min(allowed.length, docLanguage.length);
    let count = 0;
    for (let d = 0; d < n; d++) {
      if (allowed[d] === 0) continue;
      langs[docLanguage[d]!] = 1;
      count++;
    }
    const stats: MaskStats = { langs, share: n > 0 ? count / n : 0, count };
    this.#maskLangs.set(allowed, stats);
    return stats;
  }

  search(opts: SearchOptions): SearchHit[] {
    const tokens = tokenizeQuery(normalizeText(opts.query));
    const seen = new Set<string>();
    const words = tokens.filter((t) => !seen.has(t.text) && seen.add(t.text));
    const lastWord = tokens.at(-1);
    const limit = Math.max(0, opts.limit);
    if (limit === 0 || words.length === 0) return [];

    // Plan: each word's lists (cached per word), with an upper bound of what they add to any doc.
    // With a mask, only the languages of allowed docs matter: a list's scales for the others are
    // raised or lowered to its largest allowed one (no allowed doc is scored with them), so the
    // bounds (MaxScore, block-max) are those of the allowed docs, and a list with none is dropped.
    const mask = opts.allowed && !opts.exhaustive ? this.#maskStats(opts.allowed) : null;
    const langs = mask?.langs;
    const termMax = this.ix.termMax;
    const cursors: Cursor[] = [];
    words.forEach((w, wi) => {
      const last = lastWord?.kind === 'word' && w.text === lastWord.text;
      for (const l of this.#wordPlan(w.text, w.kind, last)) {
        let { scales, ub } = l;
        if (langs) {
          const scale = scales.scale;
          let m = 0;
          for (let k = 0; k < scale.length; k++) if (langs[k] && scale[k]! > m) m = scale[k]!;
          if (m <= 0) continue;
          let same = true;
          for (let k = 0; k < scale.length; k++) if (!langs[k] && scale[k] !== m) same = false;
          if (!same) {
            scales = scalesOf(scale.map((v, k) => (langs[k] ? v : m)));
            const t = termMax[l.term]!;
            ub = saturation(m, t);
          }
        }
        cursors.push(new Cursor(l.term, wi, scales, ub, this.#bounds(l.term), this.#blockSource));
      }
    });
    if (!opts.exhaustive && this.#termAtATime(cursors, mask)) return this.#taat(cursors, words.length, limit, opts.allowed, mask);
    return this.#run(cursors, words.length, limit, opts.allowed, opts.exhaustive === true);
  }

  /** Whether #taat scores this query (TAAT_MAX_DOCS, TAAT_COST). */
  #termAtATime(cursors: readonly Cursor[], mask: MaskStats | null): boolean {
    if (this.#strategy !== 'auto') return this.#strategy === 'term-at-a-time';
    if (this.ix.docCount <= TAAT_MAX_DOCS) return true;
    if (!mask || mask.share > 0.5) return false;
    let postings = 0;
    let read = 0;
    let denseLists = 0;
    for (const c of cursors) {
      const df = this.ix.df(c.term);
      postings += df;
      // A list #taat walks through its dense form reads the allowed docs instead of its postings.
      if (denseLists < this.#taatDenseLists && this.#maskDense(df, mask)) {
        denseLists++;
        read += mask.count;
      } else read += df;
    }
    return read / TAAT_READ_SHARE + postings * mask.share <= TAAT_COST;
  }

  /** Whether #taat walks a frequent list of df postings through its dense form, over the mask's allowed docs (TAAT_DENSE_RATIO). */
  #maskDense(df: number, mask: MaskStats | null): mask is MaskStats {
    return mask !== null && mask.count <= df * TAAT_DENSE_RATIO && df * DENSE_DF >= this.ix.docCount;
  }

  /**
   * Term-at-a-time: every posting of every list is scored once, each word keeping its best score
   * per doc in the doc's slot; then each touched doc's total (its word scores summed in query
   * order, from 0) is offered to the top. The same float operations as #run's, so the same hits.
   */
  #taat(cursors: Cursor[], W: number, limit: number, allowed: Uint8Array | undefined, mask: MaskStats | null): SearchHit[] {
    const N = this.ix.docCount;
    const F = this.ix.fields.length;
    const norms = this.#norms;
    const docLanguage = this.ix.docLanguage;
    const slotOf = (this.#slotOf ??= new Int32Array(N).fill(-1));
    let slots = 0;
    let slotDoc = this.#slotDoc;
    let slotScores = this.#slotScores;
    try {
      let denseLists = 0;
      for (const c of cursors) {
        const { word: w, scale, uniform } = c;
        // One allowed posting: doc d, its scale and tf~ x (the same float operations as #run's).
        const add = (d: number, sc: number, x: number): void => {
          const score = saturation(sc, x);
          let slot = slotOf[d]!;
          if (slot < 0) {
            slot = slots++;
            if (slot >= slotDoc.length || (slot + 1) * W > slotScores.length) {
              this.#growSlots(W);
              slotDoc = this.#slotDoc;
              slotScores = this.#slotScores;
            }
            slotOf[d] = slot;
            slotDoc[slot] = d;
            for (let at = slot * W, end = at + W; at < end; at++) slotScores[at] = 0;
          }
          const at = slot * W + w;
          if (score > slotScores[at]!) slotScores[at] = score;
        };
        // One block: with xs (a cached block) each tf~ is computed once and kept across queries.
        const scoreBlock = (docs: Uint32Array, tfs: Uint8Array, xs: Float32Array | null): void => {
          for (let i = 0; i < docs.length; i++) {
            const d = docs[i]!;
            if (allowed !== undefined && allowed[d] === 0) continue;
            const sc = uniform >= 0 ? uniform : scale[docLanguage[d]!]!;
            if (!(sc > 0)) continue;
            add(d, sc, xs ? tfAt(docs, tfs, xs, i, norms, F) : tfTilde(tfs, i * F, norms, d, F));
          }
        };
        const df = this.ix.df(c.term);
        // A frequent list and a sparse mask (`salt`, 627k docs, and language=de, 26k at 1M): the
        // allowed docs looked up in the list's dense form (its bitset, then its tf~), not its postings read.
        const dense = denseLists < this.#taatDenseLists && this.#maskDense(df, mask) ? this.#dense(c.term) : null;
        if (dense) {
          denseLists++;
          const { bits, rank, xs } = dense;
          const docs = (mask!.docs ??= allowedList(allowed!, N));
          for (let k = 0; k < docs.length; k++) {
            const d = docs[k]!;
            if ((bits[d >>> 5]! & (1 << (d & 31))) === 0) continue;
            const sc = uniform >= 0 ? uniform : scale[docLanguage[d]!]!;
            if (sc > 0) add(d, sc, denseX(bits, rank, xs, d));
          }
          continue;
        }
        // A short list through the block cache; a long one in one read, not to evict the cache.
        const blocks = c.last.length;
        if (blocks <= TAAT_CACHED_BLOCKS) {
          for (let j = 0; j < blocks; j++) {
            const b = this.#block(c.term, j);
            scoreBlock(b.docs, b.tfs, b.xs);
          }
        } else this.ix.forEachBlock(c.term, (docs, tfs) => scoreBlock(docs, tfs, null));
      }
      const top: SearchHit[] = [];
      for (let slot = 0; slot < slots; slot++) {
        let total = 0;
        for (let w = 0, at = slot * W; w < W; w++, at++) total += slotScores[at]!;
        if (total <= 0) continue;
        const d = slotDoc[slot]!;
        if (top.length === limit) {
          const kth = top[limit - 1]!;
          if (total < kth.score || (total === kth.score && d > kth.doc)) continue;
        }
        insertHit(top, limit, d, total);
      }
      return top;
    } finally {
      for (let slot = 0; slot < slots; slot++) slotOf[slotDoc[slot]!] = -1;
    }
  }

  /** Doubles #taat's slot arrays, keeping their contents, with room for W scores per slot. */
  #growSlots(W: number): void {
    const docs = new Uint32Array(this.#slotDoc.length * 2);
    docs.set(this.#slotDoc);
    this.#slotDoc = docs;
    const scores = new Float64Array(docs.length * W);
    scores.set(this.#slotScores.subarray(0, Math.min(this.#slotScores.length, scores.length)));
    this.#slotScores = scores;
  }

  /** Document-at-a-time scoring with MaxScore and block-max pruning (module comment). */
  #run(cursors: Cursor[], W: number, limit: number, allowed: Uint8Array | undefined, exhaustive: boolean): SearchHit[] {
    const termMax = this.ix.termMax;
    const docLanguage = this.ix.docLanguage;
    const norms = this.#norms;
    const F = this.ix.fields.length;
    const slack = W > 1 ? SUM_SLACK : 1;
    const L = this.ix.languages.length;
    // MaxScore over lists: by bound ascending, a prefix of lists is "non-essential" while no doc
    // found only in them can reach θ: Σ over words of the largest bound of the word's lists in the
    // prefix (a word scores its best candidate, so its lists' bounds do not add up).
    const order = cursors.slice().sort((a, b) => a.ub - b.ub || a.word - b.word || a.term - b.term);
    const cum = new Float64Array(order.length);
    {
      const m = new Float64Array(W);
      let sum = 0;
      order.forEach((c, i) => {
        sum += c.ub - m[c.word]!; // ascending: c.ub is the word's largest so far
        m[c.word] = c.ub;
        cum[i] = sum * slack;
      });
    }
    let nonEss = 0; // order[0 .. nonEss) are non-essential
    let ess = order.slice();
    let E = ess.length;
    const nonEssMax = new Float64Array(W); // per word: the largest bound of its non-essential lists
    const winNon = new Float64Array(W); // ... and the largest within the current window
    const wordBound = new Float64Array(W); // ... and that for the language of the doc being completed
    // One-essential-list scan: per other word, its strongest non-essential lists while they have a
    // dense form (at most DENSE_CHAIN), and the list after them, whose sufLang bounds the word's others.
    const domChain: Cursor[][] = []; // (filled when the chains are built)
    const domNext: (Cursor | null)[] = new Array<Cursor | null>(W).fill(null);
    const domNextMin = new Float64Array(W); // ... the least over languages of its sufLang (0 for none)
    // ... and the tf~ below which a posting can pass only if one of the chain's lists of the word
    // with the largest such gain holds its doc (reqBits: their bitsets), per group of languages
    // (outGroupOf: per word with a chain, per language its group; outScale, outBound: the group's
    // scale of the scanned list and bound of the word's lists after the chain).
    const xOut = this.#xOut;
    const outGroupOf: Uint8Array[] = [];
    const outScale: number[][] = [];
    const outBound: number[][] = [];
    let outOf: Uint8Array = NO_GROUPS;
    const reqBits: Uint32Array[] = [];
    let useDense = false;
    let chainsFor = -1; // the rebuild (version) the chains were built for (−1: not built)
    let nDom = 0; // words with a chain
    let scanned = 0;
    let completed = 0;
    // One-essential-list scan: per distinct scale of the list (Cursor scales), the tf~ below which a
    // posting cannot rank (minTf).
    const xMinOf = this.#xMinOf;
    const cand = this.#cand;
    const marks = this.#marks;
    {
      // A word's non-essential lists are probed strongest first (order reversed): per language,
      // the largest bound from each list on (each list's in one buffer: the previous list's of its
      // word and its own).
      if (this.#sufBuf.length < order.length * L) this.#sufBuf = new Float64Array(order.length * L * 2);
      const buf = this.#sufBuf;
      const prev: number[] = new Array<number>(W).fill(-1);
      for (let i = 0; i < order.length; i++) {
        const c = order[i]!;
        const m = termMax[c.term]!;
        const at = i * L;
        const p = prev[c.word]!;
        const scale = c.scale;
        for (let l = 0; l < L; l++) {
          const b = saturation(scale[l]!, m);
          const q = p < 0 ? 0 : buf[p + l]!;
          buf[at + l] = b > q ? b : q;
        }
        prev[c.word] = at;
        c.sufLang = buf.subarray(at, at + L);
      }
    }
    const nonEssOf: Cursor[][] = []; // strongest first
    // Per word, how many of its non-essential lists (the first) may hold another window's bounds (winUb, winM).
    const winSet = new Int32Array(W);
    for (let w = 0; w < W; w++) nonEssOf.push([]);

    const top: SearchHit[] = [];
    let full = false;
    let theta = -Infinity; // the k-th score once the top is full
    let kthDoc = -1; // ... and its doc
    let done = false; // nothing unseen can beat θ any more
    let essChanged = false;
    // Driving lists (MaxScore across words): when a doc that none of some of the essential lists
    // holds cannot reach θ, only those lists' docs are candidates; they alone stay essential, and
    // the others are probed like the non-essential ones (#run's complete). For a word w: a doc
    // without w's essential lists scores for w at most its non-essential bound, and for each other
    // word at most the largest bound of its lists left out; the other words' strongest essential
    // lists are added (the word whose bound falls most first) until that sum is below θ. The w
    // with the fewest postings to drive is kept (`pasta sal` + language=en: θ needs `pasta` or the
    // one strong `sal` completion; a doc with `salt` alone, 49% of docs, cannot rank).
    const wordMax = new Float64Array(W); // per word, the largest bound of its lists
    for (const c of order) if (c.ub > wordMax[c.word]!) wordMax[c.word] = c.ub;
    const preMax = new Float64Array(W); // per word, the largest bound of its lists in order[0 .. nonEss)
    let stale = false; // θ rose since the essential lists were chosen (rebuild)
    let version = 0; // rebuilds so far
    const cap = new Float64Array(W);
    const capAt = new Int32Array(W); // per word, its strongest list in mEss not driving (−1: none)
    let mEss: Cursor[] = ess; // MaxScore's essential lists: order[nonEss ..)
    /** Per word, the next weaker list of it in mEss before index k (−1: none), and the bound left for it then. */
    const weaker = (k: number, v: number): number => {
      let nk = k - 1;
      while (nk >= 0 && mEss[nk]!.word !== v) nk--;
      return nk;
    };
    const capOf = (nk: number, v: number): number => Math.max(nk >= 0 ? mEss[nk]!.ub : 0, preMax[v]!);
    /** Chooses the driving lists for word w (marks them when `mark`): their postings (Infinity: none found under `most`). */
    const drive = (w: number, most: number, mark: boolean): number => {
      let df = 0;
      for (let v = 0; v < W; v++) {
        cap[v] = v === w ? preMax[v]! : wordMax[v]!;
        capAt[v] = -1;
      }
      for (let k = 0; k < mEss.length; k++) {
        const c = mEss[k]!;
        if (c.word === w) {
          df += this.ix.df(c.term);
          if (mark) c.drive = true;
        } else capAt[c.word] = k; // ascending: the last is the strongest
      }
      for (;;) {
        let b = 0;
        for (let v = 0; v < W; v++) b += cap[v]!;
        if (b * SUM_SLACK < theta) return df;
        if (df >= most) return Infinity;
        let mv = -1;
        let fall = -1;
        for (let v = 0; v < W; v++) {
          const k = capAt[v]!;
          if (k < 0) continue;
          const f = cap[v]! - capOf(weaker(k, v), v);
          if (f > fall) {
            fall = f;
            mv = v;
          }
        }
        if (mv < 0) return Infinity; // (cannot happen: with every list of mEss, the bound is MaxScore's, below θ)
        const k = capAt[mv]!;
        df += this.ix.df(mEss[k]!.term);
        if (mark) mEss[k]!.drive = true;
        const nk = weaker(k, mv);
        capAt[mv] = nk;
        cap[mv] = capOf(nk, mv);
      }
    };
    /**
     * The essential lists again once θ rose: MaxScore's (mEss), or fewer driving ones; every other
     * list is non-essential (nonEssOf, strongest first). A list that turns essential moves on to
     * the frontier: the pass has dealt with every doc below it (the old essential lists are past it).
     */
    const rebuild = (): void => {
      stale = false;
      let frontier = END;
      for (let k = 0; k < E; k++) if (ess[k]!.doc < frontier) frontier = ess[k]!.doc;
      for (let w = 0; w < W; w++) preMax[w] = 0;
      for (let i = 0; i < nonEss; i++) {
        const c = order[i]!;
        if (c.ub > preMax[c.word]!) preMax[c.word] = c.ub;
      }
      mEss = order.slice(nonEss);
      const was = new Set(ess);
      for (const c of order) c.drive = false;
      let best = -1;
      if (W > 1) {
        let bestDf = 0;
        for (const c of mEss) bestDf += this.ix.df(c.term);
        for (let w = 0; w < W; w++) {
          const df = drive(w, bestDf, false);
          if (df < bestDf) {
            bestDf = df;
            best = w;
          }
        }
      }
      if (best >= 0) drive(best, Infinity, true);
      else for (const c of mEss) c.drive = true;
      ess = mEss.filter((c) => c.drive);
      E = ess.length;
      for (const c of ess) if (!was.has(c)) c.shallowSeek(frontier);
      for (let w = 0; w < W; w++) {
        nonEssOf[w]!.length = 0;
        nonEssMax[w] = 0;
      }
      for (let i = order.length - 1; i >= 0; i--) {
        const c = order[i]!;
        if (c.drive) continue;
        nonEssOf[c.word]!.push(c);
        if (c.ub > nonEssMax[c.word]!) nonEssMax[c.word] = c.ub;
      }
      for (let w = 0; w < W; w++) winSet[w] = nonEssOf[w]!.length; // (each to set)
      probeOrder.length = 0;
      for (let w = 0; w < W; w++) if (nonEssMax[w]! > 0) probeOrder.push(w);
      probeOrder.sort((a, b) => nonEssMax[b]! - nonEssMax[a]! || a - b);
      version++;
      essChanged = true;
      if (E === 0) done = true; // no doc left can beat θ
    };
    const wordScore = new Float64Array(W);
    const blockWord = new Float64Array(W);

    // Adds a doc that can enter the top (the caller checked); raises θ (the essential lists are
    // chosen again before the next doc: rebuild).
    const offer = (d: number, total: number): void => {
      insertHit(top, limit, d, total);
      if (top.length < limit) return;
      full = true;
      const kth = top[limit - 1]!;
      const raised = kth.score > theta;
      theta = kth.score;
      kthDoc = kth.doc;
      if (raised && !exhaustive) {
        // MaxScore: lists whose cumulative bound is below θ leave its essential set.
        const before = nonEss;
        while (nonEss < order.length && cum[nonEss]! < theta) nonEss++;
        if (nonEss === order.length) done = true;
        // (Driving lists are chosen among several of MaxScore's essential lists only.)
        else if (nonEss !== before || (W > 1 && order.length - nonEss > 1)) stale = true;
      }
    };

    // Finishes doc d given its essential word scores in wordScore: the non-essential lists, word by
    // word (the largest bounds first) while d can still beat θ, then the exact total and the offer.
    const probeOrder: number[] = [];
    let seeded: Uint32Array = NO_DOCS;
    let seedAt = 0;
    const complete = (d: number, lang: number): void => {
      if (E < order.length) {
        if (!useDense && ++completed >= DENSE_AFTER) useDense = true;
        let upper = 0;
        for (let w = 0; w < W; w++) {
          let b = winNon[w]!;
          if (b > 0) {
            const l = nonEssOf[w]![0]!.sufLang[lang]!;
            if (l < b) b = l;
          }
          wordBound[w] = b;
          const a = wordScore[w]!;
          upper += a > b ? a : b;
        }
        for (let k = 0; k < probeOrder.length; k++) {
          const w = probeOrder[k]!;
          if (wordBound[w]! <= wordScore[w]!) continue;
          let best = wordScore[w]!;
          // d's bound without the word's lists; with them it is rest + the word's best (so far or
          // to come: sufLang bounds the lists not yet probed).
          const rest = upper - wordBound[w]!;
          const lists = nonEssOf[w]!;
          for (let j = 0; j < lists.length; j++) {
            const c = lists[j]!;
            const sj = c.sufLang[lang]!;
            if (sj <= best) break;
            const u = (rest + sj) * slack;
            if (u < theta || (u === theta && d > kthDoc)) return;
            if (c.winUb <= best) continue;
            const sc = c.uniform >= 0 ? c.uniform : c.scale[lang]!;
            if (c.uniform < 0) {
              const m = c.winM;
              if (saturation(sc, m) <= best) continue;
            }
            if (useDense) {
              // A frequent list's dense form gives its tf~ at d without a search of its postings.
              const dense = c.dense === undefined ? (c.dense = this.#dense(c.term)) : c.dense;
              if (dense) {
                if ((dense.bits[d >>> 5]! & (1 << (d & 31))) !== 0) {
                  const x = denseX(dense.bits, dense.rank, dense.xs, d);
                  const s = saturation(sc, x);
                  if (s > best) best = s;
                }
                continue;
              }
            }
            c.shallowSeek(d);
            if (c.doc !== d) continue; // past d (also END), or not loaded and d may be in the block
            if (!c.loaded) {
              // Read the block only if its bound for this doc's language can beat the best so far.
              const m = c.max[c.bi]!;
              if (saturation(sc, m) <= best) continue;
              c.load();
            }
            if (c.doc === d) {
              const x = tfAt(c.docs, c.tfs, c.xs, c.i, norms, F);
              const s = saturation(sc, x);
              if (s > best) best = s;
            }
          }
          upper = rest + best;
          wordScore[w] = best;
        }
      }
      // The exact score: word scores summed in query order (the same sum as exhaustive scoring).
      let total = 0;
      for (let w = 0; w < W; w++) total += wordScore[w]!;
      if (total <= 0 || (full && (total < theta || (total === theta && d > kthDoc)))) return;
      while (seedAt < seeded.length && seeded[seedAt]! < d) seedAt++;
      if (seedAt < seeded.length && seeded[seedAt] === d) return;
      offer(d, total);
    };

    // One-essential-list scan of cursor c's block (below): its thresholds from θ and the window's
    // non-essential bounds (nm: c's word's, rest: the other words' summed), kept while none of
    // what they derive from changes (the window bounds are often the same from block to block).
    let sNm = 0;
    let sRest = 0;
    let sXLo = Infinity; // the lowest of xMinOf
    let sNReq = 0;
    let sOutLo = Infinity; // (nReq > 0) the lowest and highest of xOut
    let sOutHi = 0;
    let sTheta = NaN; // (NaN: not computed)
    let sCursor: Cursor | null = null;
    let sVersion = -1;
    let sDense = false;
    const sWin = new Float64Array(W);
    const winAfter = new Float64Array(W); // per word, the window bounds of the other words after it (but c's), summed
    const scanBounds = (c: Cursor): void => {
      if (sCursor === c && sTheta === theta && sVersion === version && sDense === useDense) {
        let w = 0;
        while (w < W && sWin[w] === winNon[w]) w++;
        if (w === W) return;
      }
      sCursor = c;
      sTheta = theta;
      sVersion = version;
      sDense = useDense;
      for (let w = 0; w < W; w++) sWin[w] = winNon[w]!;
      const cw = c.word;
      const { inverses, scaleOf } = c;
      const thetaBySlack = theta / slack;
      const nm = winNon[cw]!;
      let rest = 0;
      for (let w = 0; w < W; w++) if (w !== cw) rest += winNon[w]!;
      let after = 0;
      for (let w = W - 1; w >= 0; w--) {
        winAfter[w] = after;
        if (w !== cw) after += winNon[w]!;
      }
      // Per distinct scale, not per language (19 in the bench's dataset, 1 to 3 scales).
      let xLo = Infinity;
      let nReq = 0;
      for (let j = 0; j < inverses.length; j++) {
        const m = minTf(inverses[j]!, nm, rest, theta, thetaBySlack);
        xMinOf[j] = m;
        if (m < xLo) xLo = m;
      }
      // The dense chains depend on the non-essential lists only (the same for every window).
      if (useDense && chainsFor !== version) {
        chainsFor = version;
        nDom = 0;
        for (let w = 0; w < W; w++) {
          const chain = (domChain[w] ??= []);
          chain.length = 0;
          const lists = nonEssOf[w]!;
          if (w === cw) continue;
          for (let j = 0; j < lists.length && j < DENSE_CHAIN; j++) {
            const dom = lists[j]!;
            const dense = dom.dense === undefined ? (dom.dense = this.#dense(dom.term)) : dom.dense;
            if (!dense) break;
            chain.push(dom);
          }
          if (chain.length === 0) continue;
          const next = lists[chain.length] ?? null;
          domNext[w] = next;
          let m = next ? Infinity : 0;
          if (next) for (const b of next.sufLang) if (b < m) m = b;
          domNextMin[w] = m;
          // The languages' distinct pairs (scale of the scanned list, bound of the lists after
          // the chain), each with its own xOut threshold.
          const groupOf = (outGroupOf[w] ??= new Uint8Array(L));
          const gScale: number[] = (outScale[w] = []);
          const gBound: number[] = (outBound[w] = []);
          for (let l = 0; l < groupOf.length; l++) {
            const b = next ? next.sufLang[l]! : 0;
            let g = 0;
            while (g < gScale.length && !(gScale[g] === scaleOf[l] && gBound[g] === b)) g++;
            if (g === gScale.length) {
              gScale.push(scaleOf[l]!);
              gBound.push(b);
            }
            groupOf[l] = g;
          }
          nDom++;
        }
      }
      // The other word whose bound falls most for a doc none of its chain's lists holds (then
      // only its lists after the chain may hold it, bounded by the next one's sufLang for the
      // doc's language): below xOut[lang], a posting can pass only if one of the chain's lists
      // holds its doc (`tomato soup`: 3 in 4 of the postings above xLo have no `tomato`, and
      // are passed over on a bit test each).
      if (nDom > 0) {
        let rw = -1;
        let gain = 0;
        for (let w = 0; w < W; w++) {
          if (w === cw || domChain[w]!.length === 0) continue;
          const g = winNon[w]! - Math.min(winNon[w]!, domNextMin[w]!);
          if (g > gain) {
            gain = g;
            rw = w;
          }
        }
        if (rw >= 0) {
          let restOthers = 0;
          for (let w = 0; w < W; w++) if (w !== cw && w !== rw) restOthers += winNon[w]!;
          const gScale = outScale[rw]!;
          const gBound = outBound[rw]!;
          let any = false;
          sOutLo = Infinity;
          sOutHi = 0;
          for (let g = 0; g < gScale.length; g++) {
            const b = gBound[g]! < winNon[rw]! ? gBound[g]! : winNon[rw]!;
            const m = minTf(inverses[gScale[g]!]!, nm, restOthers + b, theta, thetaBySlack);
            xOut[g] = m;
            if (m > xLo) any = true;
            if (m < sOutLo) sOutLo = m;
            if (m > sOutHi) sOutHi = m;
          }
          outOf = outGroupOf[rw]!;
          if (any) for (const dom of domChain[rw]!) reqBits[nReq++] = dom.dense!.bits;
        }
      }
      sNm = nm;
      sRest = rest;
      sXLo = xLo;
      sNReq = nReq;
    };

    // Seeding: the docs of the strongest list's best block are scored in full first, so that θ
    // starts high and the pruning rules bite from the first doc. They are not scored again.
    const strongest = order.at(-1);
    if (!exhaustive && strongest && strongest.max.length > 1) {
      const maxes = strongest.max;
      // Without a mask: the best block (the first on ties). With one, the best block may hold few
      // allowed docs (e.g. a language filter over a block of mostly other languages) and θ would
      // start low and stay low for most of the pass, so the best blocks (bound descending) are
      // read until SEED_DOCS allowed docs (or SEED_BLOCKS blocks) and their allowed docs seeded.
      const blocks = !allowed ? bestBlocks(maxes, 1) : bestBlocks(maxes, SEED_BLOCKS);
      let seed: number[] = [];
      const runs: number[] = []; // per block read: its number and where its docs start in seed
      for (let k = 0; k < blocks.length && seed.length < SEED_DOCS; k++) {
        // The blocks of one list hold distinct docs.
        runs.push(blocks[k]!, seed.length);
        for (const d of this.#block(strongest.term, blocks[k]!).docs) if (!allowed || allowed[d] !== 0) seed.push(d);
      }
      if (runs.length > 2) {
        // The blocks' docs in block order: ascending (distinctSorted then sorts only the others).
        const byBlock: number[] = [];
        for (let r = 0; r < runs.length; r += 2) byBlock.push(r);
        byBlock.sort((a, b) => runs[a]! - runs[b]!);
        const ordered: number[] = [];
        for (const r of byBlock) for (let i = runs[r + 1]!, end = r + 2 < runs.length ? runs[r + 3]! : seed.length; i < end; i++) ordered.push(seed[i]!);
        seed = ordered;
      }
      // With several words the top docs usually hold every word, so docs of the strongest list
      // that hold every other word are seeded too (#matchedSeeds). With a mask and a short strongest
      // list (`pasta sal` + language=en: `sal`, 9k docs at 1M), from the whole list: without them θ
      // can start just below the final one, where a dense completion (`sal` → `salt`) stays
      // essential for the whole pass. Unfiltered, from its SEED_MATCH_BEST best blocks (reading the
      // whole list would only add work, measured at 4k–100k docs): at 1M the best block's docs
      // alone start θ well below the final one (`tomato soup`: 3.92 for 4.51; 4.46 so), and each
      // candidate scanned below it costs a probe.
      const matchBlocks = !allowed ? Math.min(maxes.length, SEED_MATCH_BEST) : maxes.length <= SEED_MATCH_BLOCKS ? maxes.length : 0;
      if (W > 1 && matchBlocks > 0) for (const d of this.#matchedSeeds(strongest, order, W, allowed, matchBlocks)) seed.push(d);
      // Ascending (typed array sort is numeric), each doc once.
      const docs = distinctSorted(seed);
      seeded = docs;
      const scores = this.#seedScores(docs, order, W, limit, slack);
      for (let k = 0; k < docs.length; k++) {
        const d = docs[k]!;
        let total = 0;
        for (let w = 0, at = k * W; w < W; w++, at++) total += scores[at]!;
        if (total > 0 && !(full && (total < theta || (total === theta && d > kthDoc)))) offer(d, total);
      }
    }

    // The current block-max window: docs in [.., winEnd) score at most winBound.
    let winEnd = 0;
    let winBound = Infinity;
    // One essential list's block skip (below): the BlockMax under which its blocks are skipped,
    // for this θ and this essential set.
    let skipMax = 0;
    let skipTheta = NaN;
    let skipVersion = -1;
    for (;;) {
      if (done) break;
      if (stale) {
        rebuild();
        if (done) break;
      }
      if (allowed) {
        // Past the excluded docs of the loaded blocks, a byte test each (a sparse mask: most are).
        for (let k = 0; k < E; k++) {
          const c = ess[k]!;
          while (c.loaded && allowed[c.doc] === 0) {
            const docs = c.docs;
            const n = docs.length;
            let i = c.i + 1;
            while (i < n && allowed[docs[i]!] === 0) i++;
            c.i = i - 1;
            c.next();
          }
        }
      }
      // The lowest doc any essential list may hold next.
      let low = END;
      for (let k = 0; k < E; k++) {
        const x = ess[k]!.doc;
        if (x < low) low = x;
      }
      if (low === END) break;
      if (full && !exhaustive) {
        if (low >= winEnd || essChanged) {
          // Block-max: every doc in [low, e) scores at most, per word, the larger of its
          // non-essential bound and the current block bounds of its essential lists that may
          // hold a doc below e.
          essChanged = false;
          let e = END;
          let live = 0;
          let liveCursor: Cursor | null = null;
          for (let k = 0; k < E; k++) {
            const c = ess[k]!;
            if (c.doc === END) continue;
            live++;
            liveCursor = c;
            const l = c.last[c.bi]! + 1;
            if (l < e) e = l;
          }
          for (let w = 0; w < W; w++) blockWord[w] = 0;
          for (let k = 0; k < E; k++) {
            const c = ess[k]!;
            if (c.doc >= e) continue;
            const s = c.blockUb();
            if (s > blockWord[c.word]!) blockWord[c.word] = s;
          }
          winEnd = e;
          // First with each word's non-essential bound over its whole lists (nonEssMax, at least its
          // window bound): when that skips the window already, its window bounds are not needed
          // (`chicken` skips 956 of its 992 blocks so, where they cost a seek per non-essential list).
          let loose = 0;
          for (let w = 0; w < W; w++) loose += blockWord[w]! > nonEssMax[w]! ? blockWord[w]! : nonEssMax[w]!;
          loose *= slack;
          if (loose < theta || (loose === theta && low > kthDoc)) {
            if (live === 1) {
              // One essential list left (the others exhausted): the windows that follow are its next
              // blocks, each skipped by this same rule while its BlockMax stays below the tf~ whose
              // bound could reach θ (minTf: conservative, so each of them would be skipped here
              // too), found in a tight loop over the block maxima instead of a window each
              // (`choclate`: 511 of 548 blocks of `chocolat`).
              if (skipTheta !== theta || skipVersion !== version) {
                skipTheta = theta;
                skipVersion = version;
                let rest = 0;
                for (let w = 0; w < W; w++) if (w !== liveCursor!.word) rest += nonEssMax[w]!;
                skipMax = minTf(1 / liveCursor!.maxScale, nonEssMax[liveCursor!.word]!, rest, theta, theta / slack);
              }
              liveCursor!.skipBlocks(skipMax);
              continue;
            }
            for (let k = 0; k < E; k++) ess[k]!.shallowSeek(winEnd);
            continue;
          }
          // Non-essential lists: the largest block bound among their blocks that may hold a doc in
          // [low, e) (0 for a list with none there). A word's lists strongest first: once a list's
          // bound over the whole list is no more than the word's so far, neither it nor the weaker
          // ones can raise it, and they keep that bound (a typo's or completion's lists are small).
          for (let w = 0; w < W; w++) {
            const lists = nonEssOf[w]!;
            let best = 0;
            let j = 0;
            for (; j < lists.length; j++) {
              const c = lists[j]!;
              if (c.ub <= best) break;
              c.shallowSeek(low);
              c.winUb = 0;
              c.winM = 0;
              if (c.doc >= e) continue; // also END
              const { last, max } = c;
              let m = max[c.bi]!;
              for (let b = c.bi + 1; b < last.length && last[b - 1]! + 1 < e; b++) if (max[b]! > m) m = max[b]!;
              const s = saturation(c.maxScale, m);
              c.winUb = s;
              c.winM = m;
              if (s > best) best = s;
            }
            // (Those after the ones an earlier window set keep them from then.)
            const set = winSet[w]!;
            winSet[w] = j;
            for (; j < set; j++) {
              const c = lists[j]!;
              c.winUb = c.ub;
              c.winM = termMax[c.term]!;
            }
            winNon[w] = best;
          }
          let bound = 0;
          for (let w = 0; w < W; w++) bound += blockWord[w]! > winNon[w]! ? blockWord[w]! : winNon[w]!;
          winBound = bound * slack;
        }
        if (winBound < theta || (winBound === theta && low > kthDoc)) {
          for (let k = 0; k < E; k++) ess[k]!.shallowSeek(winEnd);
          continue;
        }
      }

      // The next doc: read the blocks of the lists that may hold it.
      let d = END;
      for (let k = 0; k < E; k++) {
        const c = ess[k]!;
        if (!c.loaded) {
          if (c.doc > d || c.doc === END) continue;
          c.load();
        }
        if (c.doc < d) d = c.doc;
      }
      if (full && !exhaustive) {
        if (d >= winEnd) continue; // past the window: check the next one first
        if (E === 1) {
          // One essential list: its docs in this block one after the other, in a tight loop;
          // a doc that cannot enter even with every non-essential bound is passed over. Most
          // are passed over on their tf~ alone (xMinOf: conservative thresholds, see below).
          const c = ess[0]!;
          const cw = c.word;
          const blk = c.block!;
          if (!blk.filled) fill(blk, norms, F, docLanguage);
          const { docs, xs, scale, uniform } = c;
          const langs = blk.langs;
          const n = docs.length;
          scanBounds(c);
          let nm = sNm;
          let rest = sRest;
          const { scaleOf } = c;
          // The postings from c.i on whose tf~ reaches the lowest threshold (θ only rises during
          // the scan, and thresholds with it), in doc order: most are below (`chocolate cake`: 4%).
          // (Marked in a bitset, then listed: a typed array's sort costs more than the scan saves.)
          let nc = 0;
          const xLo = sXLo;
          if (xLo > 0) {
            const order = blk.order!;
            const words = (n + 31) >>> 5;
            const nReq = sNReq;
            const ci = c.i;
            const groupOf = outOf;
            for (let k = 0; k < words; k++) marks[k] = 0;
            // By tf~ descending, in up to three runs: above every group's xOut (marked), then
            // above the lowest (a doc a chain list holds, or tf~ above its group's xOut), then
            // below every group's (a doc a chain list holds, found without a branch).
            let k = 0;
            const hiX = nReq > 0 && sOutHi > xLo ? sOutHi : xLo;
            for (; k < n; k++) {
              const j = order[k]!;
              if (!(xs[j]! >= hiX)) break;
              if (j >= ci) marks[j >>> 5]! |= 1 << (j & 31);
            }
            if (nReq > 0) {
              const loX = sOutLo > xLo ? sOutLo : xLo;
              const r0 = reqBits[0]!;
              for (; k < n; k++) {
                const j = order[k]!;
                const x = xs[j]!;
                if (!(x >= loX)) break;
                const d = docs[j]!;
                let bitsOf = r0[d >>> 5]!;
                for (let r = 1; r < nReq; r++) bitsOf |= reqBits[r]![d >>> 5]!;
                const pass = ((bitsOf >>> (d & 31)) & 1) | (x >= xOut[groupOf[langs[j]!]!]! ? 1 : 0);
                marks[j >>> 5]! |= (pass & (j >= ci ? 1 : 0)) << (j & 31);
              }
              for (; k < n; k++) {
                const j = order[k]!;
                if (!(xs[j]! >= xLo)) break;
                const d = docs[j]!;
                let bitsOf = r0[d >>> 5]!;
                for (let r = 1; r < nReq; r++) bitsOf |= reqBits[r]![d >>> 5]!;
                marks[j >>> 5]! |= ((bitsOf >>> (d & 31)) & (j >= ci ? 1 : 0)) << (j & 31);
              }
            }
            for (let k = 0; k < words; k++) {
              for (let m = marks[k]!; m !== 0; m &= m - 1) cand[nc++] = (k << 5) | (31 - Math.clz32(m & -m));
            }
          } else for (let j = c.i; j < n; j++) cand[nc++] = j;
          for (let k = 0; k < nc; k++) {
            const i = cand[k]!;
            const x = xs[i]!;
            const lang = langs[i]!;
            if (x < xMinOf[scaleOf[lang]!]!) continue;
            const dd = docs[i]!;
            const s = saturation(uniform >= 0 ? uniform : scale[lang]!, x);
            const u = ((s > nm ? s : nm) + rest) * slack;
            if (u < theta || (u === theta && dd > kthDoc)) continue;
            if (allowed && !allowed[dd]) continue;
            if (nDom > 0) {
              // The same bound, with a word whose strongest lists have dense arrays bounded by those
              // lists' exact scores at d and its other lists' bound (sufLang of the next; `pasta`:
              // `past` and `pasta`, both frequent, and typos).
              // (Passed over as soon as the words so far and the others' window bounds cannot reach θ.)
              let v = s > nm ? s : nm;
              let out = false;
              for (let w = 0; w < W; w++) {
                if (w === cw) continue;
                let b = winNon[w]!;
                const chain = domChain[w]!;
                if (chain.length > 0) {
                  const next = domNext[w];
                  let l = next ? next.sufLang[lang]! : 0;
                  for (let j = 0; j < chain.length; j++) {
                    const dom = chain[j]!;
                    if (dom.sufLang[lang]! <= l) break; // it and the lists after it bound no higher
                    const dense = dom.dense!;
                    if ((dense.bits[dd >>> 5]! & (1 << (dd & 31))) !== 0) {
                      const y = denseX(dense.bits, dense.rank, dense.xs, dd);
                      const e = saturation(dom.uniform >= 0 ? dom.uniform : dom.scale[lang]!, y);
                      if (e > l) l = e;
                    }
                  }
                  if (l < b) {
                    b = l;
                    const u = (v + b + winAfter[w]!) * slack;
                    if (u < theta || (u === theta && dd > kthDoc)) {
                      out = true;
                      break;
                    }
                  }
                }
                v += b;
              }
              if (out) continue;
              v *= slack;
              if (v < theta || (v === theta && dd > kthDoc)) continue;
            } else if (++scanned === DENSE_AFTER && E < order.length) {
              useDense = true;
              scanBounds(c);
              nm = sNm;
              rest = sRest;
            }
            for (let w = 0; w < W; w++) wordScore[w] = 0;
            wordScore[cw] = s;
            const before = version;
            complete(dd, lang);
            if (done) break;
            if (version !== before || theta !== sTheta) {
              scanBounds(c);
              nm = sNm;
              rest = sRest;
            }
          }
          if (done) break;
          c.i = n - 1;
          c.next();
          continue;
        }
      }
      if (allowed && !allowed[d]) {
        // Every essential list moves on to the next allowed doc, past the excluded ones without a
        // step each (a sparse mask, e.g. language=de, over a dense list such as `salt`). Scanning
        // for the next allowed doc costs at most the mask's length over the whole pass.
        let t = d + 1;
        while (t < allowed.length && allowed[t] === 0) t++;
        const target = t < allowed.length ? t : END;
        for (let k = 0; k < E; k++) ess[k]!.shallowSeek(target);
        continue;
      }

      // Essential lists: the best candidate at d per word.
      const lang = docLanguage[d]!;
      for (let w = 0; w < W; w++) wordScore[w] = 0;
      for (let k = 0; k < E; k++) {
        const c = ess[k]!;
        if (c.doc !== d) continue;
        const x = tfAt(c.docs, c.tfs, c.xs, c.i, norms, F);
        const sc = c.uniform >= 0 ? c.uniform : c.scale[lang]!;
        const s = saturation(sc, x);
        if (s > wordScore[c.word]!) wordScore[c.word] = s;
        c.next();
      }
      complete(d, lang);
    }
    return top;
  }
}
