/**
 * Pantry ranking over bitmaps alone (no per-doc loop over the dataset):
 *
 * 1. Count, per doc, how many of the query's ids (pantry plus staples) it uses in a counted
 *    (non-optional) line, as bit slices (SliceCounter: a carry-save adder whose carries are kept
 *    as dense complements). Five slices count to 31 (≥ 20 + 3 staples). The candidates (docs
 *    using a pantry id, in the language) are the docs counted at least once by the pantry's own
 *    ids, read off the slices before the staples are added.
 * 2. Split the candidates by the slices into exact[m] = docs with exactly m counted pantry ids.
 * 3. Groups (m, T) = exact[m] ∩ byTotal[T], ordered by m/T descending, then T − m ascending, then
 *    m descending (among fully covered recipes, the one using more of the pantry first); docs
 *    ascending inside a group (= newest first). A page walks the groups in order: a group near the page is read from its
 *    first docs, chunk by chunk; one further away is counted whole and skipped, or materialised
 *    if the page lies deep inside it. No sort of docs.
 *
 * Every step is an in-place operation on workspace bitmaps whose result stays dense where it can:
 * in this roaring binding a sparse result of dense operands is converted value by value and
 * allocated per 2^16-doc chunk, which is what made the plain ripple-carry adder slow at 1M docs
 * (measured with test/bench/pantry-micro.ts and the benchmark's pantry queries).
 */
import { andInPlace, andNotInPlace, cardinality, chunkedEnd, clear, copyInto, emptyBitmap, firstOfIntersections, has, intersectionSize, orInPlace, page, type Bitmap } from '../../format/bitmap.ts';
import { MAX_COUNT, SLICES, SliceCounter, tooManyInputs } from './count.ts';

/** What ranking reads. Implemented over a dataset in pantry.ts (datasetPantrySource) and over synthetic bitmaps in the bench. */
export interface PantrySource {
  /** Docs using this canonical id in a non-optional line (bitmap family 'ingredient'). */
  ingredient(id: string): Bitmap | undefined;
  language(code: string): Bitmap | undefined;
  /** Optional: reads together what ranking these ids in this language will read (a lazy source fetches it in few rounds). */
  prefetch?(ids: readonly string[], language: string): void;
  /** Every T present, ascending, with the docs whose counted total is T. */
  totals: readonly { total: number; docs: Bitmap }[];
  /** Docs with counted total ≤ t (cached by the source; used for maxMissing totals). */
  atMost(t: number): Bitmap;
}

export interface RankRequest {
  /** The caller's resolved pantry ids, deduplicated. A result uses at least one of them. */
  ids: readonly string[];
  /** Extra ids counted as available (assumeStaples) that never qualify a recipe on their own. */
  staples: readonly string[];
  language: string;
  /** Keep only groups with T − m ≤ maxMissing; undefined = any. */
  maxMissing?: number;
  offset: number;
  limit: number;
}

export interface RankedDoc {
  doc: number;
  /** m: counted pantry ids the recipe uses. */
  matched: number;
  /** T: counted ingredients of the recipe. */
  total: number;
}

export interface Ranking {
  total: number;
  docs: RankedDoc[];
}

interface Pair {
  m: number;
  t: number;
  byT: Bitmap;
}

const EMPTY: Ranking = { total: 0, docs: [] };

/**
 * A group that starts within this many docs of the page's end is read from its first docs, chunk
 * by chunk, rather than counted whole first (a first page then costs a chunk or two of each of
 * its pairs). Only steers speed; default 2,048, sensible from 100 to ~10,000.
 */
const FIRST_DOCS = 2048;
/** ... and from at most this many 2^16-doc chunks (default 2). Only steers speed. */
const FIRST_CHUNKS = 2;

/**
 * Owned bitmaps reused by every ranking: in-place operations on them allocate nothing, which at
 * 1M docs is several times faster than allocating a result per operation. One workspace per
 * engine is safe because ranking is synchronous (Node runs one request's ranking at a time) and
 * nothing returned aliases it.
 */
export class PantryWorkspace {
  /** The per-doc counts, bit-sliced (see SliceCounter). */
  readonly counter = new SliceCounter();
  /** Candidates: docs using a pantry id, in the language (consumed by splitByCount). */
  root = emptyBitmap();
  /** Scratch of splitByCount (root, levels and exact trade bitmaps). */
  readonly levels = Array.from({ length: SLICES }, emptyBitmap);
  /** exact[m]: docs of the root with exactly m counted pantry ids. */
  readonly exact = Array.from({ length: MAX_COUNT + 1 }, emptyBitmap);
  readonly group = emptyBitmap();
  readonly part = emptyBitmap();
}

/**
 * Bit-sliced per-doc counts of the inputs into ws.counter (at most MAX_COUNT inputs). The union of
 * `first` is written into `union` before the rest are added, when asked.
 */
export function countSlices(ws: PantryWorkspace, first: readonly Bitmap[], rest: readonly Bitmap[] = [], union?: Bitmap): number {
  if (first.length + rest.length > MAX_COUNT) throw tooManyInputs();
  const c = ws.counter;
  c.reset(chunkedEnd([...first, ...rest]));
  c.add(first);
  c.settle();
  if (union) c.anyInto(union);
  if (rest.length > 0) {
    c.add(rest);
    c.settle();
  }
  return c.used;
}

/**
 * Fills ws.exact[m] for m in 0..2^used − 1 from ws.root (consumed). Each level splits every set
 * by slice k into its "bit k set" and "bit k clear" halves; the final sets become exact[m] by
 * swapping bitmaps (root, levels and exact trade places), not by copying them.
 */
export function splitByCount(ws: PantryWorkspace, used: number): void {
  const { slices, complemented } = ws.counter;
  const spare = [...ws.levels, ...ws.exact];
  let sets: { set: Bitmap; value: number }[] = [{ set: ws.root, value: 0 }];
  for (let k = used - 1; k >= 0 && sets.length > 0; k--) {
    const next: typeof sets = [];
    for (const { set, value } of sets) {
      const hi = spare.pop()!;
      copyInto(hi, set);
      if (complemented[k]) {
        andNotInPlace(hi, slices[k]!);
        andInPlace(set, slices[k]!);
      } else {
        andInPlace(hi, slices[k]!);
        andNotInPlace(set, slices[k]!);
      }
      for (const [b, v] of [[hi, value | (1 << k)], [set, value]] as const) {
        if (cardinality(b) > 0) next.push({ set: b, value: v });
        else spare.push(b);
      }
    }
    sets = next;
  }
  // Every bitmap is now either a final set or spare: deal them back out.
  const final = new Map(sets.map(({ set, value }) => [value, set]));
  for (let m = 0; m < ws.exact.length; m++) {
    let b = final.get(m);
    if (b === undefined) {
      b = spare.pop()!;
      clear(b);
    }
    ws.exact[m] = b;
  }
  ws.root = spare.pop()!;
  for (let k = 0; k < ws.levels.length; k++) ws.levels[k] = spare.pop()!;
}

/**
 * Order of groups: coverage m/T descending (exact, by cross-multiplying; SPEC), then missing
 * ascending, then matched descending. Equal coverage and equal missing imply equal m unless both
 * are fully covered (m = T), so the last key only orders full coverage: a recipe that uses five of
 * the pantry's ingredients ranks above one that uses one of them (issue 21 item 6). No two
 * different pairs tie.
 */
export function compareGroups(a: { m: number; t: number }, b: { m: number; t: number }): number {
  return b.m * a.t - a.m * b.t || a.t - a.m - (b.t - b.m) || b.m - a.m;
}

export function rankPantry(src: PantrySource, ws: PantryWorkspace, q: RankRequest): Ranking {
  src.prefetch?.([...q.ids, ...q.staples], q.language);
  const own = q.ids.map((id) => src.ingredient(id)).filter((b): b is Bitmap => b !== undefined);
  const lang = src.language(q.language);
  if (own.length === 0 || lang === undefined) return EMPTY;
  const extra = q.staples.filter((id) => !q.ids.includes(id)).map((id) => src.ingredient(id)).filter((b): b is Bitmap => b !== undefined);
  // The root is the union of the pantry's own ids (read off their counts before the staples are
  // added), restricted to the language: staples only add to counts of docs already in the root,
  // so they never qualify a recipe by themselves.
  const used = countSlices(ws, own, extra, ws.root);
  andInPlace(ws.root, lang);
  if (cardinality(ws.root) === 0) return EMPTY;
  splitByCount(ws, used);
  const maxCount = Math.min(own.length + extra.length, (1 << used) - 1);

  // Eligible docs per m (maxMissing keeps T ≤ m + maxMissing; every doc of exact[m] has T ≥ m).
  const remaining: number[] = [0];
  let total = 0;
  for (let m = 1; m <= maxCount; m++) {
    const docs = ws.exact[m]!;
    const n = cardinality(docs) === 0 ? 0 : q.maxMissing === undefined ? cardinality(docs) : intersectionSize(docs, src.atMost(m + q.maxMissing));
    remaining[m] = n;
    total += n;
  }
  if (total === 0 || q.offset >= total) return { total, docs: [] };

  const pairs: Pair[] = [];
  for (let m = 1; m <= maxCount; m++) {
    if (remaining[m] === 0) continue;
    for (const { total: t, docs: byT } of src.totals) {
      if (t < m) continue;
      if (q.maxMissing !== undefined && t - m > q.maxMissing) break;
      pairs.push({ m, t, byT });
    }
  }
  pairs.sort(compareGroups);

  const out: RankedDoc[] = [];
  const end = Math.min(total, q.offset + q.limit);
  let seen = 0;
  // Pairs that tie (every full-coverage pair m = T: coverage 1, nothing missing) form one group
  // whose docs interleave newest first, so a group is a run of tying pairs.
  for (let i = 0; i < pairs.length && seen < end; ) {
    let j = i + 1;
    while (j < pairs.length && compareGroups(pairs[i]!, pairs[j]!) === 0) j++;
    const group = pairs.slice(i, j).filter((pair) => remaining[pair.m]! > 0);
    i = j;
    if (group.length === 0) continue;
    const from = Math.max(0, q.offset - seen);
    if (end - seen <= FIRST_DOCS) {
      // Near the page: read the group's first docs chunk by chunk, up to the page's end. Either
      // the page ends inside the group (its size is never needed) or the whole group was read;
      // a group too sparse to fill the page from its first chunks is counted whole instead.
      const first = firstOfIntersections(group.map((pair) => [ws.exact[pair.m]!, pair.byT] as const), end - seen, FIRST_CHUNKS);
      if (first.complete) {
        first.values.forEach((doc, k) => {
          const pair = group[first.pair[k]!]!;
          if (k >= from) out.push({ doc, matched: pair.m, total: pair.t });
          remaining[pair.m] = remaining[pair.m]! - 1;
        });
        seen += first.values.length;
        continue;
      }
    }
    const parts: { pair: Pair; size: number }[] = [];
    let size = 0;
    for (const pair of group) {
      const n = intersectionSize(ws.exact[pair.m]!, pair.byT);
      if (n === 0) continue;
      remaining[pair.m] = remaining[pair.m]! - n;
      parts.push({ pair, size: n });
      size += n;
    }
    if (size === 0) continue;
    if (seen + size > q.offset) {
      clear(ws.group);
      for (const { pair } of parts) {
        copyInto(ws.part, ws.exact[pair.m]!);
        andInPlace(ws.part, pair.byT);
        orInPlace(ws.group, ws.part);
      }
      // Inside a full-coverage group m = T, so T is found from the doc's exact count.
      const pairOf = (doc: number): Pair => (parts.length === 1 ? parts[0]! : parts.find((p) => has(ws.exact[p.pair.m]!, doc))!).pair;
      for (const doc of page(ws.group, from, end - seen - from)) {
        const pair = pairOf(doc);
        out.push({ doc, matched: pair.m, total: pair.t });
      }
    }
    seen += size;
  }
  return { total, docs: out };
}
