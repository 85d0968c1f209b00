import { describe, expect, it } from 'vitest';
import { RecordCache } from '../../../runtime/format/record-cache.ts';

const bytes = (n: number, v = 1) => new Uint8Array(n).fill(v);

describe('the cache of checked records', () => {
  it('keeps records up to its budget in bytes, dropping the least recently used first', () => {
    const c = new RecordCache(100);
    c.set(1, bytes(40));
    c.set(2, bytes(40));
    expect(c.get(1)).toBeDefined(); // 1 is now the most recent
    c.set(3, bytes(40));
    expect([c.get(1) !== undefined, c.get(2) !== undefined, c.get(3) !== undefined]).toEqual([true, false, true]);
    expect(c.size).toBe(2);
  });

  it('keeps a copy, never a view of the caller’s buffer', () => {
    const c = new RecordCache(100);
    const b = bytes(10, 7);
    c.set(1, b);
    b.fill(0);
    expect(Array.from(c.get(1)!)).toEqual(Array(10).fill(7));
  });

  it('keeps nothing larger than its budget, and nothing at all with a budget of 0', () => {
    const c = new RecordCache(10);
    c.set(1, bytes(11));
    expect(c.get(1)).toBeUndefined();
    const off = new RecordCache(0);
    off.set(1, bytes(1));
    expect(off.size).toBe(0);
  });
});
