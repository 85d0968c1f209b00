/** Searches and selections over typed arrays, shared by the searcher's parts. */

/** First index in [lo, hi) whose value is ≥ target (hi when none), over an ascending array. */
export function lowerBound(a: Uint32Array, target: number, lo: number, hi: number): number {
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (a[mid]! < target) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** First index in [lo, hi) whose value is ≥ target (hi when none), over an ascending array: galloping from lo (the answer is usually near). */
export function gallop(a: Uint32Array, target: number, lo: number, hi: number): number {
  if (lo >= hi || a[lo]! >= target) return lo;
  let step = 1; // a[lo] < target
  while (lo + step < hi && a[lo + step]! < target) {
    lo += step;
    step *= 2;
  }
  return lowerBound(a, target, lo + 1, lo + step < hi ? lo + step : hi);
}

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

/** The k-th smallest (from 0) of a[0 .. n), reordering them (quickselect: a sort costs far more). */
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
