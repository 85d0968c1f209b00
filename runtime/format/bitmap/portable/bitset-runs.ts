/**
 * A bitset container meeting a run container, word by word over the words the runs cover only,
 * each with its mask (a run's first and last words partly, the words between whole): the words
 * outside the runs are skipped (OR, AND NOT, counting) or zeroed (AND) instead of meeting a copy of
 * the runs spread into 2,048 words first, as container-ops.ts does for other pairs. A chunk-wide
 * run (the "all documents" bitmap, a wide numeric range) answers without touching a word.
 *
 * Runs are `values` pairs (start, length − 1), ascending and disjoint, so the masks of two runs
 * sharing a word are disjoint: counting and the in-place OR and AND NOT take them one by one; the
 * AND gathers a shared word's masks first, since it writes the word over the bits it reads.
 */
import { ARRAY_MAX, type Container, WORDS, fromWords, popcount } from './container.ts';

const CHUNK_SIZE = 65536;
const scratchOut = new Uint32Array(WORDS);

const headMask = (lo: number) => ~0 << (lo & 31);
const tailMask = (hi: number) => ~0 >>> (31 - ((hi - 1) & 31));

/** Each run's words: its first and last word (the same for a run inside one word) and their masks. */
function eachRun(p: Uint16Array, visit: (first: number, last: number, head: number, tail: number) => void): void {
  for (let i = 0; i < p.length; i += 2) {
    const lo = p[i]!;
    const hi = lo + p[i + 1]! + 1;
    visit(lo >>> 5, (hi - 1) >>> 5, headMask(lo), tailMask(hi));
  }
}

/**
 * Bitset `a` ∧ runs `r` (or, with `negate`, the runs minus `a`). `into`: a's own words, written in
 * place (not with negate). The result may be `a` itself.
 */
export function bitsetAndRuns(a: Container, r: Container, into: Uint32Array | undefined, negate = false): Container | null {
  if (r.card === CHUNK_SIZE && !negate) return a;
  const x = a.words;
  const p = r.values;
  const out = into ?? scratchOut;
  const flip = negate ? ~0 : 0;
  let card = 0;
  let next = 0; // the first word not written yet
  let pw = -1; // the word whose masks are being gathered
  let pm = 0;
  const flush = () => {
    const v = (x[pw]! ^ flip) & pm;
    out[pw] = v;
    card += popcount(v);
    next = pw + 1;
  };
  for (let i = 0; i < p.length; i += 2) {
    const lo = p[i]!;
    const hi = lo + p[i + 1]! + 1;
    const first = lo >>> 5;
    const last = (hi - 1) >>> 5;
    const mask = first === last ? headMask(lo) & tailMask(hi) : headMask(lo);
    if (first === pw) pm |= mask;
    else {
      if (pw >= 0) flush();
      if (next < first) out.fill(0, next, first);
      pw = first;
      pm = mask;
    }
    if (last === first) continue;
    flush();
    for (let k = first + 1; k < last; k++) {
      const v = x[k]! ^ flip;
      out[k] = v;
      card += popcount(v);
    }
    pw = last;
    pm = tailMask(hi);
  }
  if (pw >= 0) flush();
  if (next < WORDS) out.fill(0, next, WORDS);
  if (into !== undefined && card > ARRAY_MAX) {
    a.card = card;
    return a;
  }
  return fromWords(out, card, false);
}

/** |bitset a ∧ runs r|, reading the covered words only. */
export function bitsetAndRunsCard(a: Container, r: Container): number {
  if (r.card === CHUNK_SIZE) return a.card;
  const x = a.words;
  let n = 0;
  eachRun(r.values, (first, last, head, tail) => {
    if (first === last) {
      n += popcount(x[first]! & head & tail);
      return;
    }
    n += popcount(x[first]! & head) + popcount(x[last]! & tail);
    for (let k = first + 1; k < last; k++) n += popcount(x[k]!);
  });
  return n;
}

/** Bitset `a` with the runs of `r` set (OR) or cleared (AND NOT): a's words copied, or `into` (a's own) written in place. */
function setOrClear(a: Container, r: Container, into: Uint32Array | undefined, set: boolean): Container | null {
  const out = into ?? scratchOut;
  if (out !== a.words) out.set(a.words);
  let card = a.card;
  const apply = (k: number, mask: number) => {
    const w = out[k]!;
    const v = set ? w | mask : w & ~mask;
    card += popcount(v) - popcount(w);
    out[k] = v;
  };
  eachRun(r.values, (first, last, head, tail) => {
    if (first === last) {
      apply(first, head & tail);
      return;
    }
    apply(first, head);
    apply(last, tail);
    for (let k = first + 1; k < last; k++) {
      card += (set ? 32 : 0) - popcount(out[k]!);
      out[k] = set ? ~0 : 0;
    }
  });
  if (into !== undefined && card > ARRAY_MAX) {
    a.card = card;
    return a;
  }
  return fromWords(out, card, false);
}

export const bitsetOrRuns = (a: Container, r: Container, into: Uint32Array | undefined) => (r.card === CHUNK_SIZE ? r : setOrClear(a, r, into, true));
export const bitsetMinusRuns = (a: Container, r: Container, into: Uint32Array | undefined) => (r.card === CHUNK_SIZE ? null : setOrClear(a, r, into, false));
