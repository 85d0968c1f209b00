/**
 * The portable bitmap itself: sorted keys (the high 16 bits) and one container per key, plus the
 * whole-bitmap operations built from the container ones by walking both key lists.
 */
import { BITSET, Container } from './container.ts';
import { andC, andNotC, orC, xorC } from './container-ops.ts';

export class PortableBitmap {
  keys: number[] = [];
  cs: Container[] = [];
  /** A view over bytes, or given to freeze(): in-place operations throw. */
  frozen = false;

  /** The index of `key`, or −1. */
  find(key: number): number {
    const k = this.keys;
    let lo = 0;
    let hi = k.length - 1;
    while (lo <= hi) {
      const mid = (lo + hi) >>> 1;
      const x = k[mid]!;
      if (x === key) return mid;
      if (x < key) lo = mid + 1;
      else hi = mid - 1;
    }
    return -1;
  }

  size(): number {
    let n = 0;
    for (const c of this.cs) n += c.card;
    return n;
  }

  writable(): this {
    if (this.frozen) throw new Error('the bitmap is frozen (a view over index bytes, or frozen after it was built)');
    return this;
  }
}

/** A container placed in `owner`: kept as its own when just built, else shared (copy on write). */
function adopt(owner: PortableBitmap, c: Container, ...inputs: Container[]): Container {
  if (inputs.includes(c)) {
    if (c.owner !== owner) c.owner = null;
  } else c.owner = owner;
  return c;
}

type ContainerOp = (a: Container, b: Container, into?: Uint32Array) => Container | null;

/**
 * a op b for AND, OR, AND NOT or XOR; into `target` (which may be `a`, and then bitset words a
 * owns are reused) or a new bitmap. `keepA`/`keepB`: whether a chunk only one side holds is kept.
 */
function combine(op: ContainerOp, keepA: boolean, keepB: boolean, a: PortableBitmap, b: PortableBitmap, target: PortableBitmap): PortableBitmap {
  const keys: number[] = [];
  const cs: Container[] = [];
  const inPlace = target === a;
  let i = 0;
  let j = 0;
  while (i < a.keys.length || j < b.keys.length) {
    const ka = i < a.keys.length ? a.keys[i]! : Infinity;
    const kb = j < b.keys.length ? b.keys[j]! : Infinity;
    if (ka === kb) {
      const x = a.cs[i++]!;
      const y = b.cs[j++]!;
      const into = inPlace && x.owner === target && x.kind === BITSET ? x.words : undefined;
      const c = op(x, y, into);
      if (c !== null) keys.push(ka), cs.push(adopt(target, c, x, y));
    } else if (ka < kb) {
      const x = a.cs[i++]!;
      if (keepA) keys.push(ka), cs.push(adopt(target, x, x));
    } else {
      const y = b.cs[j++]!;
      if (keepB) keys.push(kb), cs.push(adopt(target, y, y));
    }
  }
  target.keys = keys;
  target.cs = cs;
  return target;
}

export const andB = (a: PortableBitmap, b: PortableBitmap, target = new PortableBitmap()) => combine(andC, false, false, a, b, target);
export const orB = (a: PortableBitmap, b: PortableBitmap, target = new PortableBitmap()) => combine(orC, true, true, a, b, target);
export const andNotB = (a: PortableBitmap, b: PortableBitmap, target = new PortableBitmap()) => combine(andNotC, true, false, a, b, target);
export const xorB = (a: PortableBitmap, b: PortableBitmap, target = new PortableBitmap()) => combine(xorC, true, true, a, b, target);
