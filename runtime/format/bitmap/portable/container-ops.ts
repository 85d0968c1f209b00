/**
 * Set operations between two containers of the same chunk. Arrays meet arrays by merging and
 * anything else by filtering the array; a bitset meets runs over the words the runs cover
 * (bitset-runs.ts); the rest runs word by word over 2,048 u32 words (a run container is spread
 * into scratch words first). Inputs are never written, except `into`: the
 * target's own bitset words, which an in-place operation passes to be reused. A result may be one
 * of the inputs (the caller checks identity before taking ownership); null is the empty chunk.
 */
import { bitsetAndRuns, bitsetAndRunsCard, bitsetMinusRuns, bitsetOrRuns } from './bitset-runs.ts';
import { ARRAY, ARRAY_MAX, BITSET, Container, RUN, WORDS, arrayContainer, contains, fromWords, popcount, runContainer, wordsOf } from './container.ts';

const AND = 0;
const OR = 1;
const AND_NOT = 2;
const XOR = 3;
type Op = typeof AND | typeof OR | typeof AND_NOT | typeof XOR;

const scratchA = new Uint32Array(WORDS);
const scratchB = new Uint32Array(WORDS);
const scratchOut = new Uint32Array(WORDS);

/** a op b word by word, into `into` when given (a's own words), else into a new container. */
function byWords(op: Op, a: Container, b: Container, into: Uint32Array | undefined): Container | null {
  const x = wordsOf(a, scratchA);
  const y = wordsOf(b, scratchB);
  const out = into ?? scratchOut;
  let card = 0;
  if (op === AND) for (let i = 0; i < WORDS; i++) card += popcount((out[i] = x[i]! & y[i]!));
  else if (op === OR) for (let i = 0; i < WORDS; i++) card += popcount((out[i] = x[i]! | y[i]!));
  else if (op === AND_NOT) for (let i = 0; i < WORDS; i++) card += popcount((out[i] = x[i]! & ~y[i]!));
  else for (let i = 0; i < WORDS; i++) card += popcount((out[i] = x[i]! ^ y[i]!));
  if (into !== undefined && card > ARRAY_MAX) {
    a.card = card;
    return a;
  }
  return fromWords(out, card, false);
}

/** The values of array `a` that are (keep = true) or are not in `b`. */
function filter(a: Container, b: Container, keep: boolean): Container | null {
  const v = a.values;
  const out = new Uint16Array(v.length);
  let n = 0;
  for (let i = 0; i < v.length; i++) if (contains(b, v[i]!) === keep) out[n++] = v[i]!;
  return n === 0 ? null : n === v.length ? a : arrayContainer(out.subarray(0, n));
}

/** Merges two sorted arrays: the values in both (AND), either (OR), only a (AND_NOT) or one (XOR). */
function merge(op: Op, a: Uint16Array, b: Uint16Array): Uint16Array {
  const out = new Uint16Array(op === AND ? Math.min(a.length, b.length) : op === AND_NOT ? a.length : a.length + b.length);
  let i = 0;
  let j = 0;
  let n = 0;
  while (i < a.length && j < b.length) {
    const x = a[i]!;
    const y = b[j]!;
    if (x === y) {
      if (op === OR) out[n++] = x;
      i++;
      j++;
      if (op === AND) out[n++] = x;
    } else if (x < y) {
      if (op !== AND) out[n++] = x;
      i++;
    } else {
      if (op === OR || op === XOR) out[n++] = y;
      j++;
    }
  }
  if (op !== AND) while (i < a.length) out[n++] = a[i++]!;
  if (op === OR || op === XOR) while (j < b.length) out[n++] = b[j++]!;
  return out.subarray(0, n);
}

function arrays(op: Op, a: Container, b: Container): Container | null {
  const m = merge(op, a.values, b.values);
  if (m.length === 0) return null;
  if (m.length <= ARRAY_MAX) return arrayContainer(m.slice());
  const words = new Uint32Array(WORDS);
  for (let i = 0; i < m.length; i++) words[m[i]! >>> 5]! |= 1 << (m[i]! & 31);
  return fromWords(words, m.length, true);
}

/**
 * Runs few enough to meet a bitset run by run (bitset-runs.ts): with more runs than FEW_RUNS, as
 * short runs close together give, spreading them into words first and going word by word costs
 * less. Default 1,024 runs: past it, the runs touch about as many words as a chunk holds (2,048).
 */
const FEW_RUNS = 1024;
const fewRuns = (r: Container) => r.values.length <= 2 * FEW_RUNS;

export function andC(a: Container, b: Container, into?: Uint32Array): Container | null {
  if (a.kind === ARRAY) return b.kind === ARRAY ? arrays(AND, a, b) : b.kind === RUN ? arrayInRuns(a, b) : filter(a, b, true);
  if (b.kind === ARRAY) return a.kind === RUN ? arrayInRuns(b, a) : filter(b, a, true);
  if (a.kind === RUN && b.kind === RUN) return runsAndRuns(a.values, b.values);
  if (b.kind === RUN && fewRuns(b)) return bitsetAndRuns(a, b, into);
  if (a.kind === RUN && fewRuns(a)) return bitsetAndRuns(b, a, undefined);
  return byWords(AND, a, b, into);
}

/** The values of array `a` inside the runs of `r`: one pass over both. */
function arrayInRuns(a: Container, r: Container): Container | null {
  const v = a.values;
  const p = r.values;
  const out = new Uint16Array(v.length);
  let n = 0;
  for (let i = 0, j = 0; i < v.length && j < p.length; ) {
    const x = v[i]!;
    if (x < p[j]!) i++;
    else if (x > p[j]! + p[j + 1]!) j += 2;
    else (out[n++] = x), i++;
  }
  return n === 0 ? null : n === v.length ? a : arrayContainer(out.subarray(0, n));
}

/** The overlaps of two run lists, as runs. */
function runsAndRuns(x: Uint16Array, y: Uint16Array): Container | null {
  const out = new Uint16Array(x.length + y.length);
  let n = 0;
  for (let i = 0, j = 0; i < x.length && j < y.length; ) {
    const xEnd = x[i]! + x[i + 1]!;
    const yEnd = y[j]! + y[j + 1]!;
    const start = Math.max(x[i]!, y[j]!);
    const end = Math.min(xEnd, yEnd);
    if (start <= end) (out[n++] = start), (out[n++] = end - start);
    if (xEnd < yEnd) i += 2;
    else j += 2;
  }
  return n === 0 ? null : runContainer(out.slice(0, n));
}

export function orC(a: Container, b: Container, into?: Uint32Array): Container | null {
  if (a.kind === ARRAY && b.kind === ARRAY && a.card + b.card <= ARRAY_MAX) return arrays(OR, a, b);
  if (a.kind === BITSET && b.kind === RUN && fewRuns(b)) return bitsetOrRuns(a, b, into);
  if (a.kind === RUN && b.kind === BITSET && fewRuns(a)) return bitsetOrRuns(b, a, undefined);
  return byWords(OR, a, b, into);
}

export function andNotC(a: Container, b: Container, into?: Uint32Array): Container | null {
  if (a.kind === ARRAY) return b.kind === ARRAY ? arrays(AND_NOT, a, b) : filter(a, b, false);
  if (a.kind === BITSET && b.kind === RUN && fewRuns(b)) return bitsetMinusRuns(a, b, into);
  if (a.kind === RUN && b.kind === BITSET && fewRuns(a)) return bitsetAndRuns(b, a, undefined, true);
  return byWords(AND_NOT, a, b, into);
}

export function xorC(a: Container, b: Container, into?: Uint32Array): Container | null {
  if (a.kind === ARRAY && b.kind === ARRAY) return arrays(XOR, a, b);
  return byWords(XOR, a, b, into);
}

/** |a ∩ b| without building it. */
export function andCardC(a: Container, b: Container): number {
  // Runs against runs or an array: one pass over both lists.
  if ((a.kind === RUN && b.kind !== BITSET) || (b.kind === RUN && a.kind !== BITSET)) return andC(a, b)?.card ?? 0;
  if (b.kind === RUN && fewRuns(b)) return bitsetAndRunsCard(a, b);
  if (a.kind === RUN && fewRuns(a)) return bitsetAndRunsCard(b, a);
  if (a.kind === ARRAY || b.kind === ARRAY) {
    const [s, o] = a.kind === ARRAY ? [a, b] : [b, a];
    let n = 0;
    if (o.kind === ARRAY) {
      const x = s.values;
      const y = o.values;
      for (let i = 0, j = 0; i < x.length && j < y.length; ) {
        if (x[i] === y[j]) n++, i++, j++;
        else if (x[i]! < y[j]!) i++;
        else j++;
      }
      return n;
    }
    for (let i = 0; i < s.values.length; i++) if (contains(o, s.values[i]!)) n++;
    return n;
  }
  const x = wordsOf(a, scratchA);
  const y = wordsOf(b, scratchB);
  let n = 0;
  for (let i = 0; i < WORDS; i++) n += popcount(x[i]! & y[i]!);
  return n;
}
