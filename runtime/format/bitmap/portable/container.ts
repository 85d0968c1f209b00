/**
 * One 2^16-value chunk of a portable bitmap (RoaringFormatSpec's containers) and what can be
 * asked of one alone: membership, counts, extraction by rank, conversions. Values are the low
 * 16 bits; the bitmap holds the high 16 bits as the container's key.
 *
 * - ARRAY: `values` holds the sorted values (at most 4,096 of them).
 * - BITSET: `words` holds 2,048 u32 words (bit v of the chunk: word v >>> 5, bit v & 31); the
 *   spec's 1,024 little-endian u64 words are the same bytes on a little-endian host.
 * - RUN: `values` holds pairs (start, length − 1), ascending and disjoint.
 *
 * Containers are immutable once shared: only the bitmap named `owner` may change one in place
 * (and only its bitset words), so views over file bytes and copies made by copyInto() share
 * containers safely (copy on write).
 */
export const ARRAY = 0;
export const BITSET = 1;
export const RUN = 2;
export type Kind = typeof ARRAY | typeof BITSET | typeof RUN;

/** The largest array container; a chunk with more values is a bitset. */
export const ARRAY_MAX = 4096;
export const WORDS = 2048;

const NO_VALUES = new Uint16Array(0);
const NO_WORDS = new Uint32Array(0);

export class Container {
  constructor(
    readonly kind: Kind,
    public card: number,
    readonly values: Uint16Array,
    readonly words: Uint32Array,
    /** The bitmap allowed to change `words` in place; null when shared or a view. */
    public owner: object | null = null,
  ) {}
}

export const arrayContainer = (values: Uint16Array): Container => new Container(ARRAY, values.length, values, NO_WORDS);
export const bitsetContainer = (words: Uint32Array, card: number): Container => new Container(BITSET, card, NO_VALUES, words);
export function runContainer(pairs: Uint16Array): Container {
  let card = 0;
  for (let i = 1; i < pairs.length; i += 2) card += pairs[i]! + 1;
  return new Container(RUN, card, pairs, NO_WORDS);
}

/** [lo, hi) within a chunk: one run, or an array for one or two values (as CRoaring makes ranges, so the bytes agree). */
export function rangeContainer(lo: number, hi: number): Container {
  if (hi - lo <= 2) return arrayContainer(hi - lo === 1 ? Uint16Array.of(lo) : Uint16Array.of(lo, lo + 1));
  return new Container(RUN, hi - lo, Uint16Array.of(lo, hi - lo - 1), NO_WORDS);
}

export function popcount(x: number): number {
  x -= (x >>> 1) & 0x55555555;
  x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
  return Math.imul((x + (x >>> 4)) & 0x0f0f0f0f, 0x01010101) >>> 24;
}

/** The container for a chunk's bits (an array when they fit), or null when empty. `words` is copied unless `keep`. */
export function fromWords(words: Uint32Array, card: number, keep: boolean): Container | null {
  if (card === 0) return null;
  if (card > ARRAY_MAX) return bitsetContainer(keep ? words : words.slice(), card);
  const values = new Uint16Array(card);
  let n = 0;
  for (let i = 0; i < WORDS; i++) {
    let w = words[i]!;
    while (w !== 0) {
      const low = w & -w;
      values[n++] = (i << 5) + 31 - Math.clz32(low);
      w ^= low;
    }
  }
  return arrayContainer(values);
}

/** The container for sorted distinct values (an array when they fit). */
export function fromSorted(values: Uint16Array): Container {
  if (values.length <= ARRAY_MAX) return arrayContainer(values);
  const words = new Uint32Array(WORDS);
  for (let i = 0; i < values.length; i++) words[values[i]! >>> 5]! |= 1 << (values[i]! & 31);
  return bitsetContainer(words, values.length);
}

/** Sets the container's bits into `words` (ORs them in). */
export function orIntoWords(words: Uint32Array, c: Container): void {
  if (c.kind === BITSET) {
    const w = c.words;
    for (let i = 0; i < WORDS; i++) words[i]! |= w[i]!;
  } else if (c.kind === ARRAY) {
    const v = c.values;
    for (let i = 0; i < v.length; i++) words[v[i]! >>> 5]! |= 1 << (v[i]! & 31);
  } else {
    const p = c.values;
    for (let i = 0; i < p.length; i += 2) setRange(words, p[i]!, p[i]! + p[i + 1]! + 1);
  }
}

/** Sets bits [lo, hi) of `words`. */
export function setRange(words: Uint32Array, lo: number, hi: number): void {
  if (lo >= hi) return;
  const first = lo >>> 5;
  const last = (hi - 1) >>> 5;
  const head = ~0 << (lo & 31);
  const tail = ~0 >>> (31 - ((hi - 1) & 31));
  if (first === last) {
    words[first]! |= head & tail;
    return;
  }
  words[first]! |= head;
  for (let i = first + 1; i < last; i++) words[i] = ~0;
  words[last]! |= tail;
}

/** The container's bits: a bitset's own words (do not write them), else `scratch` filled. */
export function wordsOf(c: Container, scratch: Uint32Array): Uint32Array {
  if (c.kind === BITSET) return c.words;
  scratch.fill(0);
  orIntoWords(scratch, c);
  return scratch;
}

export function contains(c: Container, v: number): boolean {
  if (c.kind === BITSET) return (c.words[v >>> 5]! & (1 << (v & 31))) !== 0;
  const a = c.values;
  if (c.kind === ARRAY) {
    let lo = 0;
    let hi = a.length - 1;
    while (lo <= hi) {
      const mid = (lo + hi) >>> 1;
      const x = a[mid]!;
      if (x === v) return true;
      if (x < v) lo = mid + 1;
      else hi = mid - 1;
    }
    return false;
  }
  // The last run starting at or before v.
  let lo = 0;
  let hi = a.length / 2 - 1;
  let at = -1;
  while (lo <= hi) {
    const mid = (lo + hi) >>> 1;
    if (a[2 * mid]! <= v) {
      at = mid;
      lo = mid + 1;
    } else hi = mid - 1;
  }
  return at >= 0 && v <= a[2 * at]! + a[2 * at + 1]!;
}

export function minimum(c: Container): number {
  if (c.kind !== BITSET) return c.values[0]!;
  let i = 0;
  while (c.words[i] === 0) i++;
  const w = c.words[i]!;
  return (i << 5) + 31 - Math.clz32(w & -w);
}

export function maximum(c: Container): number {
  if (c.kind === ARRAY) return c.values[c.values.length - 1]!;
  if (c.kind === RUN) return c.values[c.values.length - 2]! + c.values[c.values.length - 1]!;
  let i = WORDS - 1;
  while (c.words[i] === 0) i--;
  return (i << 5) + 31 - Math.clz32(c.words[i]!);
}

/**
 * Writes the values of ranks [from, from + take) of the container, plus `high` (its key × 2^16),
 * into out[at...]; returns the index after the last one written.
 */
export function extract(c: Container, from: number, take: number, high: number, out: Uint32Array, at: number): number {
  const end = at + Math.min(take, c.card - from);
  if (c.kind === ARRAY) {
    for (let i = from; at < end; i++) out[at++] = high + c.values[i]!;
  } else if (c.kind === RUN) {
    const p = c.values;
    let skip = from;
    for (let i = 0; i < p.length && at < end; i += 2) {
      const len = p[i + 1]! + 1;
      if (skip >= len) {
        skip -= len;
        continue;
      }
      for (let v = p[i]! + skip; v < p[i]! + len && at < end; v++) out[at++] = high + v;
      skip = 0;
    }
  } else {
    const words = c.words;
    let skip = from;
    for (let i = 0; i < WORDS && at < end; i++) {
      let w = words[i]!;
      if (w === 0) continue;
      if (skip > 0) {
        const n = popcount(w);
        if (skip >= n) {
          skip -= n;
          continue;
        }
        for (; skip > 0; skip--) w &= w - 1; // drop the lowest bits still to skip
      }
      while (w !== 0 && at < end) {
        const low = w & -w;
        out[at++] = high + (i << 5) + 31 - Math.clz32(low);
        w ^= low;
      }
    }
  }
  return at;
}

/** The number of runs of consecutive values (what a run container of the same values would hold). */
export function runCount(c: Container): number {
  if (c.kind === RUN) return c.values.length / 2;
  if (c.kind === ARRAY) {
    const v = c.values;
    let n = v.length === 0 ? 0 : 1;
    for (let i = 1; i < v.length; i++) if (v[i] !== v[i - 1]! + 1) n++;
    return n;
  }
  // A run starts at each set bit whose lower neighbour is clear.
  let n = 0;
  let carry = 0; // the top bit of the previous word
  for (let i = 0; i < WORDS; i++) {
    const w = c.words[i]!;
    n += popcount(w & ~((w << 1) | carry));
    carry = w >>> 31;
  }
  return n;
}

/** The same values as a run container. */
export function toRun(c: Container): Container {
  if (c.kind === RUN) return c;
  const pairs = new Uint16Array(2 * runCount(c));
  let n = 0;
  let start = -1;
  let prev = -2;
  const push = (v: number): void => {
    if (v !== prev + 1) {
      if (start >= 0) (pairs[n++] = start), (pairs[n++] = prev - start);
      start = v;
    }
    prev = v;
  };
  if (c.kind === ARRAY) for (const v of c.values) push(v);
  else
    for (let i = 0; i < WORDS; i++) {
      let w = c.words[i]!;
      while (w !== 0) {
        const low = w & -w;
        push((i << 5) + 31 - Math.clz32(low));
        w ^= low;
      }
    }
  if (start >= 0) (pairs[n++] = start), (pairs[n++] = prev - start);
  return runContainer(pairs);
}

/** The same values as an array or a bitset (whichever the cardinality asks for). */
export function toPlain(c: Container): Container {
  if (c.kind !== RUN) return c;
  const words = new Uint32Array(WORDS);
  orIntoWords(words, c);
  return fromWords(words, c.card, true)!;
}
