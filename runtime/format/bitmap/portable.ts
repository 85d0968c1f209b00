/**
 * The portable implementation: pure TypeScript over RoaringFormatSpec bytes (Uint8Array and
 * DataView only: no `node:`, no Buffer, no WebAssembly), for the offline client. Same functions
 * and types as ./native.ts (see ../bitmap.ts for how a bundle picks one); the containers and
 * their operations live in ./portable/.
 */
import { Container, WORDS, contains, extract, fromSorted, fromWords, orIntoWords, popcount, rangeContainer, setRange } from './portable/container.ts';
import { andCardC, andC, andNotC } from './portable/container-ops.ts';
import { PortableBitmap, andB, andNotB, orB, xorB } from './portable/bitmap.ts';
import { deserialize, serialize } from './portable/serial.ts';
import { walkIntersections } from './first-of-intersections.ts';
import { BITMAP_ALIGNMENT, CHUNK, type Bitmap } from './types.ts';

export { BITMAP_ALIGNMENT, type Bitmap };

const p = (b: Bitmap): PortableBitmap => b as unknown as PortableBitmap;
const ps = (bs: readonly Bitmap[]): PortableBitmap[] => bs as unknown as PortableBitmap[];
const w = (b: PortableBitmap): Bitmap => b as unknown as Bitmap;

export function emptyBitmap(): Bitmap {
  return w(new PortableBitmap());
}

export function bitmapOf(values: Iterable<number> | Uint32Array | number[]): Bitmap {
  const sorted = Uint32Array.from(values).sort();
  const b = new PortableBitmap();
  for (let i = 0; i < sorted.length; ) {
    const key = sorted[i]! >>> 16;
    const low = new Uint16Array(Math.min(CHUNK, sorted.length - i));
    let n = 0;
    for (; i < sorted.length && sorted[i]! >>> 16 === key; i++) if (n === 0 || low[n - 1] !== (sorted[i]! & 0xffff)) low[n++] = sorted[i]! & 0xffff;
    b.keys.push(key);
    b.cs.push(fromSorted(low.slice(0, n)));
  }
  return w(b);
}

/** A bitmap of distinct values in any order (a typed-array sort is fast here; the native module needs its own path). */
export function bitmapOfDistinct(values: Uint32Array): Bitmap {
  return bitmapOf(values);
}

/** [start, end) stepping by `step` (1 or 2), one container per chunk. */
function fromRange(start: number, end: number, step: 1 | 2): PortableBitmap {
  const b = new PortableBitmap();
  for (let key = Math.floor(start / CHUNK); key * CHUNK < end; key++) {
    const lo = Math.max(start - key * CHUNK, 0);
    const hi = Math.min(end - key * CHUNK, CHUNK);
    let c: Container | null;
    if (step === 1) c = rangeContainer(lo, hi);
    else {
      const words = new Uint32Array(WORDS).fill(start % 2 === 0 ? 0x55555555 : 0xaaaaaaaa);
      const mask = new Uint32Array(WORDS);
      setRange(mask, lo, hi);
      let card = 0;
      for (let i = 0; i < WORDS; i++) card += popcount((words[i] = words[i]! & mask[i]!));
      c = fromWords(words, card, true);
    }
    if (c === null) continue;
    b.keys.push(key);
    b.cs.push(c);
  }
  return b;
}

/** [0, n): every doc. */
export function rangeBitmap(n: number): Bitmap {
  return w(fromRange(0, Math.max(0, n), 1));
}

/** Portable (RoaringFormatSpec) bytes, run-optimised as the native module writes them. */
export function serializeBitmap(b: Bitmap): Uint8Array {
  return serialize(p(b).keys, p(b).cs);
}

/** Decodes portable bytes into an owned bitmap (copies). */
export function deserializeBitmap(bytes: Uint8Array): Bitmap {
  const b = new PortableBitmap();
  const { keys, containers } = deserialize(bytes, true);
  b.keys = keys;
  b.cs = containers;
  for (const c of containers) c.owner = b;
  return w(b);
}

/** A read-only view over portable bytes (containers over the bytes where aligned; keep `bytes` unchanged). */
export function viewBitmap(bytes: Uint8Array): Bitmap {
  const b = new PortableBitmap();
  const { keys, containers } = deserialize(bytes, false);
  b.keys = keys;
  b.cs = containers;
  b.frozen = true;
  return w(b);
}

/** Bytes for file contents (an ArrayBuffer starts aligned enough for every typed-array view). */
export function alignedBuffer(size: number): Uint8Array {
  return new Uint8Array(size);
}

export function cardinality(b: Bitmap): number {
  return p(b).size();
}

export function has(x: Bitmap, value: number): boolean {
  const b = p(x);
  const i = b.find(value >>> 16);
  return i >= 0 && contains(b.cs[i]!, value & 0xffff);
}

export function add(target: Bitmap, value: number): void {
  const b = p(target).writable();
  if (!has(target, value)) orB(b, p(bitmapOf([value])), b);
}

export function clear(target: Bitmap): void {
  const b = p(target).writable();
  b.keys = [];
  b.cs = [];
}

export function freeze(b: Bitmap): void {
  p(b).frozen = true;
}

export function isFrozen(b: Bitmap): boolean {
  return p(b).frozen;
}

/** The intersection as a new bitmap, smallest operands first. */
export function and(bitmaps: readonly Bitmap[]): Bitmap {
  if (bitmaps.length === 0) throw new Error('and() of no bitmaps');
  const sorted = [...ps(bitmaps)].sort((a, b) => a.size() - b.size());
  if (sorted.length === 1) return w(orB(sorted[0]!, new PortableBitmap()));
  let out = andB(sorted[0]!, sorted[1]!);
  for (let i = 2; i < sorted.length && out.keys.length > 0; i++) out = andB(out, sorted[i]!, out);
  return w(out);
}

/** The union of many: per chunk, the containers ORed into one set of words. */
export function or(bitmaps: readonly Bitmap[]): Bitmap {
  const bs = ps(bitmaps);
  if (bs.length <= 2) return w(orB(bs[0] ?? new PortableBitmap(), bs[1] ?? new PortableBitmap()));
  const byKey = new Map<number, Container[]>();
  for (const b of bs) b.keys.forEach((k, i) => (byKey.get(k) ?? byKey.set(k, []).get(k)!).push(b.cs[i]!));
  const out = new PortableBitmap();
  for (const key of [...byKey.keys()].sort((x, y) => x - y)) {
    const cs = byKey.get(key)!;
    let c: Container;
    if (cs.length === 1) (c = cs[0]!), (c.owner = null);
    else {
      const words = new Uint32Array(WORDS);
      for (const x of cs) orIntoWords(words, x);
      let card = 0;
      for (let i = 0; i < WORDS; i++) card += popcount(words[i]!);
      (c = fromWords(words, card, true)!), (c.owner = out);
    }
    out.keys.push(key);
    out.cs.push(c);
  }
  return w(out);
}

export const andNot = (a: Bitmap, b: Bitmap): Bitmap => w(andNotB(p(a), p(b)));
export const intersect = (a: Bitmap, b: Bitmap): Bitmap => w(andB(p(a), p(b)));
export const xor = (a: Bitmap, b: Bitmap): Bitmap => w(xorB(p(a), p(b)));

/** Empties an owned temporary (the garbage collector frees it; nothing is held outside the heap here). */
export function release(b: Bitmap): void {
  clear(b);
}

/** |a ∩ b| without building it. */
export function intersectionSize(x: Bitmap, y: Bitmap): number {
  const a = p(x);
  const b = p(y);
  let n = 0;
  for (let i = 0, j = 0; i < a.keys.length && j < b.keys.length; ) {
    if (a.keys[i] === b.keys[j]) n += andCardC(a.cs[i++]!, b.cs[j++]!);
    else if (a.keys[i]! < b.keys[j]!) i++;
    else j++;
  }
  return n;
}

export function intersectionSize3(a: Bitmap, b: Bitmap, c: Bitmap): number {
  return intersectionSize(w(andB(p(a), p(b))), c);
}

export function copyInto(target: Bitmap, source: Bitmap): void {
  const t = p(target).writable();
  const s = p(source);
  if (t === s) return;
  for (const c of s.cs) c.owner = null; // shared now: copy on write for both
  t.keys = s.keys.slice();
  t.cs = s.cs.slice();
}

export const andInPlace = (target: Bitmap, b: Bitmap): void => void andB(p(target).writable(), p(b), p(target));
export const andNotInPlace = (target: Bitmap, b: Bitmap): void => void andNotB(p(target).writable(), p(b), p(target));
export const orInPlace = (target: Bitmap, b: Bitmap): void => void orB(p(target).writable(), p(b), p(target));
export const xorInPlace = (target: Bitmap, b: Bitmap): void => void xorB(p(target).writable(), p(b), p(target));

/** target := [0, end) ∖ target, for a target inside [0, end). */
export function complementInPlace(target: Bitmap, end: number): void {
  xorInPlace(target, rangeBitmap(end));
}

/** The values of [0, end) congruent to `phase` mod 2. */
export function stripedBitmap(end: number, phase: 0 | 1): Bitmap {
  return w(end > phase ? fromRange(phase, end, 2) : new PortableBitmap());
}

/** One past the last 2^16-doc chunk holding a value of any of the bitmaps (0 when all are empty). */
export function chunkedEnd(bitmaps: readonly Bitmap[]): number {
  let end = 0;
  for (const b of ps(bitmaps)) if (b.keys.length > 0) end = Math.max(end, (b.keys[b.keys.length - 1]! + 1) * CHUNK);
  return end;
}

/** The values at ranks [offset, offset + limit), ascending. */
export function page(x: Bitmap, offset: number, limit: number): Uint32Array {
  const b = p(x);
  const out = new Uint32Array(Math.max(0, Math.min(limit, b.size() - offset)));
  let at = 0;
  let skip = offset;
  for (let i = 0; i < b.cs.length && at < out.length; i++) {
    const c = b.cs[i]!;
    if (skip >= c.card) {
      skip -= c.card;
      continue;
    }
    at = extract(c, skip, out.length - at, b.keys[i]! * CHUNK, out, at);
    skip = 0;
  }
  return out;
}

/** Every value in ascending order, written into `out` when it is large enough. */
export function toUint32Array(b: Bitmap, out?: Uint32Array): Uint32Array {
  const size = cardinality(b);
  if (out === undefined || out.length < size) return page(b, 0, size);
  out.set(page(b, 0, size));
  return out.subarray(0, size);
}

export function toArray(b: Bitmap): number[] {
  return Array.from(toUint32Array(b));
}

/** The values at ranks [offset, offset + limit) of (base ∩ every `and`) ∖ `not`, chunk by chunk. */
export function pageOfCombination(baseBitmap: Bitmap, andBitmaps: readonly Bitmap[], notBitmap: Bitmap | undefined, offset: number, limit: number): Uint32Array {
  const base = p(baseBitmap);
  const ands = ps(andBitmaps);
  const not = notBitmap === undefined ? undefined : p(notBitmap);
  if (limit <= 0) return new Uint32Array(0);
  const out = new Uint32Array(limit);
  let filled = 0;
  let seen = 0;
  for (let i = 0; i < base.keys.length && filled < limit; i++) {
    const key = base.keys[i]!;
    let c: Container | null = base.cs[i]!;
    for (const x of ands) c = c && andWith(c, x, key);
    if (c && not) {
      const k = not.find(key);
      if (k >= 0) c = andNotC(c, not.cs[k]!);
    }
    if (c === null) continue;
    if (seen + c.card > offset) {
      const from = Math.max(0, offset - seen);
      filled = extract(c, from, limit - filled, key * CHUNK, out, filled);
    }
    seen += c.card;
  }
  return out.subarray(0, filled);
}

/** c ∩ x's container for the same key (null when x has none). */
function andWith(c: Container, x: PortableBitmap, key: number): Container | null {
  const k = x.find(key);
  return k < 0 ? null : andC(c, x.cs[k]!);
}

/** The first `limit` values, ascending, of the union of a_i ∩ b_i over disjoint a_i (see ./native.ts). */
export function firstOfIntersections(
  pairBitmaps: readonly (readonly [Bitmap, Bitmap])[],
  limit: number,
  maxChunks: number,
): { values: number[]; pair: number[]; complete: boolean } {
  const pairs = pairBitmaps as unknown as readonly (readonly [PortableBitmap, PortableBitmap])[];
  let first = Infinity;
  let last = -1;
  for (const [a] of pairs) {
    if (a.keys.length === 0) continue;
    first = Math.min(first, a.keys[0]!);
    last = Math.max(last, a.keys[a.keys.length - 1]!);
  }
  return walkIntersections(pairs.length, first, last, limit, maxChunks, (i, c, want) => {
    const [a, b] = pairs[i]!;
    const k = a.find(c);
    if (k < 0) return undefined;
    const part = andWith(a.cs[k]!, b, c);
    if (part === null) return [];
    const out = new Uint32Array(Math.min(want, part.card));
    extract(part, 0, want, c * CHUNK, out, 0);
    return out;
  });
}
