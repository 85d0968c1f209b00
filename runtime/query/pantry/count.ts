/**
 * Per-doc counts over bitmaps, bit-sliced, for pantry ranking (rank.ts): how many of up
 * to MAX_COUNT input bitmaps hold each doc, with every step an in-place operation on owned
 * bitmaps whose result stays dense (see SliceCounter).
 */
import { andInPlace, andNotInPlace, cardinality, clear, complementInPlace, copyInto, emptyBitmap, orInPlace, stripedBitmap, xorInPlace, type Bitmap } from '../../format/bitmap.ts';

/** Counts reach at most 2^SLICES − 1 = 31 ≥ 20 pantry ids + 3 staples. */
export const SLICES = 5;
export const MAX_COUNT = (1 << SLICES) - 1;

/** The error of counting more than MAX_COUNT bitmaps. */
export const tooManyInputs = (): RangeError => new RangeError(`at most ${MAX_COUNT} bitmaps can be counted`);

/**
 * Below this share of the universe an input is added on its own, cheaply in its size (a rare
 * ingredient); above it, inputs go through the full adders. Only steers speed (default 1/64).
 */
const SMALL_SHARE = 1 / 64;
/**
 * Up to this share a set is stored as array chunks (at most 4,096 values per 2^16-doc chunk, so
 * on average below 1/16); XOR with one costs a step per value. Only steers speed.
 */
const ARRAY_SHARE = 1 / 16;
/**
 * A slice holding less than this share of the universe is XORed through the stripes (see
 * SliceCounter.fullAdd). Only steers speed (default 1/4).
 */
const STRIPES_BELOW = 1 / 4;

/**
 * Per-doc counts of how many inputs hold each doc, as bit slices: doc d counts
 * Σ_k 2^k · [d ∈ slice k]. Slice 0 is stored as is; slice k ≥ 1 is stored as its complement
 * within [0, end) (`complemented[k]`), and so is every carry.
 *
 * Why: the carries of an adder over dense sets are sparse (two ingredients of 10–20% of the docs
 * share 2–4%), and roaring materialises a sparse result of dense operands value by value, with an
 * allocation per 2^16-doc chunk; the complement of a sparse set is dense, and operations between
 * dense (bitset) chunks run word by word in place. So every step below is an in-place operation
 * whose result is dense:
 *
 * - level 0, a full adder of the running slice s with two inputs a, b (a carry-save adder: one
 *   carry per two inputs instead of one per input): t = a XOR b, s := s XOR t, and the carry
 *   maj(s, a, b) is kept as ~maj = ~(a ∪ t) ∪ (t ∖ s_old) where t ∖ s_old = t ∩ s_new. Inputs
 *   are paired largest with smallest so t stays dense; an input held as array chunks is
 *   complemented first (once), since XOR with it is the slow case.
 * - level k ≥ 1, a full adder of the stored ~s with two stored carries ~c1, ~c2 (complement is
 *   self-dual for full adders): ~s := ~s XOR ~c1 XOR ~c2, and ~maj(s, c1, c2) = maj(~s, ~c1, ~c2).
 *   The XOR chain passes through s XOR c1, sparse when s is, so it runs between two XORs with a
 *   fixed stripe pattern (every other doc), which keep every intermediate half full.
 * - a lone carry at the end is a half adder: ~s := ~(~s XOR ~c) (through the stripes again) and
 *   ~c' = ~s ∪ ~c.
 * - a small input is added directly: c = x ∩ s0, s0 := s0 XOR x, then up the levels
 *   ~s := ~s XOR c, c := c ∩ ~s_new (= c ∩ s_old).
 */
export class SliceCounter {
  /** Stored slices: index k holds slice k, or its complement when complemented[k]. */
  readonly slices: Bitmap[] = Array.from({ length: SLICES }, emptyBitmap);
  readonly complemented: boolean[] = new Array<boolean>(SLICES).fill(false);
  /** The universe of the complements: whole 2^16-doc chunks covering every input. */
  end = 0;
  /** Slices in use: counts are below 2^used. */
  used = 0;
  /** Every owned bitmap, slices included (they swap places with scratch ones). */
  readonly #owned: Bitmap[] = [...this.slices];
  #free: Bitmap[] = [];
  readonly #pending: (Bitmap | undefined)[] = new Array<Bitmap | undefined>(SLICES).fill(undefined);
  readonly #present: boolean[] = new Array<boolean>(SLICES).fill(false);
  #stripes = { end: -1, even: emptyBitmap(), odd: emptyBitmap() };

  /** Starts a count of docs within [0, end) (end: a multiple of 2^16 covering every input). */
  reset(end: number): void {
    this.end = end;
    this.used = 0;
    this.#present.fill(false);
    this.#pending.fill(undefined);
    this.#free = this.#owned.filter((b) => !this.slices.includes(b));
    if (this.#stripes.end !== end) this.#stripes = { end, even: stripedBitmap(end, 0), odd: stripedBitmap(end, 1) };
  }

  /** Adds every input (at most MAX_COUNT in all since reset). Call settle() before reading. */
  add(inputs: readonly Bitmap[]): void {
    const big = inputs.filter((x) => cardinality(x) > this.end * SMALL_SHARE).sort((a, b) => cardinality(b) - cardinality(a));
    let i = 0;
    let j = big.length - 1;
    if (!this.#present[0] && i <= j) {
      copyInto(this.slices[0]!, big[i++]!);
      this.#present[0] = true;
    }
    for (; i < j; i++, j--) this.#addPair(big[i]!, big[j]!);
    if (i === j) this.#addOne(big[i]!);
    for (const x of inputs) if (cardinality(x) > 0 && cardinality(x) <= this.end * SMALL_SHARE) this.#addSmall(x);
  }

  /** Resolves the carries still waiting; then slices, complemented and used are final. */
  settle(): void {
    for (let k = 1; k < SLICES; k++) {
      const c = this.#pending[k];
      if (c === undefined) continue;
      this.#pending[k] = undefined;
      this.#arrive(k + 1, this.#halfAdd(this.slices[k]!, c));
    }
    this.used = 0;
    for (let k = 0; k < SLICES; k++) {
      const s = this.slices[k]!;
      if (!this.#present[k]) {
        clear(s);
        this.complemented[k] = false;
      } else if (this.complemented[k] ? cardinality(s) < this.end : cardinality(s) > 0) this.used = k + 1;
    }
  }

  /** The docs whose count is at least 1 (the union of the inputs), written into target. */
  anyInto(target: Bitmap): void {
    // ∪ s_k = s_0 ∪ ~(∩ ~s_k): complemented slices are dense, so this is a few word-wise steps.
    copyInto(target, this.slices[0]!);
    if (this.used < 2) return;
    const all = this.#take();
    copyInto(all, this.slices[1]!);
    for (let k = 2; k < this.used; k++) andInPlace(all, this.slices[k]!);
    complementInPlace(all, this.end);
    orInPlace(target, all);
    this.#free.push(all);
  }

  #take(): Bitmap {
    const b = this.#free.pop();
    if (b !== undefined) return b;
    const fresh = emptyBitmap();
    this.#owned.push(fresh);
    return fresh;
  }

  /** The complement of an input held as array chunks (owned), or undefined for a dense one. */
  #complementOf(x: Bitmap): Bitmap | undefined {
    if (cardinality(x) > this.end * ARRAY_SHARE) return undefined;
    const c = this.#take();
    copyInto(c, x);
    complementInPlace(c, this.end);
    return c;
  }

  /** Level 0 full adder: s0 += a + b, the carry (stored complemented) moves to level 1. */
  #addPair(a: Bitmap, b: Bitmap): void {
    const s = this.slices[0]!;
    const notA = this.#complementOf(a);
    const notB = this.#complementOf(b);
    const t = this.#take();
    let carry: Bitmap; // ~(a ∪ b) first
    if (notA && notB) {
      copyInto(t, notA);
      xorInPlace(t, notB);
      andInPlace(notA, notB);
      carry = notA;
      this.#free.push(notB);
    } else if (notA || notB) {
      const dense = notA ? b : a;
      const not = (notA ?? notB)!;
      copyInto(t, dense);
      xorInPlace(t, not);
      complementInPlace(t, this.end);
      andNotInPlace(not, dense);
      carry = not;
    } else {
      copyInto(t, a);
      xorInPlace(t, b);
      carry = this.#take();
      copyInto(carry, t);
      orInPlace(carry, a);
      complementInPlace(carry, this.end);
    }
    xorInPlace(s, t);
    andInPlace(t, s);
    orInPlace(carry, t);
    this.#free.push(t);
    this.#arrive(1, carry);
  }

  /** Level 0 half adder: s0 += x, the carry ~(s0 ∩ x) = ~s0 ∪ (s0 XOR x) moves to level 1. */
  #addOne(x: Bitmap): void {
    const s = this.slices[0]!;
    if (!this.#present[0]) {
      copyInto(s, x);
      this.#present[0] = true;
      return;
    }
    const carry = this.#take();
    copyInto(carry, s);
    complementInPlace(carry, this.end);
    xorInPlace(s, x);
    orInPlace(carry, s);
    this.#arrive(1, carry);
  }

  /** A small input: its carry is small, added as is (not complemented) up the levels. */
  #addSmall(x: Bitmap): void {
    if (!this.#present[0]) {
      copyInto(this.slices[0]!, x);
      this.#present[0] = true;
      return;
    }
    const carry = this.#take();
    copyInto(carry, x);
    andInPlace(carry, this.slices[0]!);
    xorInPlace(this.slices[0]!, x);
    for (let k = 1; cardinality(carry) > 0; k++) {
      if (k === SLICES) throw tooManyInputs();
      if (!this.#present[k]) {
        complementInPlace(carry, this.end);
        this.#place(k, carry);
        return;
      }
      const s = this.slices[k]!;
      xorInPlace(s, carry);
      andInPlace(carry, s);
    }
    this.#free.push(carry);
  }

  /** A carry (stored complemented, owned) arriving at level k. */
  #arrive(k: number, carry: Bitmap): void {
    if (cardinality(carry) === this.end) {
      this.#free.push(carry); // no carry
      return;
    }
    if (k === SLICES) throw tooManyInputs();
    if (!this.#present[k]) return this.#place(k, carry);
    const waiting = this.#pending[k];
    if (waiting === undefined) {
      this.#pending[k] = carry;
      return;
    }
    this.#pending[k] = undefined;
    this.#arrive(k + 1, this.#fullAdd(this.slices[k]!, waiting, carry));
  }

  /** The first carry at level k becomes its slice (the bitmaps swap places, no copy). */
  #place(k: number, carry: Bitmap): void {
    this.#free.push(this.slices[k]!);
    this.slices[k] = carry;
    this.complemented[k] = true;
    this.#present[k] = true;
  }

  /** ~s += ~c1 + ~c2 in the complement domain; returns ~maj (c1's bitmap). */
  #fullAdd(s: Bitmap, c1: Bitmap, c2: Bitmap): Bitmap {
    const either = this.#take();
    copyInto(either, c1);
    orInPlace(either, c2);
    andInPlace(either, s);
    // s ^ c1 (uncomplemented) is sparse when the slice is: keep the chain half full with stripes.
    const sparse = cardinality(s) > this.end * (1 - STRIPES_BELOW);
    if (sparse) xorInPlace(s, this.#stripes.even);
    xorInPlace(s, c1);
    xorInPlace(s, c2);
    if (sparse) xorInPlace(s, this.#stripes.even);
    andInPlace(c1, c2);
    orInPlace(c1, either); // maj = (c1 ∩ c2) ∪ (s ∩ (c1 ∪ c2))
    this.#free.push(either, c2);
    return c1;
  }

  /** ~s += ~c (half adder); returns ~carry = ~s ∪ ~c (c's bitmap). */
  #halfAdd(s: Bitmap, c: Bitmap): Bitmap {
    const old = this.#take();
    copyInto(old, c);
    orInPlace(c, s);
    // ~s XOR ~c is sparse: go through the stripes, even ^ odd = [0, end) restores the complement.
    xorInPlace(s, this.#stripes.even);
    xorInPlace(s, old);
    xorInPlace(s, this.#stripes.odd);
    this.#free.push(old);
    return c;
  }
}
