/**
 * Pantry ranking over bitmaps alone (no per-doc loop over the dataset):
 *
 * 1. Count, per doc, how many of the query's ids (pantry plus staples) it uses in a counted
 *    (non-optional) line, as bit slices: adding bitmap x is a ripple-carry adder over the slices,
 *    carry = slice_k ∩ x, slice_k = slice_k XOR x. Five slices count to 31 (≥ 20 + 3 staples).
 * 2. Split the candidates (docs using a pantry id, in the language) by the slices into
 *    exact[m] = docs with exactly m counted pantry ids.
 * 3. Groups (m, T) = exact[m] ∩ byTotal[T], ordered by m/T descending, then T − m ascending; docs
 *    ascending inside a group (= newest first). The full-coverage pairs (m = T) tie on both keys
 *    and form one group. A page walks group cardinalities and materialises only the groups it
 *    overlaps: no sort of docs.
 */
import { andInPlace, andNotInPlace, copyInto, emptyBitmap, intersectionSize, orInPlace, page, xorInPlace, type Bitmap } from '../format/bitmap.ts';

/** What ranking reads. Implemented over a dataset in pantry.ts and over synthetic bitmaps in the bench. */
export interface PantrySource {
  /** Docs using this canonical id in a non-optional line (bitmap family 'ingredient'). */
  ingredient(id: string): Bitmap | undefined;
  language(code: string): Bitmap | undefined;
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

/** Counts reach at most 2^SLICES − 1 = 31 ≥ 20 pantry ids + 3 staples. */
export const SLICES = 5;
const MAX_COUNT = (1 << SLICES) - 1;

/**
 * Owned bitmaps reused by every ranking: in-place operations on them allocate nothing, which at
 * 1M docs is several times faster than allocating a result per operation. One workspace per
 * engine is safe because ranking is synchronous (Node runs one request's ranking at a time) and
 * nothing returned aliases it.
 */
export class PantryWorkspace {
  readonly slices = Array.from({ length: SLICES }, emptyBitmap);
  readonly carry = [emptyBitmap(), emptyBitmap()] as const;
  readonly root = emptyBitmap();
  /** One per split level: the "count bit k set" half of the parent. */
  readonly levels = Array.from({ length: SLICES }, emptyBitmap);
  /** exact[m]: docs of the root with exactly m counted pantry ids. */
  readonly exact = Array.from({ length: MAX_COUNT + 1 }, emptyBitmap);
  readonly group = emptyBitmap();
  readonly part = emptyBitmap();
}

/**
 * Bit-sliced per-doc counts into ws.slices: doc d counts Σ_k 2^k · [d ∈ slices[k]]. Returns how
 * many slices are in use. At most MAX_COUNT inputs.
 */
export function countSlices(ws: PantryWorkspace, inputs: readonly Bitmap[]): number {
  if (inputs.length > MAX_COUNT) throw new RangeError(`at most ${MAX_COUNT} bitmaps can be counted`);
  let used = 0;
  let [carry, spare] = ws.carry;
  for (const x of inputs) {
    if (used === 0) {
      copyInto(ws.slices[used++]!, x);
      continue;
    }
    // Level 0 reads x directly (a frozen view is never written); higher levels read the carry.
    let add: Bitmap = x;
    for (let k = 0; ; k++) {
      const s = ws.slices[k]!;
      if (k === used) {
        copyInto(s, add);
        used++;
        break;
      }
      // The carry out of level k, s ∩ add: copy the smaller operand (a rare ingredient's bitmap
      // is tiny next to a dense slice), then intersect in place.
      const [small, big] = add.size <= s.size ? [add, s] : [s, add];
      copyInto(spare, small);
      andInPlace(spare, big);
      xorInPlace(s, add);
      [carry, spare] = [spare, carry];
      add = carry;
      if (add.size === 0) break;
    }
  }
  return used;
}

/** Fills ws.exact[m] for m in 0..2^used − 1 from ws.root (ws.root is consumed). */
export function splitByCount(ws: PantryWorkspace, used: number): void {
  for (let m = 0; m < 1 << used; m++) ws.exact[m]!.clear();
  const split = (set: Bitmap, k: number, value: number): void => {
    if (set.size === 0) return;
    if (k < 0) {
      copyInto(ws.exact[value]!, set);
      return;
    }
    const hi = ws.levels[k]!;
    copyInto(hi, set);
    andInPlace(hi, ws.slices[k]!);
    andNotInPlace(set, ws.slices[k]!); // the parent's set is not needed after the split
    split(hi, k - 1, value | (1 << k));
    split(set, k - 1, value);
  };
  split(ws.root, used - 1, 0);
}

/**
 * SPEC order of groups: coverage m/T descending (exact, by cross-multiplying), then missing
 * ascending. Two different pairs tie only when both are fully covered (m = T).
 */
export function compareGroups(a: { m: number; t: number }, b: { m: number; t: number }): number {
  return b.m * a.t - a.m * b.t || a.t - a.m - (b.t - b.m);
}

export function rankPantry(src: PantrySource, ws: PantryWorkspace, q: RankRequest): Ranking {
  const own = q.ids.map((id) => src.ingredient(id)).filter((b): b is Bitmap => b !== undefined);
  const lang = src.language(q.language);
  if (own.length === 0 || lang === undefined) return EMPTY;
  const extra = q.staples.filter((id) => !q.ids.includes(id)).map((id) => src.ingredient(id)).filter((b): b is Bitmap => b !== undefined);
  // Restricting the root (not every input) to the language costs one intersection; staples only
  // add to counts of docs already in the root, so they never qualify a recipe by themselves.
  copyInto(ws.root, own[0]!);
  for (const b of own.slice(1)) orInPlace(ws.root, b);
  andInPlace(ws.root, lang);
  if (ws.root.size === 0) return EMPTY;
  const used = countSlices(ws, [...own, ...extra]);
  splitByCount(ws, used);
  const maxCount = Math.min(own.length + extra.length, (1 << used) - 1);

  // Eligible docs per m (maxMissing keeps T ≤ m + maxMissing; every doc of exact[m] has T ≥ m).
  const remaining: number[] = [0];
  let total = 0;
  for (let m = 1; m <= maxCount; m++) {
    const docs = ws.exact[m]!;
    const n = docs.size === 0 ? 0 : q.maxMissing === undefined ? docs.size : intersectionSize(docs, src.atMost(m + q.maxMissing));
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
    const parts: { pair: Pair; size: number }[] = [];
    let size = 0;
    for (const pair of pairs.slice(i, j)) {
      if (remaining[pair.m] === 0) continue;
      const n = intersectionSize(ws.exact[pair.m]!, pair.byT);
      if (n === 0) continue;
      remaining[pair.m] = remaining[pair.m]! - n;
      parts.push({ pair, size: n });
      size += n;
    }
    i = j;
    if (size === 0) continue;
    if (seen + size > q.offset) {
      const from = Math.max(0, q.offset - seen);
      ws.group.clear();
      for (const { pair } of parts) {
        copyInto(ws.part, ws.exact[pair.m]!);
        andInPlace(ws.part, pair.byT);
        orInPlace(ws.group, ws.part);
      }
      // Inside a full-coverage group m = T, so T is found from the doc's exact count.
      const pairOf = (doc: number): Pair => (parts.length === 1 ? parts[0]! : parts.find((p) => ws.exact[p.pair.m]!.has(doc))!).pair;
      for (const doc of page(ws.group, from, end - seen - from)) {
        const pair = pairOf(doc);
        out.push({ doc, matched: pair.m, total: pair.t });
      }
    }
    seen += size;
  }
  return { total, docs: out };
}
